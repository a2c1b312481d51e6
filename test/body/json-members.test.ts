import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJsonMembers } from '../../server/body/json-members.js';
import { SandboxError } from '../../server/contract/errors.js';

const code = (text: string) => {
  try {
    readJsonMembers(text);
    return 'OK';
  } catch (err) {
    return err instanceof SandboxError ? err.code : 'THROWN';
  }
};
const members = (text: string) =>
  Object.fromEntries([...readJsonMembers(text).members].map(([k, { kind, text: t }]) => [k, { kind, text: t }]));

describe('JSON body reader', () => {
  it('keeps the source text of numbers (the strings they print as)', () => {
    expect(members('{"amount": 50000.0000, "b": 50000.5, "c": -1e3, "d": 0}')).toEqual({
      amount: { kind: 'number', text: '50000.0000' },
      b: { kind: 'number', text: '50000.5' },
      c: { kind: 'number', text: '-1e3' },
      d: { kind: 'number', text: '0' },
    });
  });

  it('decodes strings and keeps objects, arrays and literals as their source text', () => {
    expect(members('{"s":"a\\u00f1\\"b", "o": {"x": [1, 2.50]}, "t": true, "n": null}')).toEqual({
      s: { kind: 'string', text: 'añ"b' },
      o: { kind: 'object', text: '{"x": [1, 2.50]}' },
      t: { kind: 'boolean', text: 'true' },
      n: { kind: 'null', text: 'null' },
    });
  });

  it('ends a string at the first quote after an even run of backslashes, in names and values', () => {
    const text = JSON.stringify({ 'k\\': 'a\\"b\\', q: '"\\\\"', e: '' });
    expect(members(text)).toEqual({
      'k\\': { kind: 'string', text: 'a\\"b\\' },
      q: { kind: 'string', text: '"\\\\"' },
      e: { kind: 'string', text: '' },
    });
    expect(code('{"a":"b\\"}')).toBe('INVALID_JSON');
    expect(code('{"a":"b\\\\"}')).toBe('OK');
  });

  it('reports names sent twice and keeps the first value, as a form does', () => {
    const r = readJsonMembers('{"a":"1","a":"2"}');
    expect(r.repeated).toEqual(['a']);
    expect(r.members.get('a')!.text).toBe('1');
  });

  it.each(['[1,2]', '"x"', '42', 'null', '[{"a":1}]'])('INVALID_JSON_STRUCTURE for %s (not an object)', (t) => {
    expect(code(t)).toBe('INVALID_JSON_STRUCTURE');
  });

  it.each([
    '{',
    '{"a":}',
    '{"a":01}',
    '{"a":1.}',
    "{'a':1}",
    '{"a":1,}',
    '{"a":1} x',
    '{"a":"\u0001"}',
    '{"a":tru}',
    '[1',
    `{"a":${'['.repeat(100)}`,
  ])('INVALID_JSON for %s', (t) => {
    expect(code(t)).toBe('INVALID_JSON');
  });

  it('agrees with JSON.parse on which texts parse, for any JSON value and any string', () => {
    const verdict = (t: string) => {
      try {
        const v: unknown = JSON.parse(t);
        return typeof v === 'object' && v !== null && !Array.isArray(v) ? 'OK' : 'INVALID_JSON_STRUCTURE';
      } catch {
        return 'INVALID_JSON';
      }
    };
    fc.assert(
      fc.property(fc.oneof(fc.json({ maxDepth: 4 }), fc.string({ maxLength: 30 })), (t) => {
        expect(code(t)).toBe(verdict(t));
      }),
      { seed: 21, numRuns: 400 },
    );
  });

  it('reads every member JSON.parse reads, with the same decoded strings and numbers', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ maxLength: 8 }),
          fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()),
        ),
        (o) => {
          const r = readJsonMembers(JSON.stringify(o));
          for (const [k, v] of Object.entries(o)) {
            const m = r.members.get(k)!;
            if (typeof v === 'string') expect(m.text).toBe(v);
            else expect(Number(m.text)).toBe(v === 0 ? 0 : v);
          }
        },
      ),
      { seed: 22, numRuns: 200 },
    );
  });
});
