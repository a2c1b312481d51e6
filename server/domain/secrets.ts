import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Hashing and comparing secrets, in one place: every signature, payout token, payout password and
 * control token is compared here, in constant time, so an answer's timing never tells a caller how
 * much of a guess was right.
 */

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** Lowercase hex SHA-256 of a UTF-8 string. */
export const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * A constant-time test for equality with `text`: the digests compared have equal length whatever is
 * sent, so not even the length leaks. `text` is hashed once, for callers that test it many times.
 */
export const equalsText = (text: string): ((other: string) => boolean) => {
  const d = digest(text);
  return (other) => timingSafeEqual(digest(other), d);
};

/** Constant-time text equality. */
export const sameText = (a: string, b: string): boolean => equalsText(a)(b);

/**
 * Case-insensitive, constant-time comparison of a sent signature with the expected hex digest.
 * Lengths are compared first; that leaks only the length, which is public (64 hex characters).
 */
export function signatureMatches(sent: string, expected: string): boolean {
  const a = Buffer.from(sent.toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
