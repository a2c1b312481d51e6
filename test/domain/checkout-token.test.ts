import { describe, expect, it } from 'vitest';
import { checkoutToken, randomHexPool } from '../../server/domain/random-hex.js';

describe('checkout tokens', () => {
  it('are 32 hex digits, unique, and sort in creation-time order', () => {
    const t0 = Date.UTC(2026, 10, 22, 10);
    const tokens = Array.from({ length: 3000 }, (_, i) => checkoutToken(t0 + Math.floor(i / 10)));
    for (const t of tokens) expect(t).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Time-ordered across milliseconds: the token index grows at its end.
    for (let i = 10; i < tokens.length; i += 10) expect(tokens[i]! > tokens[i - 1]!).toBe(true);
  });

  it('keep 80 random bits after the time, so tokens of the same millisecond do not repeat or follow each other', () => {
    const same = Array.from({ length: 2000 }, () => checkoutToken(1_700_000_000_000).slice(12));
    expect(new Set(same).size).toBe(same.length);
    expect(same.every((s) => /^[0-9a-f]{20}$/.test(s))).toBe(true);
  });

  it('a random pool refills past its end without repeating', () => {
    const next = randomHexPool(6);
    const ids = Array.from({ length: 5000 }, next);
    expect(ids.every((s) => /^[0-9a-f]{12}$/.test(s))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
