import { DEMO_PUBLIC_KEY, merchantRoutes, type Merchant } from '@contract/merchants.js';
import { call } from './client';
import { creationCurl } from './signature';
import { ConsoleError } from '../app/error-text';

/** Fields of a valid channel-17 payment for the teaching empty states (the demo merchant). */
export function demoFields(publicKey: string, transId: string): Record<string, string> {
  return {
    public_key: publicKey,
    channel: '17',
    amount: '50000',
    currency: 'COP',
    trans_id: transId,
    time_expired: '120',
    url_ok: 'https://merchant.example/ok',
    url_error: 'https://merchant.example/error',
    shopper_information: JSON.stringify({
      name_shopper: 'Ana',
      last_name_Shopper: 'Gómez',
      type_doc_identi: 'CC',
      Num_doc_identi: '1234567890',
      email: 'ana.gomez@gmail.com',
      country_code: '+57',
      Phone: '3001234567',
      country: 'COL',
    }),
  };
}

/** The demo merchant, or the first merchant when the demo one was changed away. */
export async function demoMerchant(): Promise<Merchant> {
  const { items } = await call(merchantRoutes.listMerchants);
  const m = items.find((x) => x.public_key === DEMO_PUBLIC_KEY) ?? items[0];
  if (!m) throw new ConsoleError('error.noMerchant');
  return m;
}

/** A curl that creates a payment right now, signed in the browser with the merchant's secret. */
export async function demoCurl(nowMs: number): Promise<string> {
  const m = await demoMerchant();
  return creationCurl(window.location.origin, demoFields(m.public_key, `DEMO-${nowMs.toString(36).toUpperCase()}`), m.secret_key, nowMs);
}
