import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { control, deliveriesIdle, startSandbox } from '../helpers/sandbox.js';

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
  await control(sb).resetSandbox();
  await control(sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: rx.url + '/ok' } });
  rx.received.length = 0;
});

async function confirmOne(): Promise<number> {
  const p = await createPayment(sb.url, 17);
  const [op] = (await control(sb).listOperations({ query: { trans_id: p.fields.trans_id } })).items;
  if (!op) throw new Error(`no operation ${p.fields.trans_id}`);
  await control(sb).confirmOperation({ id: op.id });
  return op.id;
}

describe('notification faults through the delivery engine', () => {
  it('a delay rule holds the next notification until the sandbox clock reaches it', async () => {
    await control(sb).addFault({ body: { kind: 'notification_delay', delay_minutes: 5, remaining: 1 } });
    const id = await confirmOne();
    // Held, not lost: the notification waits for its sandbox time with no attempt, and the worker,
    // idle, has nothing else to send.
    const [held] = (await control(sb).listNotifications({ query: { operation_id: id } })).items;
    expect(held).toMatchObject({ status: 'pending', attempts: [] });
    await deliveriesIdle(sb);
    expect(rx.received).toHaveLength(0);
    await control(sb).advanceClock({ body: { minutes: 5 } });
    const got = await rx.waitFor(1);
    expect(got[0]!.fields.trans_ID).toBeDefined();
    // the counter is spent: the next one goes at once
    await confirmOne();
    await rx.waitFor(2);
  });

  it('a duplicate rule sends the notification twice under the same notification id, marked in the request log', async () => {
    await control(sb).addFault({ body: { kind: 'notification_duplicate', remaining: 1 } });
    await confirmOne();
    const got = await rx.waitFor(2);
    expect(got[0]!.headers['x-sandbox-notification-id']).toBe(got[1]!.headers['x-sandbox-notification-id']);
    expect(got[0]!.body).toBe(got[1]!.body);
    const log = await control(sb).listRequests({ query: { limit: 20 } });
    expect(log.items.some((e) => e.method === 'NOTIFY' && /sent twice/.test(e.note ?? ''))).toBe(true);
  });

  it("the log entry of a fired notification fault names the merchant and hides a secret in the merchant's address", async () => {
    await control(sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: rx.url + '/ok?token=s3cr3t-in-url&shop=1' } });
    await control(sb).addFault({ body: { kind: 'notification_delay', delay_minutes: 1, remaining: 1 } });
    await confirmOne();
    const entry = (await control(sb).listRequests({ query: { limit: 20 } })).items.find((e) => e.method === 'NOTIFY');
    expect(entry).toMatchObject({ public_key: 'pk_sandbox_demo', path: rx.url + '/ok?token=••••&shop=1' });
    expect(JSON.stringify(entry)).not.toContain('s3cr3t-in-url');
  });
});
