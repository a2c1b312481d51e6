import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { fieldWarning } from '../contract/warnings.js';
import { SandboxError } from '../contract/errors.js';
import { documented, len, sampleQrPayload, singleFilter } from './common.js';
import { minimumExpiry } from './expiry.js';
import type { ChannelRules, MethodInput, MethodResult, PrepareInput, Prepared } from './types.js';

/** Channel 40: filter_by is required and fixes the QR method. */
export const CH40_METHODS = ['efimero', 'efimero_v2'] as const;

function qrMethod(input: MethodInput): MethodResult {
  const fb = singleFilter(input);
  if (fb === undefined) throw new SandboxError('FILTER_BY_REQUIRED', `filter_by is required on channel 40: ${CH40_METHODS.join(' or ')}`);
  if (!(CH40_METHODS as readonly string[]).includes(fb)) {
    throw new SandboxError('INVALID_FILTER_BY', `filter_by "${fb.slice(0, 40)}" is not supported; use ${CH40_METHODS.join(' or ')}`);
  }
  if (input.userBankCode)
    input.warnings.push(fieldWarning('user_bank_code_not_on_channel', 'user_bank_code', input.userBankCode, { channel: 40 }));
  return { method: fb, userBankCode: null };
}

/**
 * Channel 40. Checkout page: server/checkout/ch35-ch40-page.ts;
 * notification extras: delivery/extras.ts reads `notification` and `details`.
 */
export const channel40 = {
  id: 40,
  method: 'Bank transfer by QR',
  path: CHANNEL_PATHS[40],
  notification: { family: 'bank_transfer', rejectionNotice: false, fallbackBank: 'Banco QR Sandbox' },
  details: channelDetails('qr_value'),
  currencies: CHANNEL_CURRENCIES[40],
  supportsDirect: false,
  shopper: {
    codes: 'ch17',
    fields: {
      type_doc_identi: documented(255, 'CI', 'RUT', 'PAS', 'DNI'),
      Num_doc_identi: len(255),
      country_code: len(10),
      Phone: len(20),
      country: documented(3, 'PER'),
    },
  },
  resolveMethod: qrMethod,
  expiry: minimumExpiry(30),
  prepare: (p: PrepareInput): Prepared => ({
    details: {
      qr_value: sampleQrPayload({
        scheme: p.method === 'efimero_v2' ? 'PE.SANDBOX.QR2' : 'PE.SANDBOX.QR',
        merchantName: p.merchant.name,
        city: 'LIMA',
        country: 'PE',
        currencyNumeric: '604',
        amount: p.amount,
        reference: p.token.slice(0, 25),
      }),
    },
  }),
} satisfies ChannelRules;
