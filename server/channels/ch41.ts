import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { documented, len, noMethod } from './common.js';
import { suggestedExpiry } from './expiry.js';
import { checkRfc } from './shopper-documents.js';
import type { ChannelRules, PrepareInput, Prepared } from './types.js';

/**
 * Channel 41 (SPEI to the merchant's CLABE): Num_doc_identi is the shopper's RFC, kept as sent
 * for matching; direct_integration has no effect.
 * Checkout page: server/checkout/ch41-page.ts; notification extras: delivery/extras.ts reads `notification` and `details`.
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
