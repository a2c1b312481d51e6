import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { createPayment } from '../helpers/payments.js';
import { control, startSandbox } from '../helpers/sandbox.js';
import { payoutItem, postPayouts } from '../payouts/helpers.js';
import { move, notificationsOfOp, notification, setMerchant, type Sb } from './helpers.js';

/*
 * One merchant's slow, failing or black-holed endpoints delay another merchant's
 * notifications by at most a few seconds. Merchant A (the demo merchant, whose payout token is
 * public) fills the queue with payout callbacks to an endpoint that never answers; merchant B's
 * success notification must still arrive at once.
 */
let sb: Sb;
let blackHole: Receiver;
let shop: Receiver;
let b: { public_key: string; secret_key: string };

beforeAll(async () => {
  blackHole = await startReceiver('hang');
  shop = await startReceiver(200);
  sb = await startSandbox();
  b = await control(sb).createMerchant({ body: { name: 'Tienda B', channels: { '17': ['COP'] } } });
  await setMerchant(sb, { success_url: `${shop.url}/b/ok` }, b.public_key);
});
afterAll(async () => {
  await sb.stop();
  await blackHole.close();
  await shop.close();
});

/** A confirmed channel-17 payment of merchant B; answers its trans_ID. */
async function confirmAsB(): Promise<string> {
  const p = await createPayment(sb.url, 17, { public_key: b.public_key }, { secret: b.secret_key });
  const list = await control(sb).listOperations({ query: { trans_id: p.fields.trans_id! } });
  await move(sb, list.items[0]!.id, 'confirm');
  return p.fields.trans_id!;
}

describe('fair deliveries', () => {
  it("200 held payout callbacks of merchant A delay merchant B's notification by well under a few seconds", async () => {
    const items = Array.from({ length: 200 }, (_, i) => payoutItem({ amount: 1000, channel: `${blackHole.url}/otp/${i}` }));
    for (const batch of [items.slice(0, 100), items.slice(100)]) expect((await postPayouts(sb.url, batch)).status).toBe(201);
    expect(await control(sb).processPayouts()).toMatchObject({ approved: 200 });
    // A's callbacks now hold every slot A may use; the rest wait in A's lane.
    await blackHole.waitFor(32);
    expect(sb.ctx.delivery.stats()).toMatchObject({ in_flight: 32 });

    const started = performance.now();
    const trans = await confirmAsB();
    const got = await shop.next({ trans_ID: trans }, { timeoutMs: 15_000 });
    // Receipt in B's own process time; without fair lanes it waited for A's deadline (seconds).
    expect(got.at - started).toBeLessThan(2_000);
    expect(blackHole.received.length).toBeLessThanOrEqual(64);
  });

  it('a payout callback gets its own, shorter deadline than a notification', async () => {
    const own = await startSandbox({ delivery: { timeoutMs: 3_000, callbackTimeoutMs: 300 } });
    try {
      const r = await postPayouts(own.url, [payoutItem({ amount: 1000, channel: `${blackHole.url}/otp/short` })]);
      const id = r.json.data[0].id as number;
      await control(own).approvePayout({ id });
      const views = (await control(own).getPayout({ id })).notifications;
      const callback = views.find((v) => v.kind === 'payout_callback')!;
      let attempt: { error: string | null; latency_ms: number | null } | undefined;
      await eventually(async () => (attempt = (await notification(own, callback.id)).attempts[0]) !== undefined);
      expect(attempt!.error).toMatch(/within 300 ms/);
      expect(attempt!.latency_ms!).toBeLessThan(2_000);
    } finally {
      await own.stop();
    }
  });

  it("a merchant's queue is bounded: what does not fit waits in the outbox and is read back, none lost", async () => {
    const slow = await startReceiver({ status: 200, delayMs: 50 });
    // One attempt at a time against a slow shop: twelve confirmations at once overflow a queue of 4.
    const own = await startSandbox({ delivery: { maxQueuedPerMerchant: 4, concurrency: 1 } });
    try {
      await setMerchant(own, { success_url: `${slow.url}/bounded` });
      const ops: number[] = [];
      for (let i = 0; i < 12; i++) {
        const p = await createPayment(own.url, 17);
        const list = await control(own).listOperations({ query: { trans_id: p.fields.trans_id! } });
        ops.push(list.items[0]!.id);
      }
      await Promise.all(ops.map((id) => move(own, id, 'confirm')));
      await eventually(async () => {
        const all = await Promise.all(ops.map((id) => notificationsOfOp(own, id)));
        return all.every((n) => n[0]?.status === 'delivered');
      }, 20_000);
      expect(slow.received).toHaveLength(12);
    } finally {
      await own.stop();
      await slow.close();
    }
  });
});
