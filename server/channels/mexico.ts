import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { documented, len, noMethod, voucherReferenceOf } from './common.js';
import { minimumExpiry, suggestedExpiry } from './expiry.js';
import { checkRfc } from './shopper-documents.js';
import type { ChannelRules, PrepareInput, Prepared } from './types.js';

/** Channel 38 (cash): the voucher reference the shopper presents at the store. */
export const channel38 = {
  id: 38,
  method: 'Cash',
  path: CHANNEL_PATHS[38],
  notification: { family: 'cash', rejectionNotice: false },
  details: channelDetails('voucher_reference'),
  currencies: CHANNEL_CURRENCIES[38],
  minAmount: 20,
  supportsDirect: false,
  shopper: {
    codes: 'ch17',
    fields: {
      type_doc_identi: documented(255, 'CI', 'PAS'),
      Num_doc_identi: len(255),
      country_code: len(10),
      Phone: len(20),
      country: documented(3, 'MEX'),
    },
  },
  resolveMethod: noMethod,
  expiry: minimumExpiry(1440),
  voucherDigits: 14,
  prepare: (p: PrepareInput): Prepared => ({ details: { voucher_reference: voucherReferenceOf(p.token, 14) } }),
} satisfies ChannelRules;

/**
 * Channel 41 (SPEI to the merchant's CLABE): Num_doc_identi is the shopper's RFC, kept as sent
 * for matching; direct_integration has no effect.
 */
export const channel41 = {
  id: 41,
  method: 'Bank transfer by interbank transfer to a fixed account number (CLABE)',
  path: CHANNEL_PATHS[41],
  notification: { family: 'bank_transfer', rejectionNotice: false, fallbackBank: 'SPEI' },
  spei: { clabe: true, rfcFromDocument: true },
  details: channelDetails('clabe'),
  currencies: CHANNEL_CURRENCIES[41],
  supportsDirect: false,
  shopper: {
    codes: 'ch17',
    fields: {
      type_doc_identi: documented(255, 'RFC'),
      Num_doc_identi: len(255),
      country_code: len(10),
      Phone: len(20),
      country: documented(3, 'MEX'),
    },
    check({ shopper, warnings }) {
      checkRfc(shopper.Num_doc_identi!, warnings);
    },
  },
  resolveMethod: noMethod,
  expiry: suggestedExpiry(120),
  prepare: (p: PrepareInput): Prepared => ({ details: { clabe: p.merchant.clabe } }),
} satisfies ChannelRules;
