import { createHash } from 'node:crypto';
import { CREATION_SIGNED_FIELDS } from '../contract/signed-fields.js';
import { notificationSignature, type SignatureLayout } from '../delivery/payload.js';
import { sha256Hex, signatureMatches } from './secrets.js';

/** Values up to this many characters in all are joined and hashed in one call (every ordinary creation). */
const JOIN_LIMIT = 64 * 1024;

/**
 * Plain concatenation of the raw values as sent (absent counts as empty) plus the secret. Values
 * that may weigh a megabyte are hashed value by value, the same digest without first joining them;
 * an ordinary request's are joined, as one call into the hash costs less than ten.
 */
export function creationSignature(fields: Record<string, string>, secret: string): string {
  const values = CREATION_SIGNED_FIELDS.map((k) => fields[k] ?? '');
  let length = 0;
  for (const v of values) length += v.length;
  // A value ending in half a surrogate pair makes one character with the next once joined: join then.
  if (length <= JOIN_LIMIT || values.some(endsInHighSurrogate)) return sha256Hex(values.join('') + secret);
  const hash = createHash('sha256');
  for (const v of values) hash.update(v, 'utf8');
  return hash.update(secret, 'utf8').digest('hex');
}

function endsInHighSurrogate(s: string): boolean {
  const c = s.charCodeAt(s.length - 1);
  return c >= 0xd800 && c <= 0xdbff;
}

/** Operation query: `public_key time mid_id trans_id` + secret. */
export const querySignature = (f: { public_key: string; time: string; mid_id: string; trans_id: string }, secret: string) =>
  sha256Hex(f.public_key + f.time + f.mid_id + f.trans_id + secret);

/** Manual notify: `public_key trans_id` + secret. */
export const notifySignature = (f: { public_key: string; trans_id: string }, secret: string) =>
  sha256Hex(f.public_key + f.trans_id + secret);

/**
 * True when a received notification's `signature` is right for `secret` in the given layout: the
 * check a merchant's handler makes (the testkit's `verifyNotification`, a scenario's `signature_valid`).
 */
export function notificationSignatureValid(fields: Record<string, string>, secret: string, layout: SignatureLayout = 'standard'): boolean {
  return typeof fields.signature === 'string' && signatureMatches(fields.signature, notificationSignature(fields, layout, secret));
}
