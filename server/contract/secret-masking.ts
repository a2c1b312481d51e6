/**
 * What the request log hides. Secrets are found by the name a reader would decode, however the
 * request spells it: a urlencoded key with percent-escapes, a JSON key with `\u` escapes, a multipart
 * part's `name="…"`, a query string, any letter case. Their values are replaced whole. The scans
 * jump between delimiters with `indexOf` rather than run a regular expression over every character:
 * they run on every logged request and answer, some of them kilobytes of base64.
 */

/**
 * What stands in for a secret wherever one is shown: request-log excerpts, a diagnosis's signed
 * strings. Defined here, in a module without imports, because the request log's writer thread masks
 * entries and loads this module alone.
 */
export const MASKED_SECRET = '••••';

const SECRET_NAMES = new Set(['signature', 'secret_key', 'payout_token', 'payout_password', 'password', 'token', 'otp_code']);
/** Longer keys are no secret's name, however escaped (`%XX` triples a name's length, `\uXXXX` sextuples it). */
const MAX_KEY = 6 * 15;

function isSecret(rawName: string, decode: (s: string) => string): boolean {
  if (rawName.length > MAX_KEY) return false;
  const escaped = rawName.includes('%') || rawName.includes('+') || rawName.includes('\\');
  // Unescaped, only a name of a secret's length can be one (5 to 15 characters, with room for spaces).
  if (!escaped && (rawName.length < 5 || rawName.length > 24)) return false;
  return SECRET_NAMES.has((escaped ? decode(rawName) : rawName).trim().toLowerCase());
}

function decodeFormKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function decodeJsonKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** Replaces the given [start, end) ranges of `text` with the mask (ranges in order, not overlapping). */
function maskRanges(text: string, ranges: [number, number][]): string {
  if (ranges.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + MASKED_SECRET;
    at = end;
  }
  return out + text.slice(at);
}

/** `k=v&k=v` pairs (bodies, and the query string of a path or an address): a secret key's value, up to the next `&`. */
function formPairs(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let start = text.startsWith('/') || /^https?:\/\//i.test(text) ? text.indexOf('?') + 1 : 0;
  if (start < 0) return ranges;
  while (start < text.length) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    const eq = text.indexOf('=', start);
    if (eq >= 0 && eq < end && isSecret(text.slice(start, eq), decodeFormKey)) ranges.push([eq + 1, end]);
    start = end + 1;
  }
  return ranges;
}

/** The index of the quote closing the JSON string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let q = text.indexOf('"', open + 1);
  while (q >= 0) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
  return -1;
}

/** `"key": value` members of JSON at any depth; a null stays (it is no secret, and `otp_code: null` is common). */
function jsonMembers(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let open = text.indexOf('"');
  while (open >= 0) {
    const close = closingQuote(text, open);
    if (close < 0) break;
    let i = close + 1;
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13) i++;
    if (text[i] === ':' && isSecret(text.slice(open + 1, close), decodeJsonKey)) {
      i++;
      while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13) i++;
      if (text[i] === '"') {
        const end = closingQuote(text, i);
        ranges.push([i + 1, end < 0 ? text.length : end]);
        open = end < 0 ? -1 : text.indexOf('"', end + 1);
        continue;
      }
      const m = /^[^,}\]\s]+/.exec(text.slice(i, i + 64));
      if (m && m[0] !== 'null') ranges.push([i, i + m[0].length]);
    }
    open = text.indexOf('"', close + 1);
  }
  return ranges;
}

const PART_NAME = /\bname\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/** Multipart parts named as a secret: their content, up to the next boundary line. */
function multipartParts(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let at = 0;
  for (;;) {
    const headEnd = text.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const m = PART_NAME.exec(text.slice(at, headEnd));
    const start = headEnd + 4;
    const next = text.indexOf('\n--', start);
    const end = next < 0 ? text.length : text[next - 1] === '\r' ? next - 1 : next;
    if (m && isSecret(m[1] ?? m[2] ?? '', decodeFormKey)) ranges.push([start, end]);
    if (next < 0) break;
    at = next + 1;
  }
  return ranges;
}

/** A request or answer body, or a path with its query, with every secret value masked. */
export function maskSecrets(text: string): string {
  let out = maskRanges(text, formPairs(text));
  if (out.includes('"')) out = maskRanges(out, jsonMembers(out));
  if (out.startsWith('--') || out.includes('\n--')) out = maskRanges(out, multipartParts(out));
  return out;
}

/**
 * Request headers as the log keeps them: credentials (Authorization, Proxy-Authorization, Cookie)
 * keep only their scheme word; no part of a token is kept, whatever the path.
 */
export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const s = Array.isArray(v) ? v.join(', ') : v;
    if (k === 'authorization' || k === 'proxy-authorization')
      out[k] = /^\S+\s+\S/.test(s.trim()) ? `${s.trim().split(/\s+/)[0]} ${MASKED_SECRET}` : MASKED_SECRET;
    else out[k] = k === 'cookie' ? MASKED_SECRET : s;
  }
  return out;
}
