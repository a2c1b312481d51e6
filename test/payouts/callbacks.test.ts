import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/receiver.js';
import { control, deliveriesIdle, startSandbox } from '../helpers/sandbox.js';
import { advance, payoutItem, postPayouts, sandboxWithPayoutReceiver, startReceiver } from './helpers.js';

/*
 * Deliveries go through the delivery engine (server/delivery); these tests use a real local receiver
 * and the real clock-driven retries.
 */
let sb: Awaited<ReturnType<typeof startSandbox>>;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let path = 0;
let stop: () => Promise<void>;
beforeAll(async () => void ({ sb, rx, stop } = await sandboxWithPayoutReceiver()));
afterAll(() => stop());

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;
const getPayout = (id: number) => control(sb).getPayout({ id });

/** One item whose channel address is a fresh path on the receiver. */
async function onePayout(amount: number, base = rx.url, token?: string) {
  const channel = `${base}/otp/${++path}`;
  const item = payoutItem({ amount, channel });
  const r = await postPayouts(sb.url, [item], token ? { authorization: `Bearer ${token}` } : {});
  expect(r.status).toBe(201);
  return { id: r.json.data[0].id as number, payroll: r.json.payroll as number, item, channelPath: new URL(channel).pathname };
}

const notificationFor = (id: number) => () => rx.at('/payouts').some((r) => json(r.body).id === id);
const deliveriesOf = async (id: number) => (await getPayout(id)).notifications;

describe('payout callbacks and notifications', () => {
  it("POSTs the channel payload as JSON to an approved item's channel address", async () => {
    const p = await onePayout(1000);
    await advance(sb.url, 6);
    await rx.until(() => rx.at(p.channelPath).length > 0);
    const [call] = rx.at(p.channelPath);
    const view = await getPayout(p.id);
    expect(call!.method).toBe('POST');
    expect(call!.headers['content-type']).toMatch(/^application\/json/);
    expect(json(call!.body)).toEqual({
      reference: view.reference,
      otp_code: view.otp_code,
      id_platform: p.id,
      credit_note: p.item.credit_note,
      order_id: p.item.order_id,
    });
    expect(view.otp_code).toMatch(/^\d{6}$/);
  });

  it("sends the merchant's payout notification with the item's fields and status", async () => {
    const p = await onePayout(1000);
    await control(sb).approvePayout({ id: p.id });
    await rx.until(notificationFor(p.id));
    const body = json(rx.at('/payouts').find((r) => json(r.body).id === p.id)!.body);
    const view = await getPayout(p.id);
    expect(body).toMatchObject({
      id: p.id,
      payroll: p.payroll,
      order_id: p.item.order_id,
      credit_note: p.item.credit_note,
      amount: p.item.amount,
      bank: p.item.bank,
      status: 'approved',
      transfer_status: 2,
      transfer_status_description: 'approved',
      reference: view.reference,
      otp_code: view.otp_code,
      warnings: [],
    });
  });

  it('notifies the merchant of a rejected item but never calls its channel address', async () => {
    const p = await onePayout(1001);
    await control(sb).processPayouts();
    await rx.until(notificationFor(p.id));
    expect(json(rx.at('/payouts').find((r) => json(r.body).id === p.id)!.body)).toMatchObject({ status: 'rejected', transfer_status: 3 });
    // Deliveries are written in the transaction of the change: no callback row now means none ever.
    expect((await getPayout(p.id)).notifications.map((n) => n.kind)).toEqual(['payout_notification']);
    expect(rx.at(p.channelPath)).toEqual([]);
  });

  it('sends no merchant notification when the merchant has no payout URL', async () => {
    await control(sb).createMerchant({ body: { name: 'No URL', payout_token: 'tk_no_payout_url' } });
    const p = await onePayout(1000, rx.url, 'tk_no_payout_url');
    await control(sb).approvePayout({ id: p.id });
    await rx.until(() => rx.at(p.channelPath).length > 0);
    // Deliveries are written in the transaction of the change: no notification row means none ever.
    expect((await getPayout(p.id)).notifications.map((n) => n.kind)).toEqual(['payout_callback']);
    expect(rx.at('/payouts').some((r) => json(r.body).id === p.id)).toBe(false);
  });

  it('lists the deliveries on the payout in the control API', async () => {
    const p = await onePayout(1000);
    await control(sb).approvePayout({ id: p.id });
    await rx.until(() => rx.at(p.channelPath).length > 0 && notificationFor(p.id)());
    const view = await getPayout(p.id);
    const kinds = view.notifications.map((n) => n.kind).sort();
    expect(kinds).toEqual(['payout_callback', 'payout_notification']);
  });

  it('retries a failed channel callback on the sandbox clock', async () => {
    const flaky = await startReceiver([500]);
    try {
      const p = await onePayout(1000, flaky.url);
      await control(sb).approvePayout({ id: p.id });
      await flaky.until(() => flaky.at(p.channelPath).length === 1);
      // The retry is due 1 sandbox minute after the failed attempt is recorded; then one step of the clock sends it.
      await eventually(async () =>
        (await deliveriesOf(p.id)).some((n) => n.kind === 'payout_callback' && n.attempts.length === 1 && n.next_attempt_at),
      );
      await advance(sb.url, 1);
      await flaky.until(() => flaky.at(p.channelPath).length >= 2);
      await deliveriesIdle(sb);
      const calls = flaky.at(p.channelPath);
      expect(calls).toHaveLength(2);
      expect(calls[1]!.body).toBe(calls[0]!.body);
    } finally {
      await flaky.close();
    }
  });
});
