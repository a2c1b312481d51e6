import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, startSandbox, type Receiver, type TestSandbox } from 'pasarela-sandbox/testkit';

describe('testkit runCheck: the go-live check from a merchant test suite, with the CLI options', () => {
  let sb: TestSandbox;
  let shop: Receiver;
  beforeAll(async () => {
    sb = await startSandbox();
    shop = await startReceiver();
  });
  afterAll(async () => {
    await shop.close();
    await sb.stop();
  });

  it("sets the handler's URLs, speaks about the shop's orders, and reports what the handler answered", async () => {
    const paid = await sb.merchant.createPayment({ trans_id: '555000111' });
    const report = await sb.runCheck({ successUrl: `${shop.url}/notify`, only: ['success_acknowledged', 'forged_signature_refused'] });
    const demo = (await sb.control.listMerchants()).items.find((m) => m.public_key === 'pk_sandbox_demo')!;
    expect(demo.success_url).toBe(`${shop.url}/notify`);
    expect(report.orders.map((o) => [o.trans_id, o.source])).toContainEqual([paid.trans_id, 'creation']);
    // The loopback receiver acknowledges everything, a forged notification included.
    expect(report.checks.map((c) => [c.id, c.verdict])).toEqual([
      ['success_acknowledged', 'pass'],
      ['forged_signature_refused', 'fail'],
    ]);
    expect(report.checks[0]!.answers[0]).toMatchObject({ method: 'POST', status: 200 });
  });
});
