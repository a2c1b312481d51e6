import { CHANNEL_CURRENCIES, CHANNEL_PATHS, checkoutAddress, twoDecimals } from '../contract/common.js';
import { channelDetails } from './details.js';
import { fieldWarning } from '../contract/warnings.js';
import { SandboxError } from '../contract/errors.js';
import { bankCodes } from './banks.js';
import { cachedQrDataUri, len, oneOf, sampleQrPayload, singleFilter } from './common.js';
import { clampMinutes, readMinutes } from './expiry.js';
import { checkColombianDocument } from './shopper-documents.js';
import type { ChannelRules, ExpiryInput, MethodInput, MethodResult, PrepareInput, Prepared } from './types.js';

/** Channel 17's methods: its documented filter_by values. */
export const CH17_METHODS = ['bankredirect', 'wallet_push', 'bank_page', 'instant_qr', 'instant_key'] as const;
type Ch17Method = (typeof CH17_METHODS)[number];
const isMethod = (v: string): v is Ch17Method => (CH17_METHODS as readonly string[]).includes(v);

/** Fixed effective expiries; `time_expired` is ignored for these methods. */
const FIXED_MINUTES: Partial<Record<Ch17Method, number>> = { bankredirect: 10, bank_page: 10, wallet_push: 15 };
const DEFAULT_MINUTES = 120;

/** The sandbox's fixed instant-payment key (the payer transfers the exact amount to it). */
export const SANDBOX_INSTANT_KEY = '@pasarelasandbox';

const BANK_FILE = 'colombia-ch17-bank-codes.json' as const;

function resolveMethod(input: MethodInput): MethodResult {
  const fb = singleFilter(input);
  if (fb === undefined) {
    if (input.direct)
      throw new SandboxError('FILTER_BY_REQUIRED', `filter_by is required with direct_integration: one of ${CH17_METHODS.join(', ')}`);
    if (input.userBankCode) input.warnings.push(fieldWarning('user_bank_code_bankredirect_only', 'user_bank_code', input.userBankCode));
    return { method: null, userBankCode: null };
  }
  if (fb.length > 21 || !isMethod(fb)) {
    const hint = isMethod(fb.toLowerCase()) ? ' (values are lowercase and matched exactly)' : '';
    throw new SandboxError(
      'INVALID_FILTER_BY',
      `filter_by "${fb.slice(0, 40)}" is not supported${hint}; use one of ${CH17_METHODS.join(', ')}`,
    );
  }
  if (fb !== 'bankredirect') {
    if (input.userBankCode)
      input.warnings.push(fieldWarning('user_bank_code_not_for_method', 'user_bank_code', input.userBankCode, { method: fb }));
    return { method: fb, userBankCode: null };
  }
  const code = input.userBankCode?.trim() ?? '';
  if (code === '') {
    if (input.direct)
      throw new SandboxError('USERBANK_CODE_REQUIRED', 'user_bank_code is required for filter_by=bankredirect with direct_integration');
    throw new SandboxError('INVALID_USER_BANK_CODE', 'user_bank_code is required when filter_by is bankredirect');
  }
  const codes = bankCodes(BANK_FILE);
  if (!codes.has(code)) {
    // Standard integration forwards a well-formed code to the provider, which decides.
    if (!input.direct && /^\d{4}$/.test(code)) {
      input.warnings.push(fieldWarning('bank_code_unlisted', 'user_bank_code', code));
    } else {
      throw new SandboxError(
        'INVALID_BANK_CODE',
        `user_bank_code "${code.slice(0, 10)}" is not accepted; accepted codes: ${[...codes].join(', ')}`,
      );
    }
  }
  return { method: fb, userBankCode: code };
}

