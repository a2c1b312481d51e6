import { PAYOUT_COUNTRIES, type PayoutCode, type PayoutCountryList } from '../../contract/payout-lists.js';
import { isRecord } from '../../contract/common.js';
import {
  MAX_PAYOUT_AMOUNT,
  MAX_PAYOUT_TEXT_LENGTH,
  payoutItemFields,
  REQUIRED_PAYOUT_FIELDS,
  type PayoutProblems,
} from '../../contract/payouts.js';
import { isSafeHttpUrl } from '../../contract/safe-url.js';
import { isValidClabe } from '../clabe.js';
import { looksLikeEmail, quotedKey, quotedValue, shown } from './text.js';
import { paramsOf, type Warning, type WarningCode } from '../../contract/warnings.js';

/*
 * Liberal payout validation: what production integrations send is accepted, and anything the
 * service advises against is accepted with a warning that names the field, the value sent and what
 * the service asks for. Only amount ≤ 0 (or no number at all), a missing required field, a text
 * longer than String(255), an unknown bank code and a repeated credit_note reject the batch.
 */

/** An accepted item: the documented fields as read (strings where the service says String), plus its country. */
export type AcceptedPayoutItem = Record<string, unknown> & {
  order_id: string;
  credit_note: string;
  amount: number;
  channel: string;
  bank: number;
  country: string;
};

export interface ItemResult {
  item: AcceptedPayoutItem | null;
  problems: string[];
  warnings: Warning[];
}

/** A payout item warning: its rule, the field, the value as quoted, the rule's values. */
function warn(code: WarningCode, field: string, value: unknown, params: Record<string, string | number | readonly string[]> = {}): Warning {
  const q = quotedValue(value);
  return { code, field, sent: q.sent, params: { ...paramsOf(params), ...q.params } };
}
const KNOWN = new Set<string>(Object.keys(payoutItemFields));
const TEXT_FIELDS = [
  'order_id',
  'credit_note',
  'account_id',
  'vat_id',
  'name',
  'subject',
  'bank_detail',
  'phone_number',
  'user_email',
] as const;

/** Check digit of a Chilean RUT/RUN body (modulo 11, weights 2..7 from the right; 10 is K). */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const r = 11 - (sum % 11);
  return r === 11 ? '0' : r === 10 ? 'K' : String(r);
}

const codes = (list: { code: string | number }[]) => list.map((x) => x.code).join(', ');
const lower = (s: string) => s.trim().toLowerCase();

const worded = (en: string | undefined, es: string | undefined) => (en && es ? { en, es } : null);

/** Format warnings of `value` against a code's pattern and checksum; empty when it fits. */
function formatWarnings(
  field: string,
  value: string,
  code: PayoutCode,
  pattern: string | undefined,
  format: { en: string; es: string } | null,
): Warning[] {
  // The format in words in both languages (the console says the warning in its own); else the pattern itself.
  if (pattern && !new RegExp(pattern).test(value))
    return [
      warn('payout_format', field, value, {
        type: code.code,
        ...(format ? { format: format.en, format_es: format.es } : { format: pattern }),
      }),
    ];
  if (code.check === 'mod11') {
    const [body = '', dv = ''] = value.split('-');
    const expected = rutCheckDigit(body);
    if (dv.toUpperCase() !== expected) return [warn('payout_check_digit', field, value, { type: code.code, expected })];
  }
  if (code.check === 'clabe' && !isValidClabe(value)) return [warn('payout_clabe', field, value)];
  return [];
}

const tooLong = (field: string, value: string) =>
  `${field}: longer than ${MAX_PAYOUT_TEXT_LENGTH} characters (got ${value.length}); String(${MAX_PAYOUT_TEXT_LENGTH})`;

/** A String field: strings as sent, numbers read as the strings they print as (with a warning). */
function readText(field: string, value: unknown, out: Record<string, unknown>, r: ItemResult): void {
  if (value === undefined || value === null || value === '') {
    if ((REQUIRED_PAYOUT_FIELDS as readonly string[]).includes(field)) r.problems.push(`${field}: required`);
    return;
  }
  if (typeof value === 'string') {
    if (value.length > MAX_PAYOUT_TEXT_LENGTH) r.problems.push(tooLong(field, value));
    else out[field] = value;
  } else if (typeof value === 'number' && Number.isFinite(value)) {
    out[field] = String(value);
    r.warnings.push(warn('payout_number_as_text', field, value, { stored: String(value) }));
  } else r.problems.push(`${field}: must be a string or a number (got ${shown(value)})`);
}

