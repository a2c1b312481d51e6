import { twoDecimals } from '../contract/common.js';
import { CHANNEL_CURRENCIES, CHANNEL_IDS, isChannelId, type ChannelId } from '../contract/common.js';
import { SandboxError } from '../contract/errors.js';
import type { MerchantRecord } from '../store/merchants.js';
import { fieldWarning, type Warning } from '../contract/warnings.js';

/** Top-level fields every creation request carries (shopper_information has its own code). */
const REQUIRED = [
  'public_key',
  'time',
  'channel',
  'amount',
  'currency',
  'trans_id',
  'time_expired',
  'url_ok',
  'url_error',
  'signature',
] as const;

/**
 * MISSING_FIELD lists every absent field, else EMPTY_FIELD every empty one (absent wins).
 * time_expired may be absent or empty on channel 17 only.
 */
export function checkRequired(f: Record<string, string>): void {
  const optionalTimeExpired = f.channel?.trim() === '17';
  requireFields(
    f,
    REQUIRED.filter((k) => !(k === 'time_expired' && optionalTimeExpired)),
  );
}

/** MISSING_FIELD for absent fields, then EMPTY_FIELD for empty (or blank) ones, each listing all. */
export function requireFields(f: Record<string, string | undefined>, required: readonly string[]): void {
  const missing = required.filter((k) => f[k] === undefined);
  if (missing.length) throw new SandboxError('MISSING_FIELD', `mandatory fields absent: ${missing.join(', ')}`);
  const empty = required.filter((k) => f[k]!.trim() === '');
  if (empty.length) throw new SandboxError('EMPTY_FIELD', `mandatory fields sent empty: ${empty.join(', ')}`);
}

const CURRENT_CHANNELS = `${CHANNEL_IDS.slice(0, -1).join(', ')} and ${CHANNEL_IDS.at(-1)}`;

/** INVALID_CHANNEL: not one of the 12; DISABLED_CHANNEL: not enabled for the merchant. */
export function readChannel(raw: string, merchant: MerchantRecord): ChannelId {
  const n = /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!isChannelId(n)) {
    // Old integrations still send the pre-current numbers 1, 2 and 3; say so rather than "unknown".
    const what =
      n >= 1 && n <= 3
        ? `channel ${n} is a pre-current channel number that is no longer accepted`
        : `channel "${raw.slice(0, 20)}" is not enabled`;
    throw new SandboxError('INVALID_CHANNEL', `${what}; the current channels are ${CURRENT_CHANNELS}`);
  }
  if (!merchant.channels[String(n)]?.length)
    throw new SandboxError('DISABLED_CHANNEL', `channel ${n} is not available for this merchant account`);
  return n;
}

let iso4217: Set<string> | null = null;
const isoCurrencies = () => (iso4217 ??= new Set(Intl.supportedValuesOf('currency')));

/**
 * Currency codes, in this order: INVALID_CURRENCY (not ISO 4217), INVALID_CURRENCY_CHANNEL (not the
 * channel's), DISABLED_CURRENCY (on no channel of the merchant), INVALID_CHANNEL_CURRENCY (not on
 * this one).
 */
export function checkCurrency(currency: string, channel: ChannelId, merchant: MerchantRecord): void {
  if (!/^[A-Z]{3}$/.test(currency) || !isoCurrencies().has(currency)) {
    throw new SandboxError('INVALID_CURRENCY', `currency "${currency.slice(0, 10)}" is not a valid three-letter ISO 4217 code (uppercase)`);
  }
  const allowed = CHANNEL_CURRENCIES[channel];
  if (!allowed.includes(currency)) {
    throw new SandboxError(
      'INVALID_CURRENCY_CHANNEL',
      `currency ${currency} is not allowed on channel ${channel} (accepted: ${allowed.join(', ')})`,
    );
  }
  if (!Object.values(merchant.channels).some((list) => list.includes(currency))) {
    throw new SandboxError('DISABLED_CURRENCY', `currency ${currency} is not available for this merchant account`);
  }
  if (!merchant.channels[String(channel)]!.includes(currency)) {
    throw new SandboxError(
      'INVALID_CHANNEL_CURRENCY',
      `channel ${channel} with currency ${currency} is not enabled for this merchant account`,
    );
  }
}

export interface Amount {
  /** As charged: 2 decimals, or whole pesos on channel 17. */
  text: string;
  cents: number;
}

/**
 * Reads `amount`: a plain decimal number. Two decimals at most, except whole-peso channels where
 * fractions are rounded half up. More decimals that are all zeros (`50000.0000`) are read with a
 * warning, as the real service evidently accepts them; extra decimals that are not zeros are
 * INVALID_AMOUNT. Then > 0, the merchant maximum and the channel minimum.
 */
