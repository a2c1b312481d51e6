import { CHANNEL_CURRENCIES, CHANNEL_PATHS, checkoutAddress } from '../contract/common.js';
import { channelDetails } from './details.js';
import { documented, len, noMethod, numericReference, oneOf, qrBase64 } from './common.js';
import { suggestedExpiry } from './expiry.js';
import type { ChannelRules, PrepareInput, Prepared } from './types.js';

/** The bank channel channel 35's direct response names (sandbox choice, documented). */
export const CH35_BANK_CHANNEL = 'Banca por Internet (sandbox)';

/**
 * Channel 35. The consumer code is what the shopper enters in the bank app or website. Direct
 * integration: operation_id, consumer_code, deeplink_url, bank_channel and `qr_image` (the QR as
 * bare base64 PNG, the field name the sandbox chose).
 */
async function prepare35(p: PrepareInput): Promise<Prepared> {
  const consumer_code = numericReference(p.token, 10, 'consumer');
  const deeplink_url = checkoutAddress(p.base, { channel: 35, token: p.token, app: true });
  const qr_image = p.direct ? await qrBase64(deeplink_url) : undefined;
  return {
    details: { consumer_code, deeplink_url, bank_channel: CH35_BANK_CHANNEL },
    direct: (id) => ({ operation_id: id, consumer_code, deeplink_url, bank_channel: CH35_BANK_CHANNEL, qr_image }),
  };
}

/**
 * Channel 35. Checkout page: server/checkout/ch35-ch40-page.ts;
 * notification extras: delivery/extras.ts reads `notification` and `details`.
 */
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
