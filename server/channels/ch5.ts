import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { bankCodes, bankList } from './banks.js';
import { len, optionalFilter } from './common.js';
import { minimumExpiry } from './expiry.js';
import type { ChannelRules, PrepareInput, Prepared, ShopperRules } from './types.js';

/** Channels 5 and 11 share one row of the service's shopper table ("as channel 5"); no `country` key. */
export const CHILE_BANK_SHOPPER: ShopperRules = {
  codes: 'ch17',
  fields: { type_doc_identi: len(255), Num_doc_identi: len(255), country_code: len(10), Phone: len(20) },
};

/**
 * Channel 5. Checkout page: server/checkout/ch5-ch11-page.ts;
 * notification extras: delivery/extras.ts reads `notification` and `details`.
 */
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
