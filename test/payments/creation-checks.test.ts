import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAmount, readTime } from '../../server/domain/creation-checks.js';
import { signatureMatches } from '../../server/domain/secrets.js';
import { creationSignature } from '../../server/domain/signature.js';
import { SandboxError } from '../../server/contract/errors.js';
import { warningText, warningTexts, type Warning } from '../../server/contract/warnings.js';
import { creationSignature as helperSignature } from '../helpers/sandbox.js';

const code = (fn: () => unknown) => {
  try {
    fn();
    return 'OK';
  } catch (err) {
    return err instanceof SandboxError ? err.code : 'THROWN';
  }
};
const amount = (raw: string, whole = false) => readAmount(raw, { wholeAmounts: whole, maxAmount: 100_000_000, warnings: [] });

describe('amount parser', () => {
  it('reads any amount with at most 2 decimals exactly, in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (cents) => {
        const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(amount(text)).toEqual({ text, cents });
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('rounds channel 17 amounts half up to whole pesos', () => {
    expect(amount('100.5', true)).toEqual({ text: '101', cents: 10100 });
    expect(amount('100.4999', true)).toEqual({ text: '100', cents: 10000 });
  });

  it('reads more decimals that are all zeros as 2 decimals, with a warning (50000.0000 → 50000.00)', () => {
    const warnings: Warning[] = [];
    expect(readAmount('50000.0000', { wholeAmounts: false, maxAmount: 100_000_000, warnings })).toEqual({
      text: '50000.00',
      cents: 5_000_000,
    });
    expect(warningTexts(warnings)).toEqual(['amount: sent "50000.0000" — the service asks for 2 decimals — read as 50000.00']);
    expect(warnings).toEqual([{ code: 'amount_decimals_read', field: 'amount', sent: '"50000.0000"', params: { value: '50000.00' } }]);
  });

  it('reads channel 17 amounts with zero decimals as whole pesos, with a warning (50000.00 → 50000)', () => {
    const warnings: Warning[] = [];
    expect(readAmount('50000.00', { wholeAmounts: true, maxAmount: 100_000_000, warnings })).toEqual({ text: '50000', cents: 5_000_000 });
    expect(warningTexts(warnings)).toEqual(['amount: sent "50000.00" — the service asks for whole pesos on this channel — read as 50000']);
  });

  it.each(['10.005', '15000.001', '1.0001'])('INVALID_AMOUNT for %s (extra decimals that are not zeros)', (s) => {
    expect(code(() => amount(s))).toBe('INVALID_AMOUNT');
  });

  it('never throws anything but a documented SandboxError for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.boolean(), (s, whole) => {
        expect(['OK', 'INVALID_AMOUNT', 'NEGATIVE_AMOUNT', 'MAX_AMOUNT_LIMIT']).toContain(code(() => amount(s, whole)));
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});

describe('time parser', () => {
  it('accepts both layouts of any real date and time', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), fc.boolean(), (d, t) => {
        const iso = d.toISOString().slice(0, 19);
        const warnings: Warning[] = [];
        expect(code(() => readTime(t ? iso : iso.replace('T', ' '), warnings))).toBe('OK');
        expect(warnings).toEqual([]);
      }),
      { seed: 3, numRuns: 200 },
    );
  });
});

describe('time parser, liberal readings of any ISO 8601 date-time', () => {
  it.each([
    '2026-11-23T21:00:43+00:00',
    '2026-11-23T21:00:43Z',
    '2026-11-23 21:00:43.123',
    '2026-11-23T21:00:43.123456-05:00',
    '2026-11-23T21:00',
    '20261123T210043Z',
    '2026-11-23t21:00:43z',
    '2026-11-23T21:00:43+0530',
  ])('accepts the ISO 8601 date-time %s with a warning naming the field, the value and the layouts', (t) => {
    const warnings: Warning[] = [];
    expect(code(() => readTime(t, warnings))).toBe('OK');
    expect(warnings).toHaveLength(1);
    expect(warningText(warnings[0]!)).toContain(`time: sent ${JSON.stringify(t)}`);
    expect(warningText(warnings[0]!)).toContain('YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS');
  });

  it.each(['1970-01-01 00:00:00', '2999-12-31T23:59:59'])('never rejects an old or future time (%s)', (t) => {
    expect(code(() => readTime(t, []))).toBe('OK');
  });

  it.each([
    'yesterday',
    '2026-11-23',
    '2026-02-30 10:00:00',
    '2026-11-23 24:00:00',
    '2026-11-23T21:00:43+25:00',
    '23/11/2026 21:00:43',
    '1764000000',
    '2026-11-23T21:00:43 +00:00',
  ])('INVALID_TIME for %s (no date-time)', (t) => {
    expect(code(() => readTime(t, []))).toBe('INVALID_TIME');
  });
});

describe('creation signature', () => {
  it('equals the helper’s independent computation and matches case-insensitively', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            'public_key',
            'time',
            'amount',
            'currency',
            'trans_id',
            'time_expired',
            'url_ok',
            'url_error',
            'channel',
            'other',
          ),
          fc.string(),
        ),
        (f) => {
          const sig = creationSignature(f, 'sk_x');
          expect(sig).toBe(helperSignature(f, 'sk_x'));
          expect(signatureMatches(sig.toUpperCase(), sig)).toBe(true);
          expect(signatureMatches(sig.slice(1), sig)).toBe(false);
        },
      ),
      { seed: 5, numRuns: 100 },
    );
  });
});
