// Payout examples of docs/testkit.md and the merchant payout helpers. They rely on contract §5 as the
// payout work implements it (POST /api/login, GET /api/transactions/…).
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

  it('a wrong password throws INVALID_CREDENTIALS', async () => {
    const err = await sandbox.merchant.login({ password: 'wrong' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxApiError);
    expect(err).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
  });
});
