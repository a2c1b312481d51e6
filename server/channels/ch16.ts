import { CHANNEL_CURRENCIES, CHANNEL_PATHS, checkoutAddress, twoDecimals } from '../contract/common.js';
import { channelDetails } from './details.js';
import { fieldWarning } from '../contract/warnings.js';
import { SandboxError } from '../contract/errors.js';
import { documented, len, numericReference, singleFilter } from './common.js';
import { suggestedExpiry } from './expiry.js';
import type { ChannelRules, MethodInput, MethodResult, PrepareInput, Prepared } from './types.js';

/**
 * Channel 16 (alternative payment methods). The service does not document its filter_by values: any
 * single value (letters, digits, _ and -, up to 50) is stored as the method; empty means all
 * methods.
 */
function method16(input: MethodInput): MethodResult {
  const fb = singleFilter(input);
  if (input.userBankCode)
    input.warnings.push(fieldWarning('user_bank_code_not_on_channel', 'user_bank_code', input.userBankCode, { channel: 16 }));
  if (fb === undefined) return { method: null, userBankCode: null };
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(fb)) {
    throw new SandboxError('INVALID_FILTER_BY', 'filter_by on channel 16 is one method name: letters, digits, _ or -, up to 50 characters');
  }
  return { method: fb, userBankCode: null };
}

/**
 * Direct integration (fields chosen by the sandbox): operation_id, reference (the payment
 * reference the shopper quotes at the payment point), payment_url, expired_at, amount, currency.
 */
function prepare16(p: PrepareInput): Prepared {
  const reference = numericReference(p.token, 12, 'apm');
  const payment_url = checkoutAddress(p.base, { channel: 16, token: p.token });
  return {
    details: { payment_reference: reference },
    direct: (id) => ({
      operation_id: id,
      reference,
      payment_url,
      expired_at: new Date(p.expiresAt).toISOString(),
      amount: twoDecimals(p.amountCents),
      currency: p.currency,
    }),
  };
}

/** Channel 16. Checkout page: server/checkout/ch16-page.ts; notification extras: delivery/extras.ts reads `notification` and `details`. */
export const channel16 = {
  id: 16,
  method: 'Alternative payment methods',
  path: CHANNEL_PATHS[16],
  notification: { family: 'cash', rejectionNotice: false },
  details: channelDetails('payment_reference'),
  currencies: CHANNEL_CURRENCIES[16],
  supportsDirect: true,
  shopper: {
    codes: 'ch17',
    fields: {
      type_doc_identi: len(3),
      Num_doc_identi: len(12),
      country_code: documented(4, '+57'),
      Phone: len(12),
      country: documented(3, 'MEX'),
    },
  },
  resolveMethod: method16,
  expiry: suggestedExpiry(1440, 'online'),
  prepare: prepare16,
} satisfies ChannelRules;
