import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationPath, paymentFields, postPayment } from '../helpers/payments.js';
import { control, startSandbox } from '../helpers/sandbox.js';
import { formPost, plugin2019Fields } from '../protocol/clients.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

async function created(fields: Record<string, string>, post: () => Promise<{ status: number }>) {
  expect((await post()).status).toBe(200);
  const [item] = (await control(sb).listOperations({ query: { trans_id: fields.trans_id! } })).items;
  return control(sb).getOperation({ id: item!.id });
}

describe("an operation's creation in its timeline", () => {
  it('is read from the operation row: no event row is written, and the entry says what the stored one said', async () => {
    const fields = paymentFields(5, { direct_integration: '1', time_expired: '45' });
    const op = await created(fields, () => postPayment(sb.url, fields, 'json'));
    expect(sb.ctx.store.operations.events(op.id)).toEqual([]);
    expect(op.warnings.length).toBeGreaterThan(0);
    expect(op.events).toEqual([
      {
        id: 0,
        at: op.created_at,
        kind: 'created',
        actor: 'merchant_api',
        from_status: null,
        to_status: 'pending',
        details: {
          warnings: op.warnings,
          warning_details: op.warning_details,
          path: creationPath(5),
          encoding: 'json',
          direct_integration: true,
          effective_time_expired: 45,
        },
      },
    ]);

    const confirmed = await control(sb).confirmOperation({ id: op.id });
    expect(confirmed.events.map((e) => [e.kind, e.id > 0])).toEqual([
      ['created', false],
      ['confirmed', true],
    ]);
  });

  it('of a dialect creation names the dialect and the path it was sent to under its prefix', async () => {
    const shop = { public_key: 'pk_tienda_timeline', secret_key: 'sk_tienda_timeline' };
    await control(sb).createMerchant({ body: { name: 'Tienda', ...shop, protocol: 'legacy' } });
    const fields = plugin2019Fields({ publicKey: shop.public_key, secret: shop.secret_key, channel: '2' });
    const op = await created(fields, () => formPost(`${sb.url}/justpay.cert/check-out/SecurePayment`, fields));
    expect(op.events[0]!.details).toEqual({
      warnings: op.warnings,
      warning_details: op.warning_details,
      path: '/justpay.cert/check-out/SecurePayment',
      encoding: 'form',
      protocol: '2019',
      effective_time_expired: (Date.parse(op.expires_at) - Date.parse(op.created_at)) / 60_000,
    });
  });

  it('of an operation stored with its own creation event is that event, once', async () => {
    const fields = paymentFields(17);
    const op = await created(fields, () => postPayment(sb.url, fields, 'form'));
    const at = Date.parse(op.created_at);
    sb.ctx.store.tx(() =>
      sb.ctx.store.operations.addEvent({
        operation_id: op.id,
        at,
        kind: 'created',
        actor: 'merchant_api',
        from_status: null,
        to_status: 'pending',
        details: { path: '/payments/check-out/SecurePayment.php', encoding: 'form', stored: true },
      }),
    );
    const again = await control(sb).getOperation({ id: op.id });
    expect(again.events).toHaveLength(1);
    expect(again.events[0]).toMatchObject({ kind: 'created', details: { stored: true } });
    expect(again.events[0]!.id).toBeGreaterThan(0);
  });
});
