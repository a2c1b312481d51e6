import { clabeCheckDigit } from './clabe.js';

/** A valid shopper for each channel (the service's shopper table); scenarios override single keys. */
const SHOPPERS: Record<number, Record<string, string>> = {
  5: { type_doc_identi: 'RUT', Num_doc_identi: '12345678-5', country_code: '+56', Phone: '912345678' },
  11: { type_doc_identi: 'RUT', Num_doc_identi: '12345678-5', country_code: '+56', Phone: '912345678' },
  16: { type_doc_identi: 'CI', Num_doc_identi: '123456789', country_code: '+57', Phone: '5512345678', country: 'MEX' },
  17: { type_doc_identi: 'CC', Num_doc_identi: '1234567890', country_code: '+57', Phone: '3001234567', country: 'COL' },
  22: { type_doc_identi: 'RUT', Num_doc_identi: '12345678', country_code: '+59', Phone: '912345678', country: 'CHL' },
  30: {
    type_doc_identi: 'DNI',
    Num_doc_identi: '12345678',
    country_code: '+51',
    Phone: '987654321',
    address: '{"street":"Av. Arequipa 123","city":"Lima"}',
  },
  33: { type_doc_identi: 'CC', Num_doc_identi: '1234567890', country_code: '+57', Phone: '3001234567', country: 'COL' },
  35: { type_doc_identi: 'DNI', Num_doc_identi: '12345678', country_code: '+51', Phone: '987654321', country: 'PER' },
  36: { type_doc_identi: 'CC', Num_doc_identi: '1234567890', country_code: '+57', Phone: '3001234567', country: 'COL' },
  38: { type_doc_identi: 'CI', Num_doc_identi: '123456789', country_code: '+52', Phone: '5512345678', country: 'MEX' },
  40: { type_doc_identi: 'DNI', Num_doc_identi: '12345678', country_code: '+51', Phone: '987654321', country: 'PER' },
  41: { type_doc_identi: 'RFC', Num_doc_identi: 'GODE561231GR8', country_code: '+52', Phone: '5512345678', country: 'MEX' },
};

const FIELDS: Record<number, Record<string, string>> = {
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
  40: { amount: '80.00', currency: 'PEN', time_expired: '30', filter_by: 'efimero' },
  41: { amount: '1500.50', currency: 'MXN', time_expired: '120' },
};

/** The test value of one shopper key on a channel (what a migration's dry run puts where the merchant must add a key). */
export const shopperTestValue = (channel: number, key: string): string | undefined => SHOPPERS[channel]?.[key] ?? BASE_SHOPPER[key];

/** The keys every channel's shopper has (names and e-mail), as the test values use them. */
const BASE_SHOPPER: Record<string, string> = { name_shopper: 'Ana', last_name_Shopper: 'Gómez', email: 'ana.gomez@gmail.com' };

/** `YYYY-MM-DD HH:MM:SS`, the service's first layout of `time`. */
export const creationTime = (t: number) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');

const apply = (target: Record<string, string>, patch: Record<string, string | null>) => {
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete target[k];
    else target[k] = v;
  }
  return target;
};

/** Valid creation fields of a channel with the scenario's overrides (unsigned). */
export function creationFields(
  channel: number,
  o: { fields: Record<string, string | null>; shopper: Record<string, string | null>; publicKey: string; transId: string; now: number },
): Record<string, string> {
  const shopper = apply({ ...BASE_SHOPPER, ...(SHOPPERS[channel] ?? {}) }, o.shopper);
  const f: Record<string, string> = {
    public_key: o.publicKey,
    time: creationTime(o.now),
    channel: String(channel),
    ...(FIELDS[channel] ?? FIELDS[17]!),
    trans_id: o.transId,
    url_ok: 'https://merchant.example/ok',
    url_error: 'https://merchant.example/error',
    shopper_information: JSON.stringify(shopper),
  };
  return apply(f, o.fields);
}

/** A valid CLABE (BBVA México, 012) with a correct check digit, for default payout items. */
const PAYOUT_CLABE = (() => {
  const first17 = '01218000123456789';
  return first17 + clabeCheckDigit(first17);
})();

/** The fields of a payout item that decide its country, and so how its account and id fields are read. */
const COUNTRY_DECIDING = ['bank', 'country'] as const;

/**
 * A valid payout item (Mexico, CLABE account) under `given`: defaults fill only the fields the caller
 * left out. When the caller names the bank or the country, the Mexican account, id, bank and phone
 * defaults are left out too (they would be read by another country's rules), and `country` itself is
 * never filled: the bank decides it, as in the real service.
 */
export function payoutItem(i: number, runId: string, channelUrl: string, given: Record<string, unknown> = {}): Record<string, unknown> {
  const anywhere = {
    order_id: `ORD-${runId}-${i}`,
    credit_note: `CN-${runId}-${i}`,
    name: 'Ana Gómez',
    amount: 100,
    subject: 'Pago a proveedor',
    channel: channelUrl,
    user_email: 'ana.gomez@gmail.com',
  };
  const mexican = {
    account_id: PAYOUT_CLABE,
    account_type: 'clabe',
    vat_id: 'GODE561231GR8',
    vat_id_type: 'RFC',
    bank_detail: 'BBVA México',
    phone_number: '5512345678',
    bank: 40012,
  };
  const ownCountry = COUNTRY_DECIDING.some((k) => given[k] !== undefined && given[k] !== null);
  return { ...anywhere, ...(ownCountry ? {} : mexican), ...given };
}
