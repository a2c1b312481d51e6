import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { brandOf, luhn, maskAccount, maskCard } from '../../server/channels/card.js';
import { checkCard } from '../../server/checkout/ch36-card-form.js';

const cards = JSON.parse(readFileSync(new URL('../../resources/test-values/cards.json', import.meta.url), 'utf8')) as {
  cards: { number: string; brand: string }[];
};

describe('the card module (channels/card.ts)', () => {
  it('names every test card with the brand cards.json lists, in lower case', () => {
    for (const c of cards.cards) expect([c.number, brandOf(c.number)]).toEqual([c.number, c.brand]);
  });

  it('reads Mastercard 2-series as 2221-2720 only', () => {
    expect(['2221000000000009', '2720990000000000', '2500000000000001'].map(brandOf)).toEqual(['mastercard', 'mastercard', 'mastercard']);
    expect(['2220990000000000', '2721000000000000', '2000000000000000'].map(brandOf)).toEqual(['other', 'other', 'other']);
    expect([brandOf('5105 1051 0510 5100'), brandOf('3782'), brandOf('3056'), brandOf('9999')]).toEqual([
      'mastercard',
      'amex',
      'diners',
      'other',
    ]);
  });

  it('checks the Luhn digit', () => {
    expect(cards.cards.every((c) => luhn(c.number))).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
  });

  it('masks 12-19 digit numbers to the first six and last four; anything else stays', () => {
    expect(maskCard('4111 1111 1111 1111')).toBe('411111******1111');
    expect(maskCard('378282246310005')).toBe('378282*****0005');
    expect(maskCard('411111******1111')).toBe('411111******1111');
    expect(maskCard('41111')).toBe('41111');
    expect(maskAccount('012345678901234567')).toBe('************4567');
    expect(maskAccount('123')).toBe('123');
  });

  it('is what the card form stores: the same brand and mask a notification sends', () => {
    const r = checkCard({ number: '2223 0031 2200 3222', exp: '12/99', cvv: '123' }, Date.UTC(2025, 0, 1));
    expect(r).toMatchObject({ ok: true, brand: 'mastercard', masked: maskCard('2223003122003222') });
  });
});
