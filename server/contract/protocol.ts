import { z } from 'zod';
import type { ChannelId } from './common.js';

/*
 * The two older dialects of the creation request that integrations in the field still send, and
 * what the sandbox decided about them where the provider's material is silent: which method each
 * legacy channel is simulated as, and which current channel a migration points to.
 */

/** The merchant setting `protocol`: `legacy` serves the older dialects as the service did. */
export const PROTOCOLS = ['current', 'legacy'] as const;
export const ProtocolSchema = z.enum(PROTOCOLS);
export type Protocol = z.infer<typeof ProtocolSchema>;

/** The provider's 2018 prototype and the 2019 plugins (Magento, PrestaShop, WooCommerce, Laravel). */
export const DIALECTS = ['2018', '2019'] as const;
export const DialectSchema = z.enum(DIALECTS);
export type Dialect = z.infer<typeof DialectSchema>;

/** The 2018 spellings of three current fields (the rest of that request is spelled as today). */
export const DIALECT_2018_NAMES = { curency: 'currency', trans_ID: 'trans_id', url_erro: 'url_error' } as const;
export type Name2018 = keyof typeof DIALECT_2018_NAMES;

/** The 2019 shopper, flattened at the top level (`las_name_Shopper` as the plugins spell it). */
export const FLAT_SHOPPER_KEYS = [
  'name_shopper',
  'las_name_Shopper',
  'last_name_Shopper',
  'email',
  'country_code',
  'phone',
  'mobile',
] as const;

export const LEGACY_CHANNELS = [0, 1, 2, 3, 4] as const;
export type LegacyChannel = (typeof LEGACY_CHANNELS)[number];
export const isLegacyChannel = (n: number): n is LegacyChannel => Number.isInteger(n) && n >= 0 && n <= 4;

/** What the shopper does on a legacy channel's page; null: the page offers the others (channel 0). */
export type LegacyMethod = 'bank' | 'cash' | 'card' | 'wallet';

/**
 * Legacy channel → the method its hosted page simulates (a sandbox decision: the provider's
 * prototype names the channels, not their pages). `method` is stored on the operation as its
 * filter, so notifications carry the extras of that family.
 */
export const LEGACY_CHANNEL_METHODS: Record<LegacyChannel, { method: LegacyMethod | null; en: string; es: string }> = {
  0: { method: null, en: 'all methods (the shopper chooses)', es: 'todos los medios (el comprador elige)' },
  1: { method: 'bank', en: 'online bank transfer', es: 'transferencia bancaria en línea' },
  2: { method: 'cash', en: 'cash', es: 'efectivo' },
  3: { method: 'card', en: 'card', es: 'tarjeta' },
  4: { method: 'wallet', en: 'wallet (UniPay)', es: 'billetera (UniPay)' },
};

/** The methods channel 0's page offers. */
export const CHOOSER_METHODS: readonly LegacyMethod[] = ['bank', 'cash', 'card'];

/** A current channel a legacy one becomes, with the filter_by that selects the same method. */
export const EquivalentChannelSchema = z.object({
  channel: z.number().int(),
  filter_by: z.string().optional(),
});
export type EquivalentChannel = { channel: ChannelId; filter_by?: string };

const ch = (channel: ChannelId, filter_by?: string): EquivalentChannel => (filter_by ? { channel, filter_by } : { channel });

/**
 * Which current channel does what a legacy channel did, by the request's currency (a sandbox
 * decision read from the service's channel table). The first is the one a migration converts to.
 */
export const EQUIVALENT_CHANNELS: Record<LegacyChannel, Readonly<Record<string, readonly EquivalentChannel[]>>> = {
  0: { CLP: [ch(11)], PEN: [ch(35)], COP: [ch(36)], MXN: [ch(16)], USD: [ch(16)] },
  1: { CLP: [ch(5), ch(11)], PEN: [ch(30), ch(35)], COP: [ch(17, 'bankredirect'), ch(33)], MXN: [ch(41)], USD: [ch(30)] },
  2: { COP: [ch(36, 'cash')], MXN: [ch(38)], USD: [ch(16)] },
  3: { COP: [ch(36, 'card')] },
  4: { CLP: [ch(22)], COP: [ch(17, 'wallet_push')] },
};

/** The equivalent channels of a legacy channel and currency; none when the table has none. */
export const equivalentChannels = (channel: LegacyChannel, currency: string): readonly EquivalentChannel[] =>
  Object.hasOwn(EQUIVALENT_CHANNELS[channel], currency) ? EQUIVALENT_CHANNELS[channel][currency]! : [];

