import { MAX_PAYOUT_TEXT_LENGTH } from '../../contract/payouts.js';

/*
 * How payout validation quotes what was sent, and its e-mail test. Problems and warnings are stored
 * and answered, so a value is quoted only as far as a reader needs it: a long string by its start and
 * length, an object or array by its kind (never serialised, however deep it is nested).
 */

/** Characters of an over-long string quoted in a problem or warning. */
const QUOTED_PREFIX = 40;

/** A value as a problem or warning quotes it. */
export function shown(v: unknown): string {
  if (typeof v === 'string') {
    if (v.length <= MAX_PAYOUT_TEXT_LENGTH) return JSON.stringify(v);
    return `${JSON.stringify(v.slice(0, QUOTED_PREFIX))}… (${v.length} characters)`;
  }
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (v === undefined) return 'nothing';
  return Array.isArray(v) ? 'an array' : `a JSON ${typeof v}`;
}

/**
 * A value as a warning's detail keeps it: `sent` as `shown` quotes it, an over-long string's length
 * and a value that is not one (an array, an object) as params, so the words around them can be said
 * in any language. `warningText` writes exactly what `shown` does from them.
 */
export function quotedValue(v: unknown): { sent: string | null; params: Record<string, string> } {
  if (typeof v === 'string' && v.length > MAX_PAYOUT_TEXT_LENGTH)
    return { sent: `${JSON.stringify(v.slice(0, QUOTED_PREFIX))}…`, params: { sent_length: String(v.length) } };
  if (typeof v === 'object' && v !== null) return { sent: null, params: { sent_kind: Array.isArray(v) ? 'array' : 'object' } };
  if (v === undefined) return { sent: null, params: { sent_kind: 'nothing' } };
  return { sent: shown(v), params: {} };
}

/**
 * A field name as a warning's detail keeps it (an unknown key may be as long as the body allows): its
 * start, and its length when it was cut.
 */
export const quotedKey = (key: string): { field: string; params: Record<string, string> } =>
  key.length > QUOTED_PREFIX
    ? { field: `${key.slice(0, QUOTED_PREFIX)}…`, params: { field_length: String(key.length) } }
    : { field: key, params: {} };

/**
 * Looks like an e-mail address: one `@` with something before it, and a domain with a dot that has
 * something on both sides; no whitespace. Each step is one pass over the string (a single regular
 * expression for the same test backtracks quadratically on `a@` + `a.` × n + a space).
 */
export function looksLikeEmail(s: string): boolean {
  if (/\s/.test(s)) return false;
  const at = s.indexOf('@');
  if (at <= 0 || at !== s.lastIndexOf('@')) return false;
  const domain = s.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot > 0 && dot < domain.length - 1;
}
