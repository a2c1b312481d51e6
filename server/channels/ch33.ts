import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { len, optionalFilter } from './common.js';
import { plainExpiry } from './expiry.js';
import type { ChannelRules } from './types.js';

/** Channel 33's checkout methods, identified by number (two wallet methods are "coming soon"). */
export const CH33_METHODS = ['29', '48'] as const;

/** Channel 33. Checkout page: server/checkout/ch33-page.ts; notification extras: delivery/extras.ts reads `notification` and `details`. */
export const channel33 = {
  id: 33,
  method: 'Bank transfer, multi-method checkout',
  path: CHANNEL_PATHS[33],
  notification: { family: 'bank_transfer', rejectionNotice: false },
  details: channelDetails(),
  currencies: CHANNEL_CURRENCIES[33],
  minAmount: 1000,
  supportsDirect: false,
  shopper: {
    codes: 'ch17',
    fields: { type_doc_identi: len(255), Num_doc_identi: len(255), country_code: len(10), Phone: len(20), country: len(20) },
  },
  // Optional filter_by selects one of the provider checkout's methods.
  resolveMethod: optionalFilter(() => CH33_METHODS),
  expiry: plainExpiry(),
} satisfies ChannelRules;
