// Payout examples of docs/testkit.md and the merchant payout helpers. They rely on the payout API as
// the sandbox serves it (POST /api/login, GET /api/transactions/…).
import './examples/payouts.vitest.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxApiError, startSandbox, type TestSandbox } from '../../server/testkit/index.js';

describe('testkit payout helpers', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.stop());

  it('login answers a token that creates payouts', async () => {
    const token = await sandbox.merchant.login();
    const batch = await sandbox.merchant.createPayouts([sandbox.merchant.payoutItem({ amount: 2000 })], { token });
    expect(batch.payroll).toBeGreaterThan(0);
  });

  it("fills only what an item leaves out: the README's Chilean item (bank 37, RUT) is accepted as sent, without warnings", async () => {
    const chilean = {
      order_id: '1001',
      credit_note: `CN-CL-${Date.now()}`,
      account_id: '000123456789',
      account_type: 'corriente',
      vat_id: '12345678-5',
      vat_id_type: 'RUT',
      name: 'Juana Pérez',
      amount: 1500,
      channel: 'https://beneficiary.example/otp',
      bank: 37,
    };
    const item = sandbox.merchant.payoutItem(chilean);
    expect(item).not.toHaveProperty('country');
    expect(item).not.toHaveProperty('bank_detail');
    const batch = await sandbox.merchant.createPayouts([item]);
    expect(batch.data[0]).toMatchObject({ credit_note: chilean.credit_note, vat_id_type: 'RUT', warnings: [] });
    // With no bank or country named, the defaults are a whole valid Mexican item.
    const [mexican] = (await sandbox.merchant.createPayouts([sandbox.merchant.payoutItem({ amount: 2000 })])).data;
    expect(mexican!.warnings).toEqual([]);
  });

  it('a wrong password throws INVALID_CREDENTIALS', async () => {
    const err = await sandbox.merchant.login({ password: 'wrong' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxApiError);
    expect(err).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
  });
});
