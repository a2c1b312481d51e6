import { CHANNEL_CURRENCIES, CHANNEL_PATHS, checkoutAddress, twoDecimals } from '../contract/common.js';
import { channelDetails } from './details.js';
import { documented, len, noMethod, oneOf, qrDataUri, sampleQrPayload } from './common.js';
import { suggestedExpiry } from './expiry.js';
import type { ChannelRules, PrepareInput, Prepared } from './types.js';

/**
 * Channel 22 (wallet). Direct integration (fields the service does not document, chosen by the sandbox):
 * operation_id, payment_url (the wallet's payment page), qr_value and qr_code (PNG data URI) to
 * scan with the wallet app, expired_at, amount (2 decimals), currency.
 */
async function prepareWallet(p: PrepareInput): Promise<Prepared> {
  const payment_url = checkoutAddress(p.base, { channel: 22, token: p.token });
  const qr_value = sampleQrPayload({
    scheme: 'CL.SANDBOX.WALLET',
    merchantName: p.merchant.name,
    city: 'SANTIAGO',
    country: 'CL',
    currencyNumeric: '152',
    amount: twoDecimals(p.amountCents),
    reference: p.token.slice(0, 25),
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

/** Channel 22. Checkout page: server/checkout/ch22-page.ts; notification extras: delivery/extras.ts reads `notification` and `details`. */
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
