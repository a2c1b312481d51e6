import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readUrlEncoded } from '../../server/body/urlencoded.js';
import { FORM_LIMITS } from '../../server/body/fields.js';

const pairs = (text: string) => readUrlEncoded(text, { fields: 10_000 }).members.map((m) => [m.name, m.value]);

describe('urlencoded body reader', () => {
  it('reads every text as URLSearchParams does (the URL standard), escapes, lone % and bytes that are not UTF-8 included', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('%', '%2', '%zz', '%C3%A9', '%E9', '%ED%A0%80', '+', '=', '&&', '%26', 'a=b=c'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        expect(pairs(text)).toEqual([...new URLSearchParams(text)]);
      }),
      { seed: 37, numRuns: 600 },
    );
  });

  it('keeps names as data: toString, constructor and __proto__ are fields like any other', () => {
    const r = readUrlEncoded('toString=a&constructor=b&__proto__=c&hasOwnProperty=d', FORM_LIMITS);
    expect(Object.getPrototypeOf(r.fields)).toBeNull();
    expect({ ...r.fields }).toEqual({ toString: 'a', constructor: 'b', ['__proto__']: 'c', hasOwnProperty: 'd' });
    expect(readUrlEncoded('a=1', FORM_LIMITS).fields.toString).toBeUndefined();
    expect(r.repeated).toEqual([]);
  });

  it("gives each value's span after its name, so a value can be replaced leaving every other byte as sent", () => {
    const text = 'a=1&b&c=x%20y&a=2';
    const r = readUrlEncoded(text, FORM_LIMITS);
    expect(r.members.map((m) => text.slice(m.start, m.end))).toEqual(['=1', '', '=x%20y', '=2']);
    expect(r.repeated).toEqual(['a']);
    expect(r.fields.a).toBe('1');
  });

  it(`refuses more than ${FORM_LIMITS.fields} fields`, () => {
    expect(() => readUrlEncoded(Array.from({ length: 201 }, (_, i) => `x${i}=1`).join('&'), FORM_LIMITS)).toThrow(/more than 200 fields/);
  });
});
