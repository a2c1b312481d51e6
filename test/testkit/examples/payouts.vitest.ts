import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiver, startSandbox, type Receiver, type TestSandbox } from 'pasarela-sandbox/testkit';

describe('payouts against the sandbox', () => {
  let sandbox: TestSandbox;
  let inbox: Receiver;

  beforeAll(async () => {
    sandbox = await startSandbox();
    inbox = await receiver();
    await sandbox.control.updateMerchant({ public_key: sandbox.merchant.keys.public_key, body: { payout_url: `${inbox.url}/payouts` } });
  });
  afterAll(async () => {
    await sandbox?.stop();
    await inbox?.close();
  });

  it('a payout round trip: login, batch, processing, OTP callback, query', async () => {
    const token = await sandbox.merchant.login();
    // An even integer part is approved by the sandbox rule; the item's channel gets reference and OTP.
    const item = sandbox.merchant.payoutItem({ amount: 1000 }, `${inbox.url}/otp`);
    const batch = await sandbox.merchant.createPayouts([item], { token });
    expect(batch.payroll).toBeGreaterThan(0);

    await sandbox.control.processPayouts();

    const callback = await inbox.next((r) => r.path === '/otp' && (r.json as { credit_note?: string }).credit_note === item.credit_note);
    expect(callback.json).toMatchObject({ credit_note: item.credit_note, reference: expect.any(String), otp_code: expect.any(String) });
    await inbox.next((r) => r.path === '/payouts' && (r.json as { credit_note?: string }).credit_note === item.credit_note);

    const { items } = await sandbox.merchant.listPayouts({ credit_note: String(item.credit_note) }, { token });
    expect(items[0]).toMatchObject({ status: 'approved', reference: expect.any(String) });
  });

  it('the operator approves an odd amount the rule would reject', async () => {
    const item = sandbox.merchant.payoutItem({ amount: 1001 }, `${inbox.url}/otp`);
    await sandbox.merchant.createPayouts([item]);
    const { items } = await sandbox.control.listPayouts({ query: { status: 'pending' } });
    const payout = items.find((p) => p.credit_note === item.credit_note)!;

    expect((await sandbox.control.approvePayout({ id: payout.id })).status).toBe('approved');
    expect(await sandbox.merchant.getPayout(payout.id)).toMatchObject({ status: 'approved', credit_note: item.credit_note });
  });
});
