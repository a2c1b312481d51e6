import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clabeForMerchant } from '../../server/domain/clabe.js';
import { MAX_PAYOUT_BATCH } from '../../server/contract/payouts.js';
import { control, startSandbox } from '../helpers/sandbox.js';
import { listPayouts, note, payoutItem, postPayouts } from './helpers.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** Posts one item and returns its problem list (asserting the batch was rejected). */
async function problemsOf(item: unknown): Promise<string[]> {
  const r = await postPayouts(sb.url, [item]);
  expect(r.status).toBe(400);
  expect(r.json.error.code).toBe('VALIDATION_ERROR');
  expect(r.json.error.details[0].index).toBe(0);
  return r.json.error.details[0].problems;
}

describe('payout item validation', () => {
  it('lists every missing required field', async () => {
    const problems = await problemsOf({});
    for (const f of [
      'order_id',
      'credit_note',
      'account_id',
      'account_type',
      'vat_id',
      'vat_id_type',
      'name',
      'amount',
      'channel',
      'bank',
    ]) {
      expect(problems).toContain(`${f}: required`);
    }
  });

  it('accepts an item without the optional fields', async () => {
    const r = await postPayouts(sb.url, [
      payoutItem({
        subject: undefined,
        bank_detail: undefined,
        user_email: undefined,
        phone_number: undefined,
        transfer_status: undefined,
      }),
    ]);
    expect(r.status).toBe(201);
  });

  it('accepts null in an optional field', async () => {
    const r = await postPayouts(sb.url, [payoutItem({ subject: null })]);
    expect(r.status).toBe(201);
    expect(r.json.data[0].warnings).toEqual([]);
  });

  it('refuses an empty required string as missing', async () => {
    expect(await problemsOf(payoutItem({ name: '' }))).toEqual(['name: required']);
  });

  it('refuses a zero or negative amount', async () => {
    expect(await problemsOf(payoutItem({ amount: 0 }))).toEqual(['amount: must be greater than 0 (got 0)']);
    expect(await problemsOf(payoutItem({ amount: -5 }))).toEqual(['amount: must be greater than 0 (got -5)']);
    expect(await problemsOf(payoutItem({ amount: '-5.00' }))).toEqual(['amount: must be greater than 0 (got "-5.00")']);
  });

  it('refuses an amount that is no number, or whose extra decimals are not zeros', async () => {
    expect(await problemsOf(payoutItem({ amount: 'mil' }))).toEqual(['amount: "mil" is not a number']);
    expect(await problemsOf(payoutItem({ amount: 10.123 }))).toEqual(['amount: 10.123 has more than 2 decimals']);
  });

  it('refuses a bank code that no list has, or that is no number', async () => {
    expect(await problemsOf(payoutItem({ bank: 999999 }))).toEqual([
      'bank: 999999 is not a bank code of the sandbox lists (see GET /sandbox/v1/test-values)',
    ]);
    expect(await problemsOf(payoutItem({ bank: '999999' }))).toEqual([
      'bank: 999999 is not a bank code of the sandbox lists (see GET /sandbox/v1/test-values)',
    ]);
    expect((await problemsOf(payoutItem({ bank: 'Santander' })))[0]).toMatch(/^bank: "Santander" is not a bank code/);
  });

  it('refuses a bank that is not of the given country', async () => {
    const [p] = await problemsOf(payoutItem({ country: 'PER', account_type: 'savings', vat_id_type: 'DNI', vat_id: '12345678', bank: 37 }));
    expect(p).toMatch(/^bank: 37 is not a bank code of Peru/);
  });

  it('infers Peru from a Peru-only bank code', async () => {
    const r = await postPayouts(sb.url, [payoutItem({ bank: 2, account_type: 'savings', vat_id_type: 'DNI', vat_id: '45678912' })]);
    expect(r.status).toBe(201);
    expect(r.json.data[0].warnings).toEqual([]);
    const p = await control(sb).getPayout({ id: r.json.data[0].id });
    expect(p.country).toBe('PER');
  });

  it('accepts a shared bank code with an explicit country', async () => {
    const r = await postPayouts(sb.url, [payoutItem({ bank: 9, country: 'CHL' })]);
    expect(r.status).toBe(201);
    expect(r.json.data[0].warnings).toEqual([]);
  });

  it('reads the country of a shared bank code from vat_id_type (RUT is Chilean, RUC Peruvian)', async () => {
    const r = await postPayouts(sb.url, [
      payoutItem({ bank: 9 }),
      payoutItem({ bank: 9, account_type: 'ahorro', vat_id_type: 'RUC', vat_id: '20123456789' }),
    ]);
    expect(r.status).toBe(201);
    expect(r.json.data.map((d: { warnings: string[] }) => d.warnings)).toEqual([[], []]);
    const countries = await Promise.all(r.json.data.map(async (d: { id: number }) => (await control(sb).getPayout({ id: d.id })).country));
    expect(countries).toEqual(['CHL', 'PER']);
  });

  it('accepts a Mexican CLABE with a valid check digit and warns on a wrong one', async () => {
    const mx = { bank: 40012, account_type: 'clabe', vat_id_type: 'RFC', vat_id: 'GODE561231GR8' };
    const valid = clabeForMerchant(42);
    const wrong = valid.slice(0, 17) + String((Number(valid[17]) + 1) % 10);
    const r = await postPayouts(sb.url, [payoutItem({ ...mx, account_id: valid }), payoutItem({ ...mx, account_id: wrong })]);
    expect(r.status).toBe(201);
    expect(r.json.data[0].warnings).toEqual([]);
    expect(r.json.data[1].warnings).toEqual([
      `account_id: sent "${wrong}"; the service asks for an 18-digit CLABE with a valid check digit`,
    ]);
  });

  it('refuses an item that is not an object', async () => {
    expect(await problemsOf('x')).toEqual(['item: must be a JSON object (got string)']);
  });

  it('reports problems per item with its index', async () => {
    const r = await postPayouts(sb.url, [payoutItem(), payoutItem({ amount: -1 }), payoutItem(), payoutItem({ bank: undefined })]);
    expect(r.status).toBe(400);
    expect(r.json.error.details).toEqual([
      { index: 1, problems: ['amount: must be greater than 0 (got -1)'] },
      { index: 3, problems: ['bank: required'] },
    ]);
    expect(r.json.error.message).toContain('2 of 4');
  });

  it('stores nothing when one item is bad (atomic batch)', async () => {
    const payrolls = async () => (await control(sb).listPayrolls({ query: { limit: 500 } })).items.length;
    const before = await payrolls();
    const good = payoutItem();
    const r = await postPayouts(sb.url, [good, payoutItem({ amount: 0 })]);
    expect(r.status).toBe(400);
    expect(await payrolls()).toBe(before);
    const list = await listPayouts(sb.url, { limit: 500 });
    expect(list.items.some((p) => p.credit_note === good.credit_note)).toBe(false);
    // the good item's credit note is still free
    expect((await postPayouts(sb.url, [good])).status).toBe(201);
  });

  it('refuses a credit_note repeated within the batch', async () => {
    const cn = note();
    const r = await postPayouts(sb.url, [payoutItem({ credit_note: cn }), payoutItem({ credit_note: cn })]);
    expect(r.status).toBe(400);
    expect(r.json.error.details).toEqual([{ index: 1, problems: [`credit_note: "${cn}" repeats item 0 of this batch`] }]);
  });

  it('refuses a credit_note used in an earlier batch of the merchant', async () => {
    const cn = note();
    expect((await postPayouts(sb.url, [payoutItem({ credit_note: cn })])).status).toBe(201);
    const r = await postPayouts(sb.url, [payoutItem({ credit_note: cn })]);
    expect(r.status).toBe(400);
    expect(r.json.error.details[0].problems).toEqual([`credit_note: "${cn}" was already used by this merchant`]);
  });

  it('accepts exactly one of two parallel batches with the same credit_note', async () => {
    const cn = note();
    const results = await Promise.all([
      postPayouts(sb.url, [payoutItem({ credit_note: cn })]),
      postPayouts(sb.url, [payoutItem({ credit_note: cn })]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it('lets another merchant use the same credit_note', async () => {
    const cn = note();
    await control(sb).createMerchant({ body: { name: 'Other', payout_token: 'tk_other_merchant_1' } });
    expect((await postPayouts(sb.url, [payoutItem({ credit_note: cn })])).status).toBe(201);
    expect((await postPayouts(sb.url, [payoutItem({ credit_note: cn })], { authorization: 'Bearer tk_other_merchant_1' })).status).toBe(
      201,
    );
  });

  it('refuses an empty batch', async () => {
    const r = await postPayouts(sb.url, []);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.message).toContain('empty');
  });

  it(`refuses a batch over ${MAX_PAYOUT_BATCH} items`, async () => {
    const items = Array.from({ length: MAX_PAYOUT_BATCH + 1 }, () => payoutItem());
    const r = await postPayouts(sb.url, items);
    expect(r.status).toBe(400);
    expect(r.json.error.message).toContain(`at most ${MAX_PAYOUT_BATCH}`);
  });

  it(`accepts a batch of exactly ${MAX_PAYOUT_BATCH} items`, async () => {
    const items = Array.from({ length: MAX_PAYOUT_BATCH }, () => payoutItem());
    const r = await postPayouts(sb.url, items);
    expect(r.status).toBe(201);
    expect(r.json.data).toHaveLength(MAX_PAYOUT_BATCH);
  });
});
