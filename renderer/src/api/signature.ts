/**
 * Signatures computed in the browser, so a copied curl works when pasted and the inspector can show
 * the exact string that was hashed.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { creationPathOf } from '@contract/common.js';

/** Field orders of the creation and notification signatures, shared with the server. */
export {
  CREATION_SIGNED_FIELDS as CREATION_ORDER,
  NOTIFICATION_SIGNED_FIELDS as NOTIFICATION_ORDER,
  NOTIFICATION_SIGNED_FIELDS_LEGACY as NOTIFICATION_ORDER_LEGACY,
} from '@contract/signed-fields.js';
import { CREATION_SIGNED_FIELDS as CREATION_ORDER } from '@contract/signed-fields.js';

/** The channel's creation path (CHANNEL_PATHS). */
export const creationPath = (channel: number | string) => creationPathOf(Number(channel));

/**
 * SHA-256 of the UTF-8 text, hex. Not crypto.subtle: browsers only offer it on secure origins, and a
 * colleague opens a shared sandbox over plain http from another machine. @noble/hashes is an audited
 * pure-JS implementation that runs anywhere. Async, as callers already await it.
 */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The exact string that is hashed: the fields' raw values in order, then the secret. */
export const signedString = (fields: Record<string, string>, order: readonly string[], secret: string) =>
  order.map((k) => fields[k] ?? '').join('') + secret;

export const creationSignature = (fields: Record<string, string>, secret: string) =>
  sha256Hex(signedString(fields, CREATION_ORDER, secret));

/** `YYYY-MM-DD HH:MM:SS` in UTC, the first layout the service lists for `time`. */
export const requestTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Single-quoted for POSIX shells: safe for any value, including quotes and newlines. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl that posts form fields (URL-encoded, utf-8) the way a merchant's server would; `-w '\n'` ends
 * the answer (a bare address) with a newline, so it does not run into the shell's prompt.
 */
export function formCurl(url: string, fields: Record<string, string>): string {
  const lines = [`curl -sS -w '\\n' -X POST ${shellQuote(url)}`, `  -H 'Content-Type: application/x-www-form-urlencoded; charset=utf-8'`];
  for (const [k, v] of Object.entries(fields)) lines.push(`  --data-urlencode ${shellQuote(`${k}=${v}`)}`);
  return lines.join(' \\\n');
}

/**
 * Re-signs creation fields with a fresh `time` and the merchant's secret, and answers a curl for
 * them, so the copy is accepted when pasted (the stored request's signature is for its old time).
 */
export async function creationCurl(base: string, fields: Record<string, string>, secret: string, nowMs: number): Promise<string> {
  const fresh: Record<string, string> = { ...fields, time: requestTime(nowMs) };
  delete fresh.signature;
  fresh.signature = await creationSignature(fresh, secret);
  return formCurl(base + creationPath(fresh.channel ?? '17'), fresh);
}

/** Parses what an operator pastes: a form body `a=b&c=d`, a JSON object, `key: value` lines or a curl. */
export function parsePastedFields(text: string): Record<string, string> {
  const t = text.trim();
  if (!t) return {};
  if (t.startsWith('{')) {
    const obj: unknown = JSON.parse(t);
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new Error('the JSON must be an object');
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  }
  if (/^curl\s/.test(t)) {
    const out: Record<string, string> = {};
    const re = /--data(?:-urlencode|-raw)?\s+'((?:[^']|'\\'')*)'|-[dF]\s+'((?:[^']|'\\'')*)'/g;
    for (const m of t.matchAll(re)) {
      const pair = (m[1] ?? m[2] ?? '').replace(/'\\''/g, "'");
      const i = pair.indexOf('=');
      if (i > 0) out[pair.slice(0, i)] = pair.slice(i + 1);
    }
    return out;
  }
  if (!t.includes('\n') && t.includes('=')) return Object.fromEntries(new URLSearchParams(t));
  const out: Record<string, string> = {};
  for (const line of t.split(/\r?\n/)) {
    const m = /^\s*([\w.\-[\]]+)\s*[:=]\s?(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!.trim();
  }
  return out;
}
