import { CARD_FAILURES } from '../contract/checkout.js';
import { fieldWarning } from '../contract/warnings.js';
import { CHANNEL_CURRENCIES, CHANNEL_PATHS, checkoutAddress } from '../contract/common.js';
import { channelDetails } from './details.js';
import { SandboxError } from '../contract/errors.js';
import { len, numericReference, oneOf, singleFilter, voucherReferenceOf } from './common.js';
import { suggestedExpiry } from './expiry.js';
import { checkColombianDocument } from './shopper-documents.js';
import type { ChannelRules, MethodInput, MethodResult, PrepareInput, Prepared, ShopperCheckInput } from './types.js';

/** filter_by value → stored filter (the service's channel 36 table); null is the unified checkout. */
export const CH36_FILTERS: Record<string, string | null> = {
  checkout: null,
  all: null,
  card: 'card',
  bank_account: 'bank_account',
  cash: 'cash',
  link: 'link',
};

/** Channel 36's cash voucher reference length (channel 38's is 14). */
const CH36_VOUCHER_DIGITS = 12;

/** `tok_decline_<code>` as gateway_source_id declines with that card failure code. */
export const DECLINE_SOURCE_PREFIX = 'tok_decline_';

/** Online-bank (bank_account) payments need an address and a city, under either name. */
const ADDRESS_KEYS = ['adress_shopper', 'address'];
const CITY_KEYS = ['city_shopper', 'city'];
const present = (s: Record<string, string>, keys: string[]) => keys.some((k) => (s[k] ?? '').trim() !== '');

/** The general phone validator: digits with an optional + and common separators, 7 to 15 digits. */
const GENERAL_PHONE = /^\+?[\d\s()-]+$/;

function check({ shopper, filterBy }: ShopperCheckInput): void {
  checkColombianDocument(shopper.type_doc_identi!, shopper.Num_doc_identi!, true);
  const phone = shopper.Phone!;
  const digits = phone.replace(/\D/g, '').length;
  if (!GENERAL_PHONE.test(phone) || digits < 7 || digits > 15) {
    throw new SandboxError('SHOPPER_INVALID_PHONE', 'shopper_information.Phone is not a valid phone number (7 to 15 digits)');
  }
  if (filterBy?.trim() === 'bank_account') {
    if (!present(shopper, ADDRESS_KEYS) || !present(shopper, CITY_KEYS)) {
      throw new SandboxError(
        'SHOPPER_PSE_ADDRESS_REQUIRED',
        'online-bank payments (filter_by=bank_account) need shopper_information.adress_shopper (or address) and city_shopper (or city)',
      );
    }
    if (!/^\d{10}$/.test(phone))
      throw new SandboxError('SHOPPER_INVALID_PHONE', 'shopper_information.Phone must be exactly 10 digits for filter_by=bank_account');
  }
}

function resolveMethod(input: MethodInput): MethodResult {
  const fb = singleFilter(input);
  if (input.userBankCode)
    input.warnings.push(fieldWarning('user_bank_code_bank_page', 'user_bank_code', input.userBankCode, { channel: 36 }));
  if (fb === undefined) return { method: null, userBankCode: null };
  if (!(fb in CH36_FILTERS)) {
    throw new SandboxError('INVALID_FILTER_BY', `filter_by "${fb.slice(0, 40)}" is not one of ${Object.keys(CH36_FILTERS).join(', ')}`);
  }
  return { method: CH36_FILTERS[fb] ?? null, userBankCode: null };
}

function prepare(p: PrepareInput): Prepared {
  const source = p.fields.gateway_source_id?.trim() ?? '';
  if (source && p.method !== 'card') p.warnings.push(fieldWarning('gateway_source_id_card_only', 'gateway_source_id', source));
  switch (p.method) {
    case 'bank_account':
      return { details: {}, checkoutUrl: checkoutAddress(p.base, { bankSelection: true, token: p.token }) };
    case 'cash':
      return { details: { voucher_reference: voucherReferenceOf(p.token, CH36_VOUCHER_DIGITS) } };
    case 'link':
      return { details: { payment_link: checkoutAddress(p.base, { channel: 36, token: p.token }) } };
    case 'card': {
      if (!source) return { details: {} };
      // A tokenised charge happens at creation: the outcome follows at once.
      const code = source.startsWith(DECLINE_SOURCE_PREFIX) ? source.slice(DECLINE_SOURCE_PREFIX.length) : '';
      const failure = code in CARD_FAILURES ? CARD_FAILURES[code as keyof typeof CARD_FAILURES] : undefined;
      if (failure) {
        return {
          details: { card_charge: { gateway_source_id: source, status: 'declined', code, message: failure } },
          outcome: {
            to: 'rejected',
            details: { card_failure_code: code, rejection_code: code, rejection_message: failure, gateway_source_id: source },
          },
        };
      }
      const authorization_code = numericReference(p.token, 6, 'auth');
      return {
        details: { card_charge: { gateway_source_id: source, status: 'approved', authorization_code } },
        outcome: { to: 'confirmed', details: { gateway_source_id: source, authorization_code } },
      };
    }
    default:
      return { details: {} };
  }
}

/**
 * Channel 36. Checkout page: server/checkout/ch36-page.ts (card form: ch36-card-form.ts);
 * notification extras: delivery/extras.ts reads `notification` and `details`.
 */
export const channel36 = {
  id: 36,
  method: 'Multi-method: card, online bank, cash at store, payment link',
  path: CHANNEL_PATHS[36],
  notification: { family: 'card', rejectionNotice: false },
  details: channelDetails('voucher_reference', 'payment_link', 'card_charge', 'card'),
  currencies: CHANNEL_CURRENCIES[36],
  minAmount: 1000,
  supportsDirect: false,
  shopper: {
    codes: 'ch36',
    fields: { type_doc_identi: len(255), Num_doc_identi: len(255), country_code: len(10), Phone: len(20), country: oneOf(20, 'COL') },
    check,
  },
  resolveMethod,
  // Suggested minimums: online 30 minutes, cash 2 hours (warnings only).
  expiry: suggestedExpiry((m) => (m === 'cash' ? 120 : 30), 'method'),
  voucherDigits: CH36_VOUCHER_DIGITS,
  prepare,
} satisfies ChannelRules;
