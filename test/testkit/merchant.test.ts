import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  receiver,
  SandboxApiError,
  signNotification,
  startSandbox,
  verifyNotification,
  type Receiver,
  type TestSandbox,
} from '../../server/testkit/index.js';

let sandbox: TestSandbox;
let inbox: Receiver;
beforeAll(async () => {
  sandbox = await startSandbox();
  inbox = await receiver();
  await sandbox.control.updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: `${inbox.url}/success` } });
});
afterAll(async () => {
  await sandbox?.stop();
  await inbox?.close();
});

describe('merchant.createPayment', () => {
  it.each(['form', 'multipart', 'json'] as const)(
    'signs and posts %s like a real client and answers the checkout address',
    async (encoding) => {
      const p = await sandbox.merchant.createPayment({ channel: '17' }, { encoding });
      if (p.kind !== 'checkout') throw new Error('expected a checkout address');
      expect(p.checkout_url).toBe(`${sandbox.url}/check-out/?channel=17&tokenID=${p.token}&platform=1`);
      const { items } = await sandbox.control.listOperations({ query: { trans_id: p.trans_id } });
      expect(items[0]).toMatchObject({ channel: 17, status: 'pending' });
    },
  );

  it('answers the direct-integration JSON', async () => {
    const p = await sandbox.merchant.createPayment({ channel: '35', direct_integration: '1' });
    if (p.kind !== 'direct') throw new Error('expected direct integration');
    expect(p.data).toHaveProperty('consumer_code');
  });

  it('a refused creation throws the sandbox code', async () => {
    const err = await sandbox.merchant.createPayment({ signature: 'f'.repeat(64) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxApiError);
    expect(err).toMatchObject({ status: 400, code: 'INVALID_SIGNATURE' });
  });

  it('queries and notifies with signed requests', async () => {
    const p = await sandbox.merchant.createPayment();
    expect((await sandbox.merchant.queryOperations(p.trans_id))[0]).toMatchObject({ trans_id: p.trans_id, status: 1 });
    expect(await sandbox.merchant.notify(p.trans_id)).toMatchObject({ trans_id: p.trans_id, status: 'confirmed' });
    await inbox.next({ trans_id: p.trans_id });
  });
});

describe('signNotification / verifyNotification', () => {
  it.each(['standard', 'legacy'] as const)('agree with what the sandbox sends in the %s layout', async (layout) => {
    await sandbox.control.updateMerchant({ public_key: 'pk_sandbox_demo', body: { notification_signature_layout: layout } });
    const p = await sandbox.merchant.createPayment();
    await sandbox.merchant.notify(p.trans_id);
    const { fields, body } = await inbox.next({ trans_id: p.trans_id });
    const secret = sandbox.merchant.keys.secret_key;
    expect(verifyNotification(body, secret, layout)).toBe(true);
    expect(verifyNotification(fields, secret, layout === 'standard' ? 'legacy' : 'standard')).toBe(false);
    expect(verifyNotification(fields, 'sk_wrong_secret', layout)).toBe(false);
    const { signature, ...unsigned } = fields;
    expect(signNotification({ ...unsigned, trans_ID: unsigned.trans_ID! }, secret, layout).signature).toBe(signature);
  });

  it('signs a complete notification for a handler unit test', () => {
    const n = signNotification({ trans_ID: 'ORDER-1', amount: '120000.00' }, 'sk_test');
    expect(Object.keys(n)).toEqual(['public_key', 'time', 'channel', 'amount', 'currency', 'trans_ID', 'signature']);
    expect(verifyNotification(new URLSearchParams(n), 'sk_test')).toBe(true);
    expect(verifyNotification({ ...n, amount: '1.00' }, 'sk_test')).toBe(false);
  });
});
