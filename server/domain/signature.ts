import { createHash, timingSafeEqual } from 'node:crypto';
import { CREATION_SIGNED_FIELDS } from '../contract/signed-fields.js';

/** Lowercase hex SHA-256 of a UTF-8 string. */
export const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** Plain concatenation of the raw values as sent (absent counts as empty) plus the secret. */
export function creationSignature(fields: Record<string, string>, secret: string): string {
  let s = '';
  for (const k of CREATION_SIGNED_FIELDS) s += fields[k] ?? '';
  return sha256Hex(s + secret);
}

/** Operation query: `public_key time mid_id trans_id` + secret. */
export const querySignature = (f: { public_key: string; time: string; mid_id: string; trans_id: string }, secret: string) =>
  sha256Hex(f.public_key + f.time + f.mid_id + f.trans_id + secret);

/** Manual notify: `public_key trans_id` + secret. */
export const notifySignature = (f: { public_key: string; trans_id: string }, secret: string) =>
  sha256Hex(f.public_key + f.trans_id + secret);

/**
 * Case-insensitive, constant-time comparison of a sent signature with the expected hex digest.
 * Lengths are compared first; that leaks only the length, which is public (64 hex characters).
 */
export function signatureMatches(sent: string, expected: string): boolean {
  const a = Buffer.from(sent.toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
