import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { documented, len, noMethod, voucherReferenceOf } from './common.js';
import { minimumExpiry } from './expiry.js';
import type { ChannelRules, PrepareInput, Prepared } from './types.js';

/**
 * Channel 38 (cash): the voucher reference the shopper presents at the store.
 * Checkout page: server/checkout/ch38-page.ts; notification extras: delivery/extras.ts reads `notification` and `details`.
 */
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
