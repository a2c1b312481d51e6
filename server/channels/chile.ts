import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { fieldWarning } from './warnings.js';
import { SandboxError } from '../http/errors.js';
import { bankCodes, bankList } from './banks.js';
import { documented, len, noMethod, oneOf, optionalFilter, qrDataUri, sampleQrPayload, twoDecimals } from './common.js';
import { minimumExpiry, suggestedExpiry } from './expiry.js';
import type { ChannelRules, MethodInput, MethodResult, PrepareInput, Prepared, ShopperRules } from './types.js';

/** Channels 5 and 11 share the spec's shopper row ("as channel 5"); no `country` key. */
const CHILE_BANK_SHOPPER: ShopperRules = {
  codes: 'ch17',
  fields: { type_doc_identi: len(255), Num_doc_identi: len(255), country_code: len(10), Phone: len(20) },
};

export const channel5 = {
  id: 5,
  method: 'Bank transfer',
  path: CHANNEL_PATHS[5],
  notification: { family: 'bank_transfer', rejectionNotice: false },
  details: channelDetails('bank'),
  currencies: CHANNEL_CURRENCIES[5],
  supportsDirect: false,
  shopper: CHILE_BANK_SHOPPER,
  // filter_by `cl_<bank>` routes to one bank: seven banks plus the sandbox-only cl_test.
  resolveMethod: optionalFilter(() => bankCodes('chile-ch5.json')),
  expiry: minimumExpiry(30),
  prepare: (p: PrepareInput): Prepared => ({
    details: p.method ? { bank: bankList('chile-ch5.json').find((b) => b.code === p.method)?.name } : {},
  }),
} satisfies ChannelRules;

/** Channel 11: optional user_bank_code among 22 institutions; filter_by is not used. */
function institution(input: MethodInput): MethodResult {
  if (input.filterBy) input.warnings.push(fieldWarning('filter_by', input.filterBy, 'the spec selects the institution on channel 11 with user_bank_code', 'ignored'));
  const code = input.userBankCode?.trim() ?? '';
  if (code === '') return { method: null, userBankCode: null };
  const codes = bankCodes('chile-ch11-institutions.json');
  if (!codes.has(code)) {
    throw new SandboxError('INVALID_BANK_CODE', `user_bank_code "${code.slice(0, 40)}" is not a supported institution; accepted: ${[...codes].join(', ')}`);
  }
  return { method: null, userBankCode: code };
}

export const channel11 = {
  id: 11,
  method: 'Bank transfer',
  path: CHANNEL_PATHS[11],
  notification: { family: 'bank_transfer', rejectionNotice: false },
  details: channelDetails('institution'),
  currencies: CHANNEL_CURRENCIES[11],
  supportsDirect: false,
  shopper: CHILE_BANK_SHOPPER,
  resolveMethod: institution,
  expiry: suggestedExpiry(30),
  prepare: (p: PrepareInput): Prepared => ({
    details: p.userBankCode ? { institution: bankList('chile-ch11-institutions.json').find((b) => b.code === p.userBankCode)?.name } : {},
  }),
} satisfies ChannelRules;

/**
 * Channel 22 (wallet). Direct integration (fields not shown in the spec, chosen by the sandbox):
 * operation_id, payment_url (the wallet's payment page), qr_value and qr_code (PNG data URI) to
 * scan with the wallet app, expired_at, amount (2 decimals), currency.
 */
async function prepareWallet(p: PrepareInput): Promise<Prepared> {
  const payment_url = `${p.base}/check-out/?channel=22&tokenID=${p.token}&platform=1`;
  const qr_value = sampleQrPayload({
    scheme: 'CL.SANDBOX.WALLET', merchantName: p.merchant.name, city: 'SANTIAGO', country: 'CL',
    currencyNumeric: '152', amount: twoDecimals(p.amountCents), reference: p.token.slice(0, 25),
  });
  const qr_code = p.direct ? await qrDataUri(qr_value) : undefined;
  return {
    details: { qr_value },
    direct: (id) => ({
      operation_id: id,
      payment_url,
      qr_value,
      qr_code,
      expired_at: new Date(p.expiresAt).toISOString(),
      amount: twoDecimals(p.amountCents),
      currency: p.currency,
    }),
  };
}

export const channel22 = {
  id: 22,
  method: 'Wallet',
  path: CHANNEL_PATHS[22],
  notification: { family: 'wallet', rejectionNotice: false },
  details: channelDetails('qr_value'),
  currencies: CHANNEL_CURRENCIES[22],
  supportsDirect: true,
  shopper: {
    codes: 'ch17',
    fields: {
      type_doc_identi: oneOf(3, 'CI', 'RUT', 'PAS', 'DNI'),
      Num_doc_identi: len(12),
      country_code: documented(4, '+59'),
      Phone: len(12),
      country: documented(3, 'CHL'),
    },
  },
  resolveMethod: noMethod,
  expiry: suggestedExpiry(30),
  prepare: prepareWallet,
} satisfies ChannelRules;
