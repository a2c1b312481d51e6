import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { fieldWarning } from './warnings.js';
import { SandboxError } from '../http/errors.js';
import { documented, len, noMethod, numericReference, oneOf, qrBase64, sampleQrPayload, singleFilter } from './common.js';
import { minimumExpiry, plainExpiry, suggestedExpiry } from './expiry.js';
import type { ChannelRules, MethodInput, MethodResult, PrepareInput, Prepared } from './types.js';

export const channel30 = {
  id: 30,
  method: 'Bank transfer',
  path: CHANNEL_PATHS[30],
  notification: { family: 'bank_transfer', rejectionNotice: false },
  details: channelDetails(),
  currencies: CHANNEL_CURRENCIES[30],
  minAmount: 1000,
  supportsDirect: false,
  shopper: {
    codes: 'ch17',
    // `address` is an extra required key holding a JSON string (its inner structure is not shown).
    fields: { type_doc_identi: len(255), Num_doc_identi: len(255), country_code: len(10), Phone: len(20), address: len(2000) },
    check({ shopper }) {
      let inner: unknown;
      try {
        inner = JSON.parse(shopper.address!);
      } catch {
        inner = undefined;
      }
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
        throw new SandboxError('SHOPPERINFO_BAD_FORMAT', 'shopper_information.address must be a JSON string of an object, e.g. "{\\"street\\":\\"Av. Arequipa 123\\",\\"city\\":\\"Lima\\"}"');
      }
    },
  },
  resolveMethod: noMethod,
  expiry: plainExpiry(),
} satisfies ChannelRules;

/** The bank channel channel 35's direct response names (sandbox choice, documented). */
export const CH35_BANK_CHANNEL = 'Banca por Internet (sandbox)';

/**
 * Channel 35. The consumer code is what the shopper enters in the bank app or website. Direct
 * integration: operation_id, consumer_code, deeplink_url, bank_channel and `qr_image` (the QR as
 * bare base64 PNG, the field name the sandbox chose).
 */
async function prepare35(p: PrepareInput): Promise<Prepared> {
  const consumer_code = numericReference(p.token, 10, 'consumer');
  const deeplink_url = `${p.base}/check-out/?channel=35&tokenID=${p.token}&platform=1&app=1`;
  const qr_image = p.direct ? await qrBase64(deeplink_url) : undefined;
  return {
    details: { consumer_code, deeplink_url, bank_channel: CH35_BANK_CHANNEL },
    direct: (id) => ({ operation_id: id, consumer_code, deeplink_url, bank_channel: CH35_BANK_CHANNEL, qr_image }),
  };
}

export const channel35 = {
  id: 35,
  method: 'Bank transfer, bank app or website',
  path: CHANNEL_PATHS[35],
  notification: { family: 'bank_transfer', rejectionNotice: false, fallbackBank: 'Banca Sandbox Perú' },
  details: channelDetails('consumer_code', 'deeplink_url', 'bank_channel'),
  currencies: CHANNEL_CURRENCIES[35],
  supportsDirect: true,
  shopper: {
    codes: 'ch17',
    fields: {
      type_doc_identi: oneOf(3, 'CI', 'RUT', 'PAS', 'DNI'),
      Num_doc_identi: len(12),
      country_code: documented(4, '+51'),
      Phone: len(12),
      country: documented(3, 'PER'),
    },
  },
  resolveMethod: noMethod,
  expiry: suggestedExpiry(120),
  prepare: prepare35,
} satisfies ChannelRules;

/** Channel 40: filter_by is required and fixes the QR method. */
export const CH40_METHODS = ['efimero', 'efimero_v2'] as const;

function qrMethod(input: MethodInput): MethodResult {
  const fb = singleFilter(input);
  if (fb === undefined) throw new SandboxError('FILTER_BY_REQUIRED', `filter_by is required on channel 40: ${CH40_METHODS.join(' or ')}`);
  if (!(CH40_METHODS as readonly string[]).includes(fb)) {
    throw new SandboxError('INVALID_FILTER_BY', `filter_by "${fb.slice(0, 40)}" is not supported; use ${CH40_METHODS.join(' or ')}`);
  }
  if (input.userBankCode) input.warnings.push(fieldWarning('user_bank_code', input.userBankCode, 'the spec has no user_bank_code on channel 40', 'ignored'));
  return { method: fb, userBankCode: null };
}

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
        scheme: p.method === 'efimero_v2' ? 'PE.SANDBOX.QR2' : 'PE.SANDBOX.QR', merchantName: p.merchant.name, city: 'LIMA',
        country: 'PE', currencyNumeric: '604', amount: p.amount, reference: p.token.slice(0, 25),
      }),
    },
  }),
} satisfies ChannelRules;
