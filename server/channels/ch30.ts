import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { SandboxError } from '../contract/errors.js';
import { len, noMethod } from './common.js';
import { plainExpiry } from './expiry.js';
import type { ChannelRules } from './types.js';

/** Channel 30. Checkout page: server/checkout/ch30-page.ts; notification extras: delivery/extras.ts reads `notification` and `details`. */
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
        throw new SandboxError(
          'SHOPPERINFO_BAD_FORMAT',
          'shopper_information.address must be a JSON string of an object, ' +
            'e.g. "{\\"street\\":\\"Av. Arequipa 123\\",\\"city\\":\\"Lima\\"}"',
        );
      }
    },
  },
  resolveMethod: noMethod,
  expiry: plainExpiry(),
} satisfies ChannelRules;
