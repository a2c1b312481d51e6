import { PAYOUT_COUNTRIES, type PayoutCode, type PayoutCountryList } from '../contract/payout-lists.js';
import { payoutItemFields, REQUIRED_PAYOUT_FIELDS, type PayoutItemField, type PayoutProblems } from '../contract/payouts.js';
import { isValidClabe } from './clabe.js';

/** An item that passed every check: the documented fields as sent (nulls dropped) plus its resolved country. */
export type AcceptedPayoutItem = Record<string, unknown> & {
  order_id: string;
  credit_note: string;
  amount: number;
  channel: string;
  bank: number;
  country: string;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const required = new Set<string>(REQUIRED_PAYOUT_FIELDS);
const FIELDS = Object.keys(payoutItemFields) as PayoutItemField[];

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

/** Format problems of `value` against a code's pattern and checksum; empty when it fits. */
function formatProblems(field: string, value: string, code: PayoutCode, pattern: string | undefined, format: string | undefined): string[] {
  if (pattern && !new RegExp(pattern).test(value)) return [`${field}: "${value}" does not fit ${code.code} (${format ?? pattern})`];
  if (code.check === 'mod11') {
    const [body = '', dv = ''] = value.split('-');
    const expected = rutCheckDigit(body);
    if (dv.toUpperCase() !== expected) return [`${field}: the ${code.code} check digit of "${value}" is wrong (expected ${expected})`];
  }
  if (code.check === 'clabe' && !isValidClabe(value)) return [`${field}: "${value}" is not a CLABE with a valid check digit`];
  return [];
}

/** Resolves the item's country from `country`, else from `bank` when exactly one country lists it. */
function resolveCountry(country: unknown, bank: unknown, problems: string[]): PayoutCountryList | undefined {
  if (typeof country === 'string') {
    const list = PAYOUT_COUNTRIES.find((c) => c.country === country);
    if (list && typeof bank === 'number' && !list.banks.some((b) => b.code === bank)) {
      problems.push(`bank: ${bank} is not a bank code of ${list.name} (${codes(list.banks)})`);
    }
    return list;
  }
  if (typeof bank !== 'number') return undefined;
  const owners = PAYOUT_COUNTRIES.filter((c) => c.banks.some((b) => b.code === bank));
  if (owners.length > 1) {
    problems.push(`country: required because bank ${bank} is listed for ${owners.map((c) => c.country).join(' and ')}`);
    return undefined;
  }
  return owners[0];
}

/** Country-dependent rules: account and id types of the country, and the formats they imply. */
function countryProblems(item: Record<string, unknown>, list: PayoutCountryList, valid: Set<string>): string[] {
  const problems: string[] = [];
  if (valid.has('account_type')) {
    const type = list.account_types.find((a) => a.code === item.account_type);
    if (!type) problems.push(`account_type: ${String(item.account_type)} is not an account type of ${list.name} (${codes(list.account_types)})`);
    else if (valid.has('account_id')) problems.push(...formatProblems('account_id', String(item.account_id), type, type.account_id_pattern, type.account_id_format));
  }
  if (valid.has('vat_id_type')) {
    const type = list.vat_id_types.find((v) => v.code === item.vat_id_type);
    if (!type) problems.push(`vat_id_type: ${String(item.vat_id_type)} is not an id type of ${list.name} (${codes(list.vat_id_types)})`);
    else if (valid.has('vat_id')) problems.push(...formatProblems('vat_id', String(item.vat_id), type, type.pattern, type.format));
  }
  return problems;
}

/**
 * Every problem of one item, in field order, each as `field: what is wrong`. Unknown fields are
 * ignored (the spec's table may not be exhaustive); documented fields are checked for presence, type
 * and the country's lists.
 */
export function validatePayoutItem(raw: unknown): { item: AcceptedPayoutItem | null; problems: string[] } {
  if (!isRecord(raw)) return { item: null, problems: [`item: must be a JSON object (got ${Array.isArray(raw) ? 'an array' : raw === null ? 'null' : typeof raw})`] };
  const problems: string[] = [];
  const valid = new Set<string>();
  const item: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = raw[field];
    if (value === undefined || value === null) {
      if (required.has(field)) problems.push(`${field}: required`);
      continue;
    }
    const r = payoutItemFields[field].safeParse(value);
    if (r.success) {
      valid.add(field);
      item[field] = value;
    } else {
      problems.push(`${field}: ${r.error.issues[0]?.message ?? 'invalid'}`);
    }
  }
  const list = resolveCountry(valid.has('country') ? raw.country : undefined, valid.has('bank') ? raw.bank : undefined, problems);
  if (list) problems.push(...countryProblems(item, list, valid));
  if (problems.length > 0 || !list) return { item: null, problems };
  return { item: { ...item, country: list.country } as AcceptedPayoutItem, problems };
}

/**
 * Validates a whole batch: each item, then `credit_note` uniqueness within the batch and against the
 * merchant's earlier payouts (`isTaken`). Returns the accepted items, or the per-item problems.
 */
export function validatePayoutBatch(
  raw: unknown[],
  isTaken: (creditNote: string) => boolean,
): { items: AcceptedPayoutItem[]; problems: PayoutProblems } {
  const items: AcceptedPayoutItem[] = [];
  const problems: PayoutProblems = [];
  const firstIndex = new Map<string, number>();
  raw.forEach((value, index) => {
    const r = validatePayoutItem(value);
    const note = isRecord(value) && typeof value.credit_note === 'string' && value.credit_note !== '' ? value.credit_note : null;
    if (note !== null) {
      const first = firstIndex.get(note);
      if (first !== undefined) r.problems.push(`credit_note: "${note}" repeats item ${first} of this batch`);
      else {
        firstIndex.set(note, index);
        if (isTaken(note)) r.problems.push(`credit_note: "${note}" was already used by this merchant`);
      }
    }
    if (r.problems.length > 0) problems.push({ index, problems: r.problems });
    else if (r.item) items.push(r.item);
  });
  return { items, problems };
}
