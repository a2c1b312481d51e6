import { randomBytes } from 'node:crypto';

/**
 * Random hex strings of `bytes` bytes drawn from a pool: one randomBytes call per request cost
 * about 1% of the creation path, one call per thousand requests costs nothing.
 */
export function randomHexPool(bytes: number): () => string {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + bytes > pool.length) {
      pool = randomBytes(bytes * 1024);
      at = 0;
    }
    return pool.toString('hex', at, (at += bytes));
  };
}

const tokenRandom = randomHexPool(10);

/**
 * A checkout tokenID: 32 hex digits, the creation time in ms (12 digits) then 80 random bits.
 * Unguessable all the same, and time-ordered, so inserting it appends to the end of the token
 * index instead of dirtying a random page of it on every creation.
 */
export const checkoutToken = (createdAt: number): string =>
  Math.max(0, Math.floor(createdAt)).toString(16).padStart(12, '0').slice(-12) + tokenRandom();
