import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, receiver, startSandbox, verifyNotification, type Receiver, type TestSandbox } from 'pasarela-sandbox/testkit';

describe('my shop against the sandbox', () => {
  let sandbox: TestSandbox;
  let inbox: Receiver;

  beforeAll(async () => {
    sandbox = await startSandbox();
    inbox = await receiver();
  });
  afterAll(async () => {
    await sandbox?.stop();
    await inbox?.close();
  });
  beforeEach(async () => {
    await sandbox.reset();
    inbox.reply(200);
    // The demo merchant notifies our receiver (in your suite: your app's handler URL).
    await sandbox.control.updateMerchant({ public_key: sandbox.merchant.keys.public_key, body: { success_url: `${inbox.url}/success` } });
  });

  /** The sandbox operation behind a trans_id. */
  const operationOf = async (trans_id: string) => {
    const { items } = await sandbox.control.listOperations({ query: { trans_id } });
    return sandbox.control.getOperation({ id: items[0]!.id });
  };

  it('a channel 17 payment, confirmed, notifies with a valid signature', async () => {
    const payment = await sandbox.merchant.createPayment({ channel: '17', amount: '50000' });
    expect(payment.kind).toBe('checkout');

    const op = await operationOf(payment.trans_id);
    await sandbox.control.confirmOperation({ id: op.id });

    const note = await inbox.next({ trans_id: payment.trans_id });
    expect(note.fields.amount).toBe('50000.00');
    expect(verifyNotification(note.fields, sandbox.merchant.keys.secret_key)).toBe(true);
  });

  it('a SPEI transfer pays the channel 41 operation it matches', async () => {
    const payment = await sandbox.merchant.createPayment({ channel: '41', amount: '1500.50' });
    const op = await operationOf(payment.trans_id);

    const transfer = await sandbox.control.injectTransfer({ body: { clabe: op.clabe!, amount: '1500.50', rfc: op.rfc! } });
    expect(transfer.matched_operation_id).toBe(op.id);

    await inbox.next({ trans_id: payment.trans_id });
    expect((await sandbox.control.getOperation({ id: op.id })).status).toBe('confirmed');
  });

  it('a notification our handler refused with a 500 comes again after a minute', async () => {
    inbox.reply(500);
    const payment = await sandbox.merchant.createPayment();
    const op = await operationOf(payment.trans_id);
    await sandbox.control.confirmOperation({ id: op.id });
    await inbox.next({ trans_id: payment.trans_id });
    // The sandbox records the failed attempt and schedules the retry just after our 500 went out.
    await eventually(async () => {
      const [note] = (await sandbox.control.getOperation({ id: op.id })).notifications;
      return note && note.attempts.length === 1 && note.next_attempt_at;
    });

    inbox.reply(200);
    await sandbox.control.advanceClock({ body: { minutes: 1 } });
    await inbox.next({ trans_id: payment.trans_id });

    const delivered = await eventually(async () => {
      const { items } = await sandbox.control.listNotifications({ query: { operation_id: op.id } });
      return items.find((n) => n.status === 'delivered');
    });
    expect(delivered.attempts.map((a) => a.response_status)).toEqual([500, 200]);
  });
});