/** `amount`: a JSON number or a numeric string, > 0, at most two decimals that are not zeros. */
function readAmount(value: unknown, r: ItemResult): number | null {
  if (value === undefined || value === null || value === '') return (r.problems.push('amount: required'), null);
  if (typeof value === 'string' && value.length > MAX_PAYOUT_TEXT_LENGTH) return (r.problems.push(tooLong('amount', value)), null);
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return (r.problems.push(`amount: ${shown(value)} is not a number`), null);
  const [, decimals = ''] = text.split('.');
  if (decimals.length > 2 && /[1-9]/.test(decimals.slice(2)))
    return (r.problems.push(`amount: ${shown(value)} has more than 2 decimals`), null);
  const n = Number(text);
  if (n <= 0) return (r.problems.push(`amount: must be greater than 0 (got ${shown(value)})`), null);
  if (n > MAX_PAYOUT_AMOUNT) return (r.problems.push(`amount: must be at most ${MAX_PAYOUT_AMOUNT}`), null);
  if (typeof value === 'string') r.warnings.push(warn('payout_amount_text', 'amount', value, { value: n }));
  else if (decimals.length > 2) r.warnings.push(warn('payout_amount_decimals', 'amount', value, { value: n }));
  return n;
}

/** `bank`: an integer or a numeric string (the string with a warning); its code is checked by country. */
function readBank(value: unknown, r: ItemResult): number | null {
  if (value === undefined || value === null || value === '') return (r.problems.push('bank: required'), null);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)) {
    r.warnings.push(warn('payout_bank_text', 'bank', value, { value: Number(value) }));
    return Number(value);
  }
  r.problems.push(`bank: ${shown(value)} is not a bank code (an integer of the sandbox lists)`);
  return null;
}

const hasVat = (c: PayoutCountryList, t: unknown) => typeof t === 'string' && c.vat_id_types.some((v) => v.code === t.trim().toUpperCase());
const accountOf = (c: PayoutCountryList, t: unknown) =>
  typeof t === 'string' ? c.account_types.find((a) => [a.code, ...(a.aliases ?? [])].some((w) => lower(w) === lower(t))) : undefined;

/** The item's country: `country` when valid, else the one country whose list has `bank` (ties broken by the id and account types). */
function resolveCountry(raw: Record<string, unknown>, bank: number, r: ItemResult): PayoutCountryList | undefined {
  const country = raw.country;
  const named = typeof country === 'string' ? PAYOUT_COUNTRIES.find((c) => c.country === country.toUpperCase()) : undefined;
  if (raw.country !== undefined && raw.country !== null && !named) {
    r.warnings.push(
      warn('payout_country_unknown', 'country', raw.country, { countries: PAYOUT_COUNTRIES.map((c) => c.country).join(', ') }),
    );
  }
  if (named) {
    if (!named.banks.some((b) => b.code === bank))
      r.problems.push(`bank: ${bank} is not a bank code of ${named.name} (${codes(named.banks)})`);
    return named;
  }
  const owners = PAYOUT_COUNTRIES.filter((c) => c.banks.some((b) => b.code === bank));
  if (owners.length === 0) {
    r.problems.push(`bank: ${bank} is not a bank code of the sandbox lists (see GET /sandbox/v1/test-values)`);
    return undefined;
  }
  if (owners.length === 1) return owners[0];
  const byIdType = owners.filter((c) => hasVat(c, raw.vat_id_type));
  if (byIdType.length === 1) return byIdType[0];
  const countries = owners.map((c) => c.country);
  r.warnings.push(warn('payout_country_ambiguous', 'country', raw.country ?? null, { bank, countries, country: owners[0]!.country }));
  return owners[0];
}

/** Country-dependent checks: account and id types of the country and the formats they imply, as warnings. */
function countryWarnings(item: Record<string, unknown>, list: PayoutCountryList, r: ItemResult): void {
  const account = accountOf(list, item.account_type);
  if (!account && item.account_type !== undefined) {
    const types = list.account_types.map((a) => [a.code, ...(a.aliases ?? [])].join('/')).join(', ');
    r.warnings.push(
      warn('payout_account_type', 'account_type', item.account_type, { country: list.country, country_name: list.name, types }),
    );
  } else if (account && typeof item.account_id === 'string') {
    r.warnings.push(
      ...formatWarnings(
        'account_id',
        item.account_id,
        account,
        account.account_id_pattern,
        worded(account.account_id_format, account.account_id_format_es),
      ),
    );
  }
  const vatType =
    typeof item.vat_id_type === 'string'
      ? list.vat_id_types.find((v) => v.code === item.vat_id_type!.toString().trim().toUpperCase())
      : undefined;
  if (!vatType && item.vat_id_type !== undefined) {
    const types = codes(list.vat_id_types);
    r.warnings.push(warn('payout_vat_id_type', 'vat_id_type', item.vat_id_type, { country: list.country, country_name: list.name, types }));
  } else if (vatType && typeof item.vat_id === 'string') {
    r.warnings.push(...formatWarnings('vat_id', item.vat_id, vatType, vatType.pattern, worded(vatType.format, vatType.format_es)));
  }
}

