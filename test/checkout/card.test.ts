import { describe, expect, it } from 'vitest';
import { checkCard } from '../../server/checkout/ch36-card-form.js';
import { testCards } from '../../server/checkout/test-credentials.js';

// 15 June 2030 on the sandbox clock.
const NOW = Date.UTC(2030, 5, 15);
const ok = (number: string, exp = '12/31', cvv = '123') => checkCard({ number, exp, cvv }, NOW);

describe('channel 36 sandbox card rules', () => {
  it('accepts every listed success card', () => {
    for (const c of testCards().cards.filter((x) => x.result === 'success')) {
      const cvv = c.brand === 'amex' ? '1234' : '123';
      expect(ok(c.number, '12/31', cvv)).toMatchObject({ ok: true, failure: null, brand: c.brand });
    }
  });

  it('gives each failing card its code, covering 3001 to 3005', () => {
    const codes = new Set<string>();
    for (const c of testCards().cards.filter((x) => x.result === 'failure')) {
      const r = ok(c.number, '12/31', c.brand === 'amex' ? '1234' : '123');
      expect(r).toMatchObject({ ok: true, failure: { code: c.code } });
      codes.add(c.code!);
    }
    expect([...codes].sort()).toEqual(['3001', '3002', '3003', '3004', '3005']);
  });

  it('declines any other well-formed number with 3001', () => {
    expect(ok('4012888888881881')).toMatchObject({ ok: true, failure: { code: '3001' } });
  });

  it('refuses a number that fails the check digit', () => {
    expect(ok('4111111111111112')).toMatchObject({ ok: false, field: 'number' });
  });

  it('refuses an expiry in the current month of the sandbox clock', () => {
    expect(ok('4111111111111111', '06/30')).toMatchObject({ ok: false, field: 'exp' });
  });

  it('accepts an expiry in the next month', () => {
    expect(ok('4111111111111111', '07/2030')).toMatchObject({ ok: true });
  });

  it('refuses a malformed expiry', () => {
    expect(ok('4111111111111111', '13/31')).toMatchObject({ ok: false, field: 'exp' });
  });

  it('needs 3 CVV digits on a 3-digit scheme', () => {
    expect(ok('4111111111111111', '12/31', '1234')).toMatchObject({ ok: false, field: 'cvv' });
  });

  it('needs 4 CVV digits on the 4-digit scheme', () => {
    expect(ok('378282246310005', '12/31', '123')).toMatchObject({ ok: false, field: 'cvv' });
    expect(ok('378282246310005', '12/31', '1234')).toMatchObject({ ok: true });
  });

  it('masks all but the first six and last four digits', () => {
    expect(ok('4111 1111 1111 1111')).toMatchObject({ masked: '411111******1111' });
  });
});
