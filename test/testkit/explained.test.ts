import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainNotification, merchantClient, SandboxApiError, signNotification, verifyNotification } from '../../server/testkit/index.js';
import { control, DEMO, startSandbox } from '../helpers/sandbox.js';

const SECRET = DEMO.secret_key;
const signed = (layout: 'standard' | 'legacy' = 'standard') =>
  signNotification({ trans_ID: 'ORDER-7', amount: '50000.00', time: '2026-03-01 10:00:00' }, SECRET, layout);

describe('verifyNotification explains a refusal (explainNotification)', () => {
  it('answers null for a notification that verifies', () => {
    expect(verifyNotification(signed(), SECRET)).toBe(true);
    expect(explainNotification(signed(), SECRET)).toBeNull();
  });

  it('names the other layout, and says how to verify it', () => {
    const n = signed('legacy');
    expect(verifyNotification(n, SECRET)).toBe(false);
    const d = explainNotification(n, SECRET)!;
    expect(d).toMatchObject({ matched: true, recipe: { order: 'legacy_layout' } });
    expect(d.explanation).toMatch(/legacy layout/);
    expect(d.expected_string).toBe('2026-03-01 10:00:0017' + '50000.00COPORDER-7••••');
  });

  it('names a value the handler reformatted before checking it', () => {
    // What a handler that parsed the amount as a number hands to its check.
    const n = { ...signed(), amount: String(Number('50000.00')) };
    const d = explainNotification(n, SECRET)!;
    expect(d.recipe).toEqual({ field: { name: 'amount', sent: '50000', signed: '50000.00' } });
    expect(d.explanation).toMatch(/exactly as received/);
  });

  it("names another merchant's secret when the check used the wrong one", () => {
    const n = signNotification({ trans_ID: 'ORDER-8' }, 'sk_other_shop_secret');
    const d = explainNotification(n, SECRET, 'standard', [{ public_key: 'pk_other_shop', secret_key: 'sk_other_shop_secret' }])!;
    expect(d.recipe).toEqual({ secret: 'other_merchant', secret_of: 'pk_other_shop' });
    expect(d.explanation).toMatch(/merchant the notification names/);
  });

  it('tells a signature the service never makes: refuse it', () => {
    const f = signed();
    const n = { ...f, signature: createHash('sha1').update(`${f.time}17${f.amount}COP${f.trans_ID}${SECRET}`).digest('hex') };
    const d = explainNotification(n, SECRET)!;
    expect(d.recipe).toEqual({ algorithm: 'sha1' });
    expect(d.explanation).toMatch(/refuse it/);
    expect(explainNotification({ ...f, signature: 'f'.repeat(64) }, SECRET)).toMatchObject({ matched: false, recipe: null });
  });
});

describe("the merchant client's refusals carry the sandbox's diagnosis", () => {
  let sb: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());

  const refusal = async (call: Promise<unknown>) => {
    const err = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SandboxApiError);
    return err as SandboxApiError;
  };

  it('a creation signed with the secret first', async () => {
    const m = merchantClient(sb.url);
    const f = m.paymentFields({}, { sign: false });
    const order = ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel'];
    f.signature = createHash('sha256')
      .update(SECRET + order.map((k) => f[k] ?? '').join(''))
      .digest('hex');
    const err = await refusal(m.createPayment(f));
    expect(err.code).toBe('INVALID_SIGNATURE');
    expect(err.diagnosis).toBe('secret=prefix');
    expect(err.message).toContain('[diagnosis: secret=prefix]');
  });

  it('a payout batch sent with the public key as its token', async () => {
    const m = merchantClient(sb.url);
    const err = await refusal(m.createPayouts([m.payoutItem()], { token: DEMO.public_key }));
    expect(err.code).toBe('UNAUTHORIZED');
    expect(err.diagnosis).toBe(`token=public_key; token_of=${DEMO.public_key}`);
    expect((await control(sb).listRequests({ query: { limit: 1, path: '/api/' } })).items[0]!.diagnosis!.explanation).toMatch(
      /public_key is sent as the token/,
    );
  });
});
