import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, deliveriesIdle, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let rx: Receiver;
beforeAll(async () => {
  sb = await startSandbox();
  rx = await startReceiver();
});
afterAll(async () => {
  await sb.stop();
  await rx.close();
});
beforeEach(async () => {
  await api(sb.url, 'POST', '/sandbox/v1/reset');
  await api(sb.url, 'PATCH', '/sandbox/v1/merchants/pk_sandbox_demo', { success_url: rx.url + '/ok' });
  rx.received.length = 0;
});

async function confirmOne(): Promise<number> {
  const p = await createPayment(sb.url, 17);
  const id = (await api(sb.url, 'GET', `/sandbox/v1/operations?trans_id=${p.fields.trans_id}`)).body.items[0].id;
  await api(sb.url, 'POST', `/sandbox/v1/operations/${id}/confirm`);
  return id;
}

describe('notification faults through the delivery engine', () => {
  it('a delay rule holds the next notification until the sandbox clock reaches it', async () => {
    await api(sb.url, 'POST', '/sandbox/v1/faults', { kind: 'notification_delay', delay_minutes: 5, remaining: 1 });
    const id = await confirmOne();
    // Held, not lost: the notification waits for its sandbox time with no attempt, and the worker,
    // idle, has nothing else to send.
    const [held] = (await api(sb.url, 'GET', `/sandbox/v1/notifications?operation_id=${id}`)).body.items;
    expect(held).toMatchObject({ status: 'pending', attempts: [] });
    await deliveriesIdle(sb);
    expect(rx.received).toHaveLength(0);
    await api(sb.url, 'POST', '/sandbox/v1/clock/advance', { minutes: 5 });
    const got = await rx.waitFor(1);
    expect(got[0]!.fields.trans_ID).toBeDefined();
    // the counter is spent: the next one goes at once
    await confirmOne();
    await rx.waitFor(2);
  });

  it('a duplicate rule sends the notification twice under the same notification id, marked in the request log', async () => {
    await api(sb.url, 'POST', '/sandbox/v1/faults', { kind: 'notification_duplicate', remaining: 1 });
    await confirmOne();
    const got = await rx.waitFor(2);
    expect(got[0]!.headers['x-sandbox-notification-id']).toBe(got[1]!.headers['x-sandbox-notification-id']);
    expect(got[0]!.body).toBe(got[1]!.body);
    const log = await api(sb.url, 'GET', '/sandbox/v1/requests?limit=20');
    expect(
      log.body.items.some((e: { method: string; note: string | null }) => e.method === 'NOTIFY' && /sent twice/.test(e.note ?? '')),
    ).toBe(true);
  });
});