/** Every problem and warning of one item. Problems reject the batch; warnings are stored on the item. */
export function validatePayoutItem(raw: unknown): ItemResult {
  const r: ItemResult = { item: null, problems: [], warnings: [] };
  if (!isRecord(raw))
    return {
      ...r,
      problems: [`item: must be a JSON object (got ${Array.isArray(raw) ? 'an array' : raw === null ? 'null' : typeof raw})`],
    };
  const item: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) readText(field, raw[field], item, r);
  for (const field of ['account_type', 'vat_id_type'] as const) {
    const v = raw[field];
    if (v === undefined || v === null || v === '') r.problems.push(`${field}: required`);
    else if (typeof v !== 'string') r.problems.push(`${field}: must be a string (got ${shown(v)})`);
    else if (v.length > MAX_PAYOUT_TEXT_LENGTH) r.problems.push(tooLong(field, v));
    else item[field] = v;
  }
  const amount = readAmount(raw.amount, r);
  if (amount !== null) item.amount = amount;
  readText('channel', raw.channel, item, r);
  if (typeof item.channel === 'string' && !isSafeHttpUrl(item.channel)) {
    r.warnings.push(warn('payout_channel_not_http', 'channel', item.channel));
  }
  if (typeof item.user_email === 'string' && !looksLikeEmail(item.user_email))
    r.warnings.push(warn('payout_user_email', 'user_email', item.user_email));
  if (raw.transfer_status !== undefined && raw.transfer_status !== null) {
    r.warnings.push(warn('payout_transfer_status', 'transfer_status', raw.transfer_status));
  }
  for (const key of Object.keys(raw)) {
    if (KNOWN.has(key)) continue;
    const { field, params } = quotedKey(key);
    r.warnings.push({ code: 'payout_field_unknown', field, sent: null, params });
  }
  const bank = readBank(raw.bank, r);
  const list = bank === null ? undefined : resolveCountry(raw, bank, r);
  if (bank !== null) item.bank = bank;
  if (list) countryWarnings(item, list, r);
  if (r.problems.length > 0 || !list) return r;
  return { ...r, item: { ...item, country: list.country } as AcceptedPayoutItem };
}

/** credit_note as stored: strings as sent, numbers as they print. */
const noteOf = (v: unknown): string | null => {
  if (!isRecord(v) || (typeof v.credit_note !== 'string' && typeof v.credit_note !== 'number') || v.credit_note === '') return null;
  const note = String(v.credit_note);
  // An over-long note is already a problem of its item; it is never looked up or quoted whole.
  return note.length > MAX_PAYOUT_TEXT_LENGTH ? null : note;
};

/**
 * Validates a whole batch: each item, then `credit_note` uniqueness within the batch and against the
 * merchant's earlier payouts (`isTaken`). Returns the accepted items with their warnings, or the
 * per-item problems.
 */
export function validatePayoutBatch(
  raw: unknown[],
  isTaken: (creditNote: string) => boolean,
): { items: { item: AcceptedPayoutItem; warnings: Warning[] }[]; problems: PayoutProblems } {
  const items: { item: AcceptedPayoutItem; warnings: Warning[] }[] = [];
  const problems: PayoutProblems = [];
  const firstIndex = new Map<string, number>();
  raw.forEach((value, index) => {
    const r = validatePayoutItem(value);
    const note = noteOf(value);
    if (note !== null) {
      const first = firstIndex.get(note);
      if (first !== undefined) r.problems.push(`credit_note: "${note}" repeats item ${first} of this batch`);
      else {
        firstIndex.set(note, index);
        if (isTaken(note)) r.problems.push(`credit_note: "${note}" was already used by this merchant`);
      }
    }
    if (r.problems.length > 0) problems.push({ index, problems: r.problems });
    else if (r.item) items.push({ item: r.item, warnings: r.warnings });
  });
  return { items, problems };
}
