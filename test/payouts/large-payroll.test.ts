import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, control, deliveriesIdle, startSandbox } from '../helpers/sandbox.js';
import { advance, payoutItem, postPayouts, sandboxWithPayoutReceiver, type startReceiver } from './helpers.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let stop: () => Promise<void>;
beforeAll(async () => void ({ sb, rx, stop } = await sandboxWithPayoutReceiver()));
afterAll(() => stop());

describe('a 500-item payroll on the sandbox clock', () => {
  it('decides every item by the rule, in id order, 10 per timer step, each step reading only its 10', async () => {
    const items = Array.from({ length: 500 }, (_, i) => payoutItem({ amount: 1000 + i, channel: `${rx.url}/otp` }));
    const r = await postPayouts(sb.url, items);
    expect(r.status).toBe(201);
    const ids = (r.json.data as { id: number }[]).map((d) => d.id);
    // Two items decided through the control API ahead of the rule, against it: the steps must pass over them.
    const decidedAhead = { 137: 'approve', 402: 'reject' } as const;
    for (const [i, verb] of Object.entries(decidedAhead)) {
      const id = ids[Number(i)]!;
      expect((await (verb === 'approve' ? answer(sb, 'approvePayout', { id }) : answer(sb, 'rejectPayout', { id }))).status).toBe(200);
    }

    // Rows each read of pending items handed back (restoring the spy forgets its calls: kept here).
    const pending = vi.spyOn(sb.ctx.store.payouts, 'pending');
    let adv, rowsRead;
    try {
      adv = await advance(sb.url, 6);
      rowsRead = pending.mock.results.map((x) => (x.value as unknown[]).length);
    } finally {
      pending.mockRestore();
    }
    expect(adv.status).toBe(200);
    // 498 items left for the rule: 50 steps at the same sandbox time, as before.
    expect(adv.data.advance.timers['payout.process']).toBe(50);
    expect(rowsRead.length).toBeGreaterThanOrEqual(50);
    expect(Math.max(...rowsRead)).toBeLessThanOrEqual(10);

    const listed = (await control(sb).listPayouts({ query: { payroll: r.json.payroll, limit: 500 } })).items;
    expect(listed).toHaveLength(500);
    const byId = new Map(listed.map((p) => [p.id, p]));
    // The rule: even amount approved (2, its bank step 5 min later, after this advance), odd rejected.
    // The control API's approval came 5 min earlier, so its bank step (by the rule) has moved it to 5.
    const expected = (i: number) =>
      i === 137
        ? ['approved', 5, 'rule']
        : i === 402
          ? ['rejected', 3, 'control_api']
          : i % 2 === 0
            ? ['approved', 2, 'rule']
            : ['rejected', 3, 'rule'];
    ids.forEach((id, i) => {
      const p = byId.get(id)!;
      expect([p.status, p.transfer_status, p.decided_by], `item ${i}`).toEqual(expected(i));
    });
    const payroll = (await control(sb).listPayrolls({ query: { limit: 5 } })).items.find((p) => p.id === r.json.payroll);
    expect(payroll).toMatchObject({ total: 500, pending: 0, approved: 250, rejected: 250 });

    // Rule decisions in id order: each item's merchant notification was written after the one before.
    const ruled = ids.filter((_, i) => !(i in decidedAhead)).map((id) => byId.get(id)!);
    const noteIds = ruled.map((p) => p.notifications.find((n) => n.kind === 'payout_notification')!.id);
    expect(noteIds).toEqual([...noteIds].sort((a, b) => a - b));
    // Callbacks: one channel payload per approved item, one merchant notification per move
    // (500 decisions, and the item approved ahead's bank step).
    await deliveriesIdle(sb);
    expect(rx.at('/otp')).toHaveLength(250);
    expect(rx.at('/payouts')).toHaveLength(501);
  }, 60_000);
});