export function readAmount(
  raw: string,
  opts: { wholeAmounts: boolean; minAmount?: number; maxAmount: number; warnings: Warning[] },
): Amount {
  const s = raw.trim();
  if (/^-\d+(\.\d+)?$/.test(s)) throw new SandboxError('NEGATIVE_AMOUNT', `amount must be greater than zero (got ${s.slice(0, 30)})`);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m)
    throw new SandboxError(
      'INVALID_AMOUNT',
      `amount "${s.slice(0, 30)}" is not a valid number; use digits with a dot for decimals, e.g. 1500.00`,
    );
  const int = m[1]!.replace(/^0+(?=\d)/, '');
  const sentFrac = m[2] ?? '';
  let frac = sentFrac;
  if (!opts.wholeAmounts && frac.length > 2) {
    if (/[1-9]/.test(frac.slice(2))) {
      throw new SandboxError(
        'INVALID_AMOUNT',
        `amount ${s.slice(0, 30)} has more than 2 decimals and they are not zeros; send 2 decimals, e.g. ` +
          `${int.slice(0, 20)}.${frac.slice(0, 2)}`,
      );
    }
    frac = frac.slice(0, 2);
  }
  const max = BigInt(Math.round(opts.maxAmount * 100));
  if (int.length > 30) throw new SandboxError('MAX_AMOUNT_LIMIT', `amount exceeds the account maximum of ${opts.maxAmount}`);
  let cents: bigint;
  let note: { code: 'amount_rounded' | 'amount_whole_read' | 'amount_decimals_read'; value: string } | null = null;
  if (opts.wholeAmounts) {
    const pesos = BigInt(int) + (frac !== '' && Number(frac[0]) >= 5 ? 1n : 0n);
    if (frac !== '') note = { code: /[1-9]/.test(frac) ? 'amount_rounded' : 'amount_whole_read', value: String(pesos) };
    cents = pesos * 100n;
  } else {
    cents = BigInt(int) * 100n + BigInt(frac.padEnd(2, '0') || '0');
    if (frac.length < sentFrac.length) note = { code: 'amount_decimals_read', value: `${int}.${frac}` };
  }
  if (cents === 0n)
    throw new SandboxError(
      'NEGATIVE_AMOUNT',
      `amount must be greater than zero${opts.wholeAmounts && frac ? ' (it rounds to 0 whole pesos)' : ''}`,
    );
  if (cents > max || cents > BigInt(Number.MAX_SAFE_INTEGER))
    throw new SandboxError('MAX_AMOUNT_LIMIT', `amount exceeds the account maximum of ${opts.maxAmount}`);
  if (opts.minAmount !== undefined && cents < BigInt(Math.round(opts.minAmount * 100))) {
    throw new SandboxError('AMOUNT_BELOW_MINIMUM', `amount is below the channel minimum of ${opts.minAmount}`);
  }
  if (note) opts.warnings.push(fieldWarning(note.code, 'amount', s, { value: note.value }));
  const c = Number(cents);
  const text = opts.wholeAmounts ? String(c / 100) : twoDecimals(c);
  return { text, cents: c };
}

/** The service's two layouts; anything else that is ISO 8601 is accepted with a warning. */
const SPEC_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/;
/** ISO 8601 date-time, extended or basic format: date, time (seconds optional), fraction, offset. */
const ISO_TIME = [
  /^(\d{4})-(\d{2})-(\d{2})[ Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/,
  /^(\d{4})(\d{2})(\d{2})[Tt](\d{2})(\d{2})(?:(\d{2})(?:[.,]\d{1,9})?)?([Zz]|[+-]\d{2}(?:\d{2})?)?$/,
];

/**
 * `time`: any ISO 8601 date-time with a real calendar date, read as given and never rejected for
 * being old or future. A layout other than the service's two gets a warning.
 */
export function readTime(raw: string, warnings: Warning[]): void {
  const m = ISO_TIME.map((re) => re.exec(raw)).find((x) => x !== null);
  const bad = () =>
    new SandboxError(
      'INVALID_TIME',
      `time "${raw.slice(0, 40)}" is not a date-time; send YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS (any ISO 8601 date-time is read)`,
    );
  if (!m) throw bad();
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || se > 59) throw bad();
  const offset = /[+-](\d{2}):?(\d{2})?$/.exec(m[7] ?? '');
  if (offset && (Number(offset[1]) > 23 || Number(offset[2] ?? 0) > 59)) throw bad();
  if (!SPEC_TIME.test(raw)) warnings.push(fieldWarning('time_layout', 'time', raw));
}

/** url_ok / url_error: https, or http on localhost / 127.0.0.1 when the merchant allows it. */
export function checkReturnUrl(name: string, raw: string, allowHttpLocalhost: boolean): void {
  if (raw.length > 255) throw new SandboxError('FIELD_TOO_LONG', `${name} is longer than 255 characters`);
  let url: URL | null = null;
  try {
    if (!/\s/.test(raw)) url = new URL(raw);
  } catch {
    url = null;
  }
  if (url && url.protocol === 'https:' && url.hostname) return;
  const local = url?.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
  if (local && allowHttpLocalhost) return;
  const hint = local ? ' (http://localhost and http://127.0.0.1 are accepted when the merchant setting allow_http_localhost is on)' : '';
  throw new SandboxError('INVALID_URL', `${name} must be an https URL${hint}`);
}

/** String(255) fields of the creation table that no other check bounds. */
export function checkLengths(f: Record<string, string>): void {
  for (const k of ['trans_id', 'time_expired', 'public_key', 'signature', 'gateway_source_id']) {
    if ((f[k]?.length ?? 0) > 255) throw new SandboxError('FIELD_TOO_LONG', `${k} is longer than 255 characters`);
  }
}

/** direct_integration: 1 / true requests JSON; 0, false or empty the checkout address. */
export function readDirect(raw: string | undefined): boolean {
  const v = raw?.trim().toLowerCase() ?? '';
  if (v === '1' || v === 'true') return true;
  if (v === '' || v === '0' || v === 'false') return false;
  throw new SandboxError('VALIDATION_ERROR', `direct_integration must be 1 or 0 (got "${v.slice(0, 20)}")`);
}

/** Blacklist comparison ignores case, spaces, dots and hyphens. */
const normDoc = (s: string) => s.toUpperCase().replace(/[\s.-]/g, '');
export function checkBlacklist(doc: string | undefined, merchant: MerchantRecord): void {
  if (doc === undefined || merchant.blacklisted_documents.length === 0) return;
  const d = normDoc(doc);
  if (merchant.blacklisted_documents.some((b) => normDoc(b) === d)) {
    throw new SandboxError('BLACKLIST_DOCUMENT_ID', 'the shopper document number is not allowed to transact (merchant blacklist)');
  }
}