function expiry(input: ExpiryInput): number {
  const m = input.method;
  const raw = input.raw?.trim() ?? '';
  const fixed = m && isMethod(m) ? FIXED_MINUTES[m] : undefined;
  if (fixed !== undefined) {
    if (raw !== '' && raw !== String(fixed))
      input.warnings.push(fieldWarning('time_expired_fixed', 'time_expired', raw, { minutes: fixed, method: m ?? '' }));
    return fixed;
  }
  if (raw === '') return DEFAULT_MINUTES;
  const n = readMinutes(raw);
  if (m === 'instant_qr' || m === 'instant_key') return clampMinutes(n, 5, 4320, input.warnings);
  if (n < 1) throw new SandboxError('INVALID_TIME', `time_expired must be at least 1 minute (got ${n})`);
  return n;
}

const WALLET_STEPS = [
  { step_number: 1, title: 'Open your wallet app', description: 'Open the wallet app linked to the phone number you entered.' },
  {
    step_number: 2,
    title: 'Find the pending charge',
    description: 'Go to notifications or pending payments and open the charge from the merchant.',
  },
  { step_number: 3, title: 'Approve the payment', description: 'Check the amount and approve it before the charge expires.' },
];

async function prepare(p: PrepareInput): Promise<Prepared> {
  const address = checkoutAddress(p.base, { channel: 17, token: p.token });
  switch (p.method) {
    case 'bankredirect':
    case 'bank_page':
      return { details: { payment_link: address }, direct: () => ({ payment_link: address }) };
    case 'instant_qr': {
      // A fixed sample per merchant and amount: the service's sandbox answers fixed sample values.
      const qr_value = sampleQrPayload({
        scheme: 'CO.SANDBOX.INSTANT',
        merchantName: p.merchant.name,
        city: 'BOGOTA',
        country: 'CO',
        currencyNumeric: '170',
        amount: p.amount,
        reference: `SANDBOX-MID${p.merchant.id}`,
      });
      const qr_code = p.direct ? await cachedQrDataUri(qr_value) : undefined;
      return { details: { qr_value }, direct: (id) => ({ operation_id: id, qr_value, qr_code }) };
    }
    case 'instant_key':
      return { details: { key_value: SANDBOX_INSTANT_KEY }, direct: (id) => ({ operation_id: id, key_value: SANDBOX_INSTANT_KEY }) };
    case 'wallet_push': {
      const body = (id: number) => ({
        operation_id: id,
        expired_at: new Date(p.expiresAt).toISOString(),
        amount: twoDecimals(p.amountCents),
        status: 'pending',
        steps: WALLET_STEPS,
      });
      return { details: { provider_status: 'pending', steps: WALLET_STEPS }, direct: body };
    }
    default:
      return { details: {} };
  }
}

/** Channel 17. Checkout page: server/checkout/ch17-page.ts; notification extras: delivery/extras.ts reads `notification` and `details`. */
export const channel17 = {
  id: 17,
  method: 'Bank transfer, wallet push, instant-payment QR or key',
  path: CHANNEL_PATHS[17],
  notification: { family: 'bank_transfer', rejectionNotice: true },
  details: channelDetails('payment_link', 'qr_value', 'key_value', 'provider_status', 'steps'),
  currencies: CHANNEL_CURRENCIES[17],
  wholeAmounts: true,
  timeExpiredOptional: true,
  jsonBodies: true,
  supportsDirect: true,
  shopper: {
    codes: 'ch17',
    fields: {
      type_doc_identi: len(4),
      Num_doc_identi: len(20),
      country_code: oneOf(4, '+57'),
      Phone: len(10),
      country: oneOf(3, 'COL'),
    },
    check({ shopper }) {
      checkColombianDocument(shopper.type_doc_identi!, shopper.Num_doc_identi!, false);
      if (!/^\d{9,10}$/.test(shopper.Phone!))
        throw new SandboxError('SHOPPER_INVALID_PHONE', 'shopper_information.Phone must have 9 or 10 digits');
    },
  },
  resolveMethod,
  expiry,
  prepare,
} satisfies ChannelRules;
