import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAYOUT_TEXT_LENGTH } from '../../server/contract/payouts.js';
import { validatePayoutItem } from '../../server/domain/payouts/validation.js';
import { looksLikeEmail } from '../../server/domain/payouts/text.js';
import { startSandbox } from '../helpers/sandbox.js';
import { listPayouts, payoutItem, postPayouts } from './helpers.js';

// Bad payout input costs no more than it should: every text field is String(255), a value is never
// quoted whole or serialised however deep it is, and the e-mail test is linear.
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const TEXT_FIELDS = [
  'order_id',
  'credit_note',
  'account_id',
  'account_type',
  'vat_id',
  'vat_id_type',
  'name',
  'subject',
  'bank_detail',
  'channel',
  'user_email',
  'phone_number',
  'amount',
] as const;

/** A value of the field exactly `length` characters long that is otherwise acceptable. */
function ofLength(field: (typeof TEXT_FIELDS)[number], length: number): string {
  if (field === 'amount') return '1'.padStart(length, '0');
  if (field === 'channel') return 'https://beneficiary.example/' + 'a'.repeat(length - 'https://beneficiary.example/'.length);
  if (field === 'user_email') return 'a'.repeat(length - '@example.com'.length) + '@example.com';
  return 'x'.repeat(length);
}

describe('payout text lengths', () => {
  it.each(TEXT_FIELDS)('%s: 255 characters pass, 256 reject the batch with a problem naming the field; nothing stored', async (field) => {
    const before = (await listPayouts(sb.url)).items.length;
    const ok = await postPayouts(sb.url, [payoutItem({ [field]: ofLength(field, MAX_PAYOUT_TEXT_LENGTH) })]);
    expect(ok.status).toBe(201);
    const long = ofLength(field, MAX_PAYOUT_TEXT_LENGTH + 1);
    const r = await postPayouts(sb.url, [payoutItem(), payoutItem({ [field]: long })]);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.details).toEqual([{ index: 1, problems: [`${field}: longer than 255 characters (got 256); String(255)`] }]);
    expect((await listPayouts(sb.url)).items.length).toBe(before + 1);
  });

  it('a 500 KB name is refused in a short answer that quotes none of it', async () => {
    const r = await postPayouts(sb.url, [payoutItem({ name: 'n'.repeat(500_000), amount: 'a'.repeat(300_000) })]);
    expect(r.status).toBe(400);
    expect(r.json.error.details[0].problems).toEqual([
      'name: longer than 255 characters (got 500000); String(255)',
      'amount: longer than 255 characters (got 300000); String(255)',
    ]);
    expect(r.text.length).toBeLessThan(1000);
  });

  it('an unknown key as long as the body allows is quoted by its start only', async () => {
    const key = 'k'.repeat(100_000);
    const r = await postPayouts(sb.url, [payoutItem({ [key]: 1 })]);
    expect(r.status).toBe(201);
    expect(r.json.data[0].warnings).toEqual([`${'k'.repeat(40)}… (100000 characters): not a payout item field; ignored`]);
  });
});

describe('hostile shapes', () => {
  /** `{"a":{"a":…}}` nested `depth` deep. */
  const nested = (depth: number): unknown => {
    let v: unknown = 'x';
    for (let i = 0; i < depth; i++) v = { a: v };
    return v;
  };

  it('a name nested 50,000 objects deep is a problem naming its type, not a stack overflow', () => {
    const r = validatePayoutItem(payoutItem({ name: nested(50_000), vat_id_type: [nested(50_000)], country: nested(50_000) }));
    expect(r.item).toBeNull();
    expect(r.problems).toEqual(['name: must be a string or a number (got a JSON object)', 'vat_id_type: must be a string (got an array)']);
  });

  it('over HTTP it answers 400 in the documented shape, never a 500', async () => {
    const deep = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const body = `[${JSON.stringify(payoutItem({ name: null })).replace('"name":null', `"name":${deep}`)}]`;
    const r = await postPayouts(sb.url, body);
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.error).sort()).toEqual(expect.arrayContaining(['code', 'message']));
    expect(r.text.length).toBeLessThan(2000);
  });
});

describe('the payout e-mail test', () => {
  // The pattern it replaces: same answers, without its quadratic backtracking.
  const OLD = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

  it('answers as the old pattern on every short string of the characters that matter', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '@', '.', ' ', '\t', '\n', '\u00a0', 'é'), maxLength: 12 }), (s) => {
        expect(looksLikeEmail(s)).toBe(OLD.test(s));
      }),
      { numRuns: 5000 },
    );
    expect(looksLikeEmail('juana@example.com')).toBe(true);
    expect(looksLikeEmail('juana')).toBe(false);
  });

  it('takes one pass on the input that made the old pattern quadratic', () => {
    // `a@` + `a.` × 100,000 + a space: the old pattern backtracks through about 10^10 steps here
    // (two minutes of a blocked event loop in this test with the old pattern); one pass reads 200,000 characters.
    const hostile = 'a@' + 'a.'.repeat(100_000) + ' ';
    expect(looksLikeEmail(hostile)).toBe(false);
    expect(looksLikeEmail(hostile.trimEnd())).toBe(true);
  });
});
