import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, DEMO, sha256, startSandbox } from '../helpers/sandbox.js';
import { paymentFields } from '../helpers/payments.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import type { Sandbox } from '../../server/sandbox.js';
import { ScenarioSchema } from '../../server/contract/scenario-schema.js';
import { answer } from '../helpers/sandbox.js';
import { chromeHar, FORM, form, PROD_HOST, PROD_CREATION_URL } from './fixtures/tools.js';
import { startProduction, type Production } from './fixtures/production.js';
import { notifyTo, replay } from './helpers.js';

// Each test drives "production" through an incident as a shop's code would, records its calls into a
// HAR and collects the notifications the shop received, then replays both into a fresh sandbox.

let prod: Production;
let sb: Sandbox & { url: string };
let rx: Receiver;
beforeEach(async () => {
  prod = await startProduction();
});
afterEach(() => prod.stop());
beforeAll(async () => {
  sb = await startSandbox();
  rx = await startReceiver();
  await notifyTo(sb, rx.url);
});
afterAll(async () => {
  await rx.close();
  await sb.stop();
});

let midId = '';
const queryUrl = async (transId: string) => {
  midId ||= String((await control(prod.sb).listMerchants()).items.find((m) => m.public_key === DEMO.public_key)!.mid_id);
  const time = '2026-11-20 14:05:00';
  const signature = sha256(DEMO.public_key + time + midId + transId + DEMO.secret_key);
  const query = new URLSearchParams({ public_key: DEMO.public_key, time, mid_id: midId, trans_id: transId, signature });
  return `${PROD_HOST}/api/operations?${query}`;
};
const create = (fields: Record<string, string>) => prod.call({ method: 'POST', url: PROD_CREATION_URL, type: FORM, text: form(fields) });
/** The first operation production created with a trans_id (the list is newest first). */
const firstOf = async (transId: string) => (await control(prod.sb).listOperations({ query: { q: transId } })).items.at(-1)!;
const har = () => chromeHar(prod.calls.map((c) => ({ ...c, started: c.started })));
const queryStatus = (body: string | null) => (JSON.parse(body ?? '[]') as { status: number }[]).map((r) => r.status);

describe('outcomes are applied at their moment', () => {
  it("a notification's time puts it before the first call that started after it: each query answers production's status", async () => {
    const f = paymentFields(17);
    await create(f);
    await prod.later();
    await prod.call({ method: 'GET', url: await queryUrl(f.trans_id!) });
    await prod.later();
    await control(prod.sb).confirmOperation({ id: (await firstOf(f.trans_id!)).id });
    await prod.shop.next({ trans_ID: f.trans_id! });
    await prod.later();
    await prod.call({ method: 'GET', url: await queryUrl(f.trans_id!) });

    const r = await replay(sb, { har: har(), notifications: prod.received() });
    const [, before, after] = r.data.entries;
    expect(queryStatus(before!.sandbox!.body)).toEqual([1]);
    expect(queryStatus(after!.sandbox!.body)).toEqual([2]);
    expect(r.data.drift_count).toBe(0);
    expect(r.data.outcomes[0]).toMatchObject({ applied: true, outcome: 'confirmed', before_entry: 2 });
  });

  it('a notification without a usable time goes before the first query whose production answer shows it', async () => {
    const f = paymentFields(17);
    await create(f);
    await prod.call({ method: 'GET', url: await queryUrl(f.trans_id!) });
    await control(prod.sb).rejectOperation({ id: (await firstOf(f.trans_id!)).id, body: { rejection_code: 'R05' } });
    await prod.shop.next({ trans_ID: f.trans_id! });
    await prod.call({ method: 'GET', url: await queryUrl(f.trans_id!) });
    const notifications = prod.received().map((n) => form(Object.fromEntries([...new URLSearchParams(n)].filter(([k]) => k !== 'time'))));

    const r = await replay(sb, { har: har(), notifications });
    expect(r.data.entries.map((e) => queryStatus(e.kind === 'operation_query' ? e.sandbox!.body : '[]'))).toEqual([[], [1], [3]]);
    expect(r.data.outcomes[0]).toMatchObject({ applied: true, outcome: 'rejected', rejection_code: 'R05', before_entry: 2 });
    expect(r.data.drift_count).toBe(0);
  });
});

describe('a notification applies to the operation whose trans_id, amount and currency match', () => {
  it('two operations share a trans_id: the one production confirmed is confirmed; the shop gets the amount production sent', async () => {
    const first = paymentFields(17, { amount: '10000' });
    const second = paymentFields(17, { amount: '25000', trans_id: first.trans_id! });
    await create(first);
    await create(second);
    await control(prod.sb).confirmOperation({ id: (await firstOf(first.trans_id!)).id });
    const sent = await prod.shop.next({ trans_ID: first.trans_id! });

    const r = await replay(sb, { har: har(), notifications: prod.received() });
    const [okId, otherId] = r.data.operations;
    expect(r.data.outcomes[0]).toMatchObject({ applied: true, operation_id: okId });
    expect((await control(sb).getOperation({ id: otherId! })).status).toBe('pending');
    const replayed = await rx.next({ trans_ID: first.trans_id! });
    expect([replayed.fields.amount, replayed.fields.currency]).toEqual([sent.fields.amount, sent.fields.currency]);
  });
});

