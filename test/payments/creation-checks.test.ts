import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTime, readAmount } from '../../server/domain/creation-checks.js';
import { creationSignature, signatureMatches } from '../../server/domain/signature.js';
import { SandboxError } from '../../server/http/errors.js';
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
        expect(code(() => checkTime(t ? iso : iso.replace('T', ' ')))).toBe('OK');
      }),
      { seed: 3, numRuns: 200 },
    );
  });
});

describe('creation signature', () => {
  it('equals the helper’s independent computation and matches case-insensitively', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel', 'other'), fc.string()), (f) => {
        const sig = creationSignature(f, 'sk_x');
        expect(sig).toBe(helperSignature(f, 'sk_x'));
        expect(signatureMatches(sig.toUpperCase(), sig)).toBe(true);
        expect(signatureMatches(sig.slice(1), sig)).toBe(false);
      }),
      { seed: 5, numRuns: 100 },
    );
  });
});
