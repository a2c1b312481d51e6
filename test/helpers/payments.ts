import { creationSignature, DEMO } from './sandbox.js';

/** Channels answered on SecurePayment; the others on SecurePayment.php (contract §3). */
export const PLAIN_PATH_CHANNELS = [5, 11, 16, 22, 30, 35];
export const creationPath = (channel: number) =>
  `/payments/check-out/SecurePayment${PLAIN_PATH_CHANNELS.includes(channel) ? '' : '.php'}`;

/** A valid shopper_information object for each channel (spec's shopper table). */
export const SHOPPERS: Record<number, Record<string, string>> = {
  5: { type_doc_identi: 'RUT', Num_doc_identi: '12345678-5', country_code: '+56', Phone: '912345678' },
  11: { type_doc_identi: 'RUT', Num_doc_identi: '12345678-5', country_code: '+56', Phone: '912345678' },
  16: { type_doc_identi: 'CI', Num_doc_identi: '123456789', country_code: '+57', Phone: '5512345678', country: 'MEX' },
  17: { type_doc_identi: 'CC', Num_doc_identi: '1234567890', country_code: '+57', Phone: '3001234567', country: 'COL' },
  22: { type_doc_identi: 'RUT', Num_doc_identi: '12345678', country_code: '+59', Phone: '912345678', country: 'CHL' },
  30: { type_doc_identi: 'DNI', Num_doc_identi: '12345678', country_code: '+51', Phone: '987654321', address: JSON.stringify({ street: 'Av. Arequipa 123', city: 'Lima' }) },
  33: { type_doc_identi: 'CC', Num_doc_identi: '1234567890', country_code: '+57', Phone: '3001234567', country: 'COL' },
  35: { type_doc_identi: 'DNI', Num_doc_identi: '12345678', country_code: '+51', Phone: '987654321', country: 'PER' },
  36: { type_doc_identi: 'CC', Num_doc_identi: '1234567890', country_code: '+57', Phone: '3001234567', country: 'COL' },
  38: { type_doc_identi: 'CI', Num_doc_identi: '123456789', country_code: '+52', Phone: '5512345678', country: 'MEX' },
  40: { type_doc_identi: 'DNI', Num_doc_identi: '12345678', country_code: '+51', Phone: '987654321', country: 'PER' },
  41: { type_doc_identi: 'RFC', Num_doc_identi: 'GODE561231GR8', country_code: '+52', Phone: '5512345678', country: 'MEX' },
};

const DEFAULTS: Record<number, { amount: string; currency: string; time_expired: string; extra?: Record<string, string> }> = {
  5: { amount: '10000.00', currency: 'CLP', time_expired: '60' },
  11: { amount: '10000.00', currency: 'CLP', time_expired: '60' },
  16: { amount: '500.00', currency: 'MXN', time_expired: '1440' },
  17: { amount: '50000', currency: 'COP', time_expired: '120' },
  22: { amount: '10000.00', currency: 'CLP', time_expired: '60' },
  30: { amount: '1500.00', currency: 'PEN', time_expired: '120' },
  33: { amount: '15000.00', currency: 'COP', time_expired: '120' },
  35: { amount: '150.00', currency: 'PEN', time_expired: '120' },
  36: { amount: '15000.00', currency: 'COP', time_expired: '120' },
  38: { amount: '250.00', currency: 'MXN', time_expired: '1440' },
  40: { amount: '80.00', currency: 'PEN', time_expired: '30', extra: { filter_by: 'efimero' } },
  41: { amount: '1500.50', currency: 'MXN', time_expired: '120' },
};

let seq = 0;
export const sandboxTime = (d = new Date()) => d.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Valid, signed creation fields for a channel. `overrides` replace fields before signing
 * (a `null` removes the field); `shopper` overrides merge into the channel's shopper object.
 */
export function paymentFields(
  channel: number,
  overrides: Record<string, string | null> = {},
  opts: { shopper?: Record<string, string | null>; secret?: string; sign?: boolean } = {},
): Record<string, string> {
  const d = DEFAULTS[channel] ?? DEFAULTS[17]!;
  const shopper: Record<string, string> = {
    name_shopper: 'Ana',
    last_name_Shopper: 'Gómez',
    email: 'ana.gomez@gmail.com',
    ...(SHOPPERS[channel] ?? {}),
  };
  for (const [k, v] of Object.entries(opts.shopper ?? {})) {
    if (v === null) delete shopper[k];
    else shopper[k] = v;
  }
  const f: Record<string, string> = {
    public_key: DEMO.public_key,
    time: sandboxTime(),
    channel: String(channel),
    amount: d.amount,
    currency: d.currency,
    trans_id: `T-${channel}-${Date.now()}-${++seq}`,
    time_expired: d.time_expired,
    url_ok: 'https://merchant.example/ok',
    url_error: 'https://merchant.example/error',
    shopper_information: JSON.stringify(shopper),
    ...(d.extra ?? {}),
  };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === null) delete f[k];
    else f[k] = v;
  }
  if (opts.sign !== false && !('signature' in overrides)) f.signature = creationSignature(f, opts.secret ?? DEMO.secret_key);
  return f;
}

export type Encoding = 'form' | 'multipart' | 'json';

/** Posts creation fields to the channel's path; answers status, raw text and parsed JSON if any. */
export async function postPayment(base: string, fields: Record<string, string>, encoding: Encoding = 'form', path?: string) {
  let body: string | FormData;
  const headers: Record<string, string> = {};
  if (encoding === 'form') {
    body = new URLSearchParams(fields).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded; charset=utf-8';
  } else if (encoding === 'json') {
    body = JSON.stringify(fields);
    headers['content-type'] = 'application/json';
  } else {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    body = fd;
  }
  const res = await fetch(base + (path ?? creationPath(Number(fields.channel ?? 17))), { method: 'POST', headers, body });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // plain-text checkout address
  }
  return { status: res.status, text, json, headers: res.headers };
}

/** Creates a valid payment and returns its checkout address and token. */
export async function createPayment(base: string, channel: number, overrides: Record<string, string | null> = {}, opts: Parameters<typeof paymentFields>[2] = {}) {
  const fields = paymentFields(channel, overrides, opts);
  const r = await postPayment(base, fields);
  if (r.status !== 200) throw new Error(`creation failed ${r.status}: ${r.text}`);
  const token = r.json ? undefined : new URL(r.text).searchParams.get('tokenID')!;
  return { ...r, fields, token };
}
