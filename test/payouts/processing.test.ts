import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, api, control, failure, startSandbox } from '../helpers/sandbox.js';
import { advance, payoutItem, postPayouts } from './helpers.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const getPayout = (id: number) => control(sb).getPayout({ id });
const batch = async (amounts: number[]) => {
  const r = await postPayouts(
    sb.url,
    amounts.map((amount) => payoutItem({ amount })),
  );
  expect(r.status).toBe(201);
  return r.json as { payroll: number; data: { id: number }[] };
};
/** The control API as the console calls it: its calls say they come from the operator. */
const operator = () => control(sb, { headers: { 'x-sandbox-actor': 'operator' } });

describe('payout processing on the sandbox clock', () => {
  it('keeps items pending before the processing delay has passed', async () => {
    const b = await batch([1000]);
    await advance(sb.url, 4);
    expect((await getPayout(b.data[0]!.id)).status).toBe('pending');
  });

  it('approves an even amount and rejects an odd one after the delay', async () => {
    const b = await batch([1000, 1001]);
    await advance(sb.url, 6);
    const [even, odd] = await Promise.all([getPayout(b.data[0]!.id), getPayout(b.data[1]!.id)]);
    expect(even).toMatchObject({
      status: 'approved',
      transfer_status: 2,
      decided_by: 'rule',
      reference: expect.stringMatching(/^PO-/),
      otp_code: expect.stringMatching(/^\d{6}$/),
    });
    expect(odd).toMatchObject({
      status: 'rejected',
      transfer_status: 3,
      transfer_status_description: 'rejected',
      decided_by: 'rule',
      otp_code: null,
      reference: null,
    });
    expect(even.processed_at).not.toBeNull();
  });

  it("reads the amount's integer part for even/odd", async () => {
    const b = await batch([10.99, 11.5]);
    await advance(sb.url, 6);
    expect((await getPayout(b.data[0]!.id)).status).toBe('approved');
    expect((await getPayout(b.data[1]!.id)).status).toBe('rejected');
  });

  it('processes at the configured delay', async () => {
    await control(sb).updateSettings({ body: { payout_processing_delay_minutes: 60 } });
    try {
      const b = await batch([2000]);
      const p = await getPayout(b.data[0]!.id);
      expect(Date.parse(p.process_at) - Date.parse(p.created_at)).toBe(60 * 60_000);
      await advance(sb.url, 30);
      expect((await getPayout(b.data[0]!.id)).status).toBe('pending');
      await advance(sb.url, 31);
      expect((await getPayout(b.data[0]!.id)).status).toBe('approved');
    } finally {
      await control(sb).updateSettings({ body: { payout_processing_delay_minutes: 5 } });
    }
  });

  it("keeps the operator's approval of an odd amount when the payroll is processed", async () => {
    const b = await batch([1001, 1003]);
    expect(await operator().approvePayout({ id: b.data[0]!.id })).toMatchObject({
      status: 'approved',
      decided_by: 'operator',
      otp_code: expect.stringMatching(/^\d{6}$/),
    });
    await advance(sb.url, 6);
    expect((await getPayout(b.data[0]!.id)).status).toBe('approved');
    expect((await getPayout(b.data[1]!.id)).status).toBe('rejected');
  });

  it('rejects an even amount by hand, marked as a control-API decision', async () => {
    const b = await batch([1000]);
    const r = await answer(sb, 'rejectPayout', { id: b.data[0]!.id });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ status: 'rejected', decided_by: 'control_api' });
    await advance(sb.url, 6);
    expect((await getPayout(b.data[0]!.id)).status).toBe('rejected');
  });

  it('answers 409 INVALID_TRANSITION when deciding a decided payout', async () => {
    const b = await batch([1000]);
    await control(sb).approvePayout({ id: b.data[0]!.id });
    const r = await failure(control(sb).rejectPayout({ id: b.data[0]!.id }));
    expect(r.status).toBe(409);
    expect(r.code).toBe('INVALID_TRANSITION');
    expect((await getPayout(b.data[0]!.id)).status).toBe('approved');
  });

  it('answers 404 for an unknown payout', async () => {
    expect((await failure(control(sb).approvePayout({ id: 999999 }))).status).toBe(404);
    expect((await failure(control(sb).getPayout({ id: 'abc' }))).status).toBe(404);
  });

  it('process applies the rule to every pending item now, without the clock', async () => {
    const a = await batch([2, 3]);
    const b = await batch([4]);
    const r = await answer(sb, 'processPayouts');
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ processed: 3, approved: 2, rejected: 1 });
    expect((await getPayout(a.data[1]!.id)).status).toBe('rejected');
    expect((await getPayout(b.data[0]!.id)).status).toBe('approved');
    const pending = await control(sb).listPayouts({ query: { status: 'pending' } });
    expect(pending.items).toEqual([]);
  });

  it('process with a payroll leaves the other payrolls pending', async () => {
    const a = await batch([2]);
    const b = await batch([4]);
    const r = await control(sb).processPayouts({ body: { payroll: a.payroll } });
    expect(r).toEqual({ processed: 1, approved: 1, rejected: 0 });
    expect((await getPayout(b.data[0]!.id)).status).toBe('pending');
    await control(sb).processPayouts();
  });

  it('process answers 404 for an unknown payroll', async () => {
    const r = await failure(control(sb).processPayouts({ body: { payroll: 999999 } }));
    expect(r.status).toBe(404);
  });

  it('lists payrolls with counts by status', async () => {
    const b = await batch([2, 3, 5]);
    await control(sb).approvePayout({ id: b.data[0]!.id });
    const r = await control(sb).listPayrolls({ query: { limit: 1 } });
    expect(r.items[0]).toMatchObject({
      id: b.payroll,
      mid_id: 1,
      total: 3,
      pending: 2,
      approved: 1,
      rejected: 0,
      amount_total: '10.00',
    });
    expect(r.next_cursor).toBe(String(b.payroll));
  });

  it('filters payouts by payroll and status and pages them newest first', async () => {
    const b = await batch([2, 4, 6]);
    const first = await control(sb).listPayouts({ query: { payroll: b.payroll, status: 'pending', limit: 2 } });
    expect(first.items.map((p) => p.id)).toEqual([b.data[2]!.id, b.data[1]!.id]);
    const next = await control(sb).listPayouts({
      query: { payroll: b.payroll, status: 'pending', limit: 2, cursor: first.next_cursor ?? undefined },
    });
    expect(next.items.map((p) => p.id)).toEqual([b.data[0]!.id]);
    expect(next.next_cursor).toBeNull();
  });

  it('refuses a bad list query with VALIDATION_ERROR', async () => {
    // A status outside the enum does not fit the query's type: sent raw, to prove the server refuses it too.
    const r = await api(sb.url, 'GET', '/sandbox/v1/payouts?status=done');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });

  it("emits 'payout.changed' for creation and decisions", async () => {
    const seen: { id: number; status: string }[] = [];
    const off = sb.ctx.events.on('payout.changed', (e) => seen.push(e));
    try {
      const b = await batch([8]);
      await control(sb).approvePayout({ id: b.data[0]!.id });
      expect(seen).toEqual([
        { id: b.data[0]!.id, payroll_id: b.payroll, status: 'pending' },
        { id: b.data[0]!.id, payroll_id: b.payroll, status: 'approved' },
      ]);
    } finally {
      off();
    }
  });
});

describe('payout durability', () => {
  it('processes an accepted payroll after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payouts-'));
    try {
      const first = await startSandbox({ data: dir });
      const r = await postPayouts(first.url, [payoutItem({ amount: 1000 })]);
      expect(r.status).toBe(201);
      await first.stop();
      const second = await startSandbox({ data: dir });
      try {
        await advance(second.url, 6);
        const p = await control(second).getPayout({ id: r.json.data[0].id });
        expect(p.status).toBe('approved');
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