/**
 * The dialects' error codes, in the order their checks run: each is "present and not empty",
 * except 111 (the signature does not match) and 112 (no such merchant, or disabled).
 */
export const LEGACY_ERRORS = {
  '101': { field: 'public_key', en: 'public_key is missing or empty.', es: 'Falta public_key o está vacío.' },
  '102': { field: 'time', en: 'time is missing or empty.', es: 'Falta time o está vacío.' },
  '103': {
    field: 'channel',
    en: 'channel is missing, empty or not one of the channels 0–4.',
    es: 'Falta channel, está vacío o no es uno de los canales 0 a 4.',
  },
  '104': { field: 'amount', en: 'amount is missing or empty.', es: 'Falta amount o está vacío.' },
  '105': {
    field: 'currency',
    en: 'The currency (curency in 2018, currency in 2019) is missing, empty or not a three-letter code.',
    es: 'Falta la moneda (curency en 2018, currency en 2019), está vacía o no es un código de tres letras.',
  },
  '106': {
    field: 'trans_id',
    en: 'The transaction id (trans_ID in 2018, trans_id in 2019) is missing or empty.',
    es: 'Falta el identificador de la transacción (trans_ID en 2018, trans_id en 2019) o está vacío.',
  },
  '107': { field: 'time_expired', en: 'time_expired is missing or empty.', es: 'Falta time_expired o está vacío.' },
  '108': { field: 'url_ok', en: 'url_ok is missing or empty.', es: 'Falta url_ok o está vacío.' },
  '109': {
    field: 'url_error',
    en: 'The error address (url_erro in 2018, url_error in 2019) is missing or empty.',
    es: 'Falta la dirección de error (url_erro en 2018, url_error en 2019) o está vacía.',
  },
  '110': { field: 'signature', en: 'signature is missing or empty.', es: 'Falta signature o está vacía.' },
  '111': {
    field: 'signature',
    en:
      'The signature does not match: SHA-256 of public_key, time, amount, currency, transaction id, time_expired, url_ok, ' +
      "error address and channel, then the merchant's secret key.",
    es:
      'La firma no coincide: SHA-256 de public_key, time, amount, moneda, identificador de la transacción, time_expired, ' +
      'url_ok, dirección de error y channel, seguidos de la clave secreta del comercio.',
  },
  '112': {
    field: 'public_key',
    en: 'The credentials are not valid: no merchant has this public_key, or its account is disabled.',
    es: 'Las credenciales no son válidas: ningún comercio tiene este public_key, o su cuenta está desactivada.',
  },
} as const;
export type LegacyErrorCode = keyof typeof LEGACY_ERRORS;

/**
 * Today's codes a dialect request can still get from the checks it shares with the current request
 * (amounts and lengths), answered in the dialect's style.
 */
export const LEGACY_SHARED_ERRORS: Record<string, { en: string; es: string }> = {
  INVALID_AMOUNT: { en: 'amount is not a number with at most two decimals.', es: 'amount no es un número con a lo sumo dos decimales.' },
  NEGATIVE_AMOUNT: { en: 'amount must be greater than zero.', es: 'amount debe ser mayor que cero.' },
  MAX_AMOUNT_LIMIT: { en: "amount is above the merchant's maximum.", es: 'amount supera el máximo del comercio.' },
  FIELD_TOO_LONG: { en: 'A field is longer than 255 characters.', es: 'Un campo supera los 255 caracteres.' },
  INVALID_BODY: {
    en: 'The body could not be read (a field was sent twice).',
    es: 'No se pudo leer el cuerpo (un campo se envió dos veces).',
  },
  CREATION_ERROR: {
    en: 'The payment could not be created with the provider; retry with a new transaction id.',
    es: 'No se pudo crear el pago con el proveedor; reintenta con un identificador de transacción nuevo.',
  },
};

/** The explanation of an error address's code, in both languages; null for a code no dialect answers. */
export function legacyErrorText(code: string): { en: string; es: string } | null {
  if (Object.hasOwn(LEGACY_ERRORS, code)) return LEGACY_ERRORS[code as LegacyErrorCode];
  return Object.hasOwn(LEGACY_SHARED_ERRORS, code) ? LEGACY_SHARED_ERRORS[code]! : null;
}

/** The error address a dialect answers (HTTP 200; these clients send the shopper to whatever the body says). */
export const legacyErrorAddress = (base: string, code: string): string => `${base}/check-out/error?error=${encodeURIComponent(code)}`;