describe('refusals are reproduced, not repaired', () => {
  it('a bad signature, bad payout credentials and an unknown token are refused again, and the scenario expects the refusals', async () => {
    const f = paymentFields(17, { signature: 'ab'.repeat(32) });
    await create(f);
    await prod.call({
      method: 'POST',
      url: `${PROD_HOST}/api/login`,
      type: 'application/json',
      text: JSON.stringify({ username: 'payout_demo', password: 'wrong' }),
    });
    await prod.call({
      method: 'POST',
      url: `${PROD_HOST}/api/transactions/`,
      type: 'application/json',
      headers: { Authorization: 'Bearer tk_not_a_token' },
      text: JSON.stringify([{ order_id: 'o', credit_note: 'c', amount: 1000 }]),
    });
    expect(prod.calls.map((c) => c.status)).toEqual([400, 401, 401]);

    const r = await replay(sb, { har: har() });
    expect(r.data.entries.map((e) => [e.sandbox!.status, e.sandbox!.code, e.drift])).toEqual([
      [400, 'INVALID_SIGNATURE', []],
      [401, 'INVALID_CREDENTIALS', []],
      [401, 'UNAUTHORIZED', []],
    ]);
    expect(r.data.entries[0]!.notes).toEqual([{ code: 'refusal_reproduced', params: { code: 'INVALID_SIGNATURE' } }]);
    expect(r.data.operations).toEqual([]);

    const rec = await answer(sb, 'replayScenario', { id: r.data.id });
    const steps = rec.data.scenario.steps as { action: string; expect?: unknown; sign?: boolean }[];
    expect(steps.map((s) => [s.action, s.expect])).toEqual([
      ['create_payment', { http_status: 400, error_code: 'INVALID_SIGNATURE' }],
      ['create_payouts', { http_status: 401, error_code: 'UNAUTHORIZED' }],
    ]);
    const run = await answer(sb, 'runScenario', { body: { scenario: ScenarioSchema.parse(rec.data.scenario) } });
    expect(run.data.ok, JSON.stringify(run.data.steps.filter((s) => s.status === 'failed'))).toBe(true);
  });

  it('an expired login token is refused with TOKEN_EXPIRED again', async () => {
    const login = await prod.call({
      method: 'POST',
      url: `${PROD_HOST}/api/login`,
      type: 'application/json',
      text: JSON.stringify({ username: 'payout_demo', password: 'pw_sandbox_demo' }),
    });
    await prod.later(61);
    await prod.call({
      method: 'GET',
      url: `${PROD_HOST}/api/transactions/?limit=5`,
      headers: { Authorization: `Bearer ${(JSON.parse(login.body) as { token: string }).token}` },
    });
    expect(prod.calls.map((c) => c.status)).toEqual([200, 401]);
    const r = await replay(sb, { har: har() });
    expect(r.data.entries.map((e) => [e.sandbox!.status, e.sandbox!.code])).toEqual([
      [200, null],
      [401, 'TOKEN_EXPIRED'],
    ]);
  });
});

describe('payouts follow production', () => {
  const item = (note: string, channel: string) => ({
    order_id: `PO-${note}`,
    credit_note: note,
    account_id: '000123456789',
    account_type: 'corriente',
    vat_id: '12345678-5',
    vat_id_type: 'RUT',
    name: 'Juana',
    amount: 1000,
    channel,
    bank: 37,
  });

  it("a recorded transfer_status drives the item before the entry that shows it; the shop's payout callback approves it", async () => {
    const note = `CN-${Date.now()}`;
    const batch = await prod.call({
      method: 'POST',
      url: `${PROD_HOST}/api/transactions/`,
      type: 'application/json',
      headers: { Authorization: 'Bearer tk_sandbox_demo' },
      text: JSON.stringify([item(note, `${prod.shop.url}/payout-callback`)]),
    });
    const id = (JSON.parse(batch.body) as { data: { id: number }[] }).data[0]!.id;
    await control(prod.sb).processPayouts({ body: {} });
    await prod.shop.next((x) => x.path === '/payout-callback');
    await prod.call({ method: 'GET', url: `${PROD_HOST}/api/transactions/${id}`, headers: { Authorization: 'Bearer tk_sandbox_demo' } });
    expect(JSON.parse(prod.calls[1]!.response!)).toMatchObject({ status: 'approved', transfer_status: 2 });

    const r = await replay(sb, { har: har(), notifications: prod.received() });
    const [, read] = r.data.entries;
    expect(JSON.parse(read!.sandbox!.body!)).toMatchObject({ status: 'approved', transfer_status: 2 });
    expect(read!.drift).toEqual([]);
    expect(r.data.outcomes[0]).toMatchObject({ kind: 'payout', outcome: 'approved', applied: true, credit_note: note });
    // The item's address is production's beneficiary: its callback is held back and the report says so.
    const replayedId = JSON.parse(read!.sandbox!.body!).id as number;
    expect(r.data.held_callbacks).toEqual([{ payout_id: replayedId, address: `${prod.shop.url}/payout-callback` }]);
    const notes = await control(sb).listNotifications({ query: { payout_id: replayedId } });
    expect(notes.items.map((n) => n.kind)).not.toContain('payout_callback');
  });

  it('sends payout callbacks to the recorded addresses only when the operator asks', async () => {
    const note = `CN-SEND-${Date.now()}`;
    await prod.call({
      method: 'POST',
      url: `${PROD_HOST}/api/transactions/`,
      type: 'application/json',
      headers: { Authorization: 'Bearer tk_sandbox_demo' },
      text: JSON.stringify([item(note, `${rx.url}/beneficiary`)]),
    });
    const r = await replay(sb, {
      har: har(),
      notifications: [{ reference: 'R', otp_code: '1', id_platform: 1, credit_note: note }],
      send_payout_callbacks: true,
    });
    expect(r.data.held_callbacks).toBeUndefined();
    const callback = await rx.next((x) => x.path === '/beneficiary');
    expect(callback.json).toMatchObject({ credit_note: note });
  });
});
