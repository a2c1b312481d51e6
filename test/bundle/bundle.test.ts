import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleSchema, type Bundle } from '../../server/contract/bundle.js';
import { answer, api, control, deliveriesIdle, startSandbox } from '../helpers/sandbox.js';
import { createPayment } from '../helpers/payments.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
let src: Sb;
let receiver: Server;

async function opId(sb: Sb, transId: string): Promise<number> {
  const [op] = (await control(sb).listOperations({ query: { trans_id: transId } })).items;
  if (!op) throw new Error(`no operation ${transId}`);
  return op.id;
}

/** Operations with timelines and notifications, keyed by trans_id, without ids (they are remapped). */
async function snapshot(sb: Sb) {
  const list = await control(sb).listOperations({ query: { limit: 500 } });
  const out: Record<string, unknown> = {};
  for (const s of list.items) {
    const op = await control(sb).getOperation({ id: s.id });
    out[op.trans_id] = {
      status: op.status,
      amount: op.amount,
      channel: op.channel,
      token: op.token,
      created_at: op.created_at,
      expires_at: op.expires_at,
      events: op.events.map((e) => ({ at: e.at, kind: e.kind, actor: e.actor, details: e.details })),
      notifications: op.notifications.map((n) => ({ public_id: n.public_id, status: n.status, body: n.body, attempts: n.attempts.length })),
    };
  }
  return out;
}

beforeAll(async () => {
  receiver = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  src = await startSandbox();
  const port = (receiver.address() as AddressInfo).port;
  await control(src).updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: `http://127.0.0.1:${port}/ok` } });
  await control(src).createMerchant({ body: { name: 'Otra Tienda', public_key: 'pk_otra_tienda', secret_key: 'sk_otra_tienda_secret' } });
  const paid = await createPayment(src.url, 17, { trans_id: 'B-PAID' });
  await control(src).confirmOperation({ id: await opId(src, paid.fields.trans_id!) });
  await createPayment(src.url, 41, { trans_id: 'B-SPEI' });
  const [demo] = (await control(src).listMerchants()).items;
  await control(src).injectTransfer({ body: { clabe: demo!.clabe, amount: '1500.50', rfc: 'GODE561231GR8' } });
  await createPayment(src.url, 41, { trans_id: 'B-PENDING' });
  const item = {
    order_id: 'O-1',
    credit_note: 'CN-B-1',
    account_id: '012180001234567899',
    account_type: 'clabe',
    vat_id: 'GODE561231GR8',
    vat_id_type: 'RFC',
    name: 'Ana',
    amount: 300,
    channel: `http://127.0.0.1:${port}/payout`,
    bank: 40012,
    country: 'MEX',
  };
  await fetch(src.url + '/api/transactions/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer tk_sandbox_demo' },
    body: JSON.stringify([item]),
  });
  await deliveriesIdle(src); // the success notification's first attempt (and the payout's) are in the attempt log
});
afterAll(async () => {
  await src.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('export / import', () => {
  it('masks merchant secrets unless include_secrets=true', async () => {
    const masked = await control(src).exportBundle();
    expect(masked.secrets_included).toBe(false);
    expect(masked.merchants.every((m) => m.secret_key === null && m.payout_token === null)).toBe(true);
    expect(JSON.stringify(masked)).not.toContain('sk_otra_tienda_secret');
    const full = await control(src).exportBundle({ query: { include_secrets: 'true' } });
    expect(BundleSchema.safeParse(full).error).toBeUndefined();
    expect(full.merchants.find((m) => m.public_key === 'pk_otra_tienda')?.secret_key).toBe('sk_otra_tienda_secret');
  });

  it('round trip into an empty sandbox reproduces operations, timelines, notifications, transfers and payouts', async () => {
    const bundle = await control(src).exportBundle({ query: { include_secrets: 'true' } });
    const dst = await startSandbox();
    try {
      const r = await answer(dst, 'importBundle', { body: bundle });
      expect(r.status).toBe(200);
      expect(r.data.counts.operations).toEqual({ imported: 3, skipped: 0 });
      expect(r.data.counts.merchants).toMatchObject({ imported: 1, existing: 1 });
      expect(r.data.counts.spei_transfers.imported).toBe(1);
      expect(r.data.counts.payouts.imported).toBe(1);
      expect(await snapshot(dst)).toEqual(await snapshot(src));
      const transfers = (await control(dst).listTransfers()).items;
      expect(transfers).toHaveLength(1);
      expect(transfers[0]?.matched_operation_id).toBe(await opId(dst, 'B-SPEI'));
      const merchants = (await control(dst).listMerchants()).items;
      expect(merchants.find((m) => m.public_key === 'pk_otra_tienda')?.secret_key).toBe('sk_otra_tienda_secret');
      const payouts = (await control(dst).listPayouts()).items;
      expect(payouts.map((p) => [p.credit_note, p.status])).toEqual([['CN-B-1', 'pending']]);
    } finally {
      await dst.stop();
    }
  });

  it('importing the same bundle twice adds nothing the second time', async () => {
    const bundle = await control(src).exportBundle();
    const r = await answer(src, 'importBundle', { body: bundle });
    expect(r.status).toBe(200);
    const c = r.data.counts;
    expect([c.merchants.imported, c.operations.imported, c.notifications.imported, c.payouts.imported, c.spei_transfers.imported]).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(c.operations.skipped).toBe(3);
    expect(r.data.notes.some((n) => n.includes('already here'))).toBe(true);
  });

  it('re-arms the expiry of an imported pending operation on the sandbox clock', async () => {
    const bundle = await control(src).exportBundle();
    const dst = await startSandbox();
    try {
      await control(dst).importBundle({ body: bundle });
      await control(dst).advanceClock({ body: { minutes: 60 * 24 } });
      const op = await control(dst).getOperation({ id: await opId(dst, 'B-PENDING') });
      expect(op.status).toBe('expired');
    } finally {
      await dst.stop();
    }
  });

  it('gives merchants imported with masked secrets new keys', async () => {
    const bundle = await control(src).exportBundle();
    const dst = await startSandbox();
    try {
      const r = await control(dst).importBundle({ body: bundle });
      expect(r.notes.some((n) => n.includes('pk_otra_tienda: secret key was masked'))).toBe(true);
      const m = (await control(dst).listMerchants()).items.find((x) => x.public_key === 'pk_otra_tienda');
      expect(m?.secret_key).toMatch(/^sk_sandbox_[0-9a-f]{24}$/);
    } finally {
      await dst.stop();
    }
  });

  it.each([
    ['an unknown version', (b: Bundle) => ({ ...b, version: 99 }), 'version'],
    [
      'a reference to a merchant not in the bundle',
      (b: Bundle) => ({ ...b, operations: b.operations.map((o) => ({ ...o, merchant_id: 999 })) }),
      'merchant 999 is not in the bundle',
    ],
    [
      'a row SQLite refuses',
      (b: Bundle) => ({
        ...b,
        operations: b.operations.map((o, i) => ({ ...o, token: 'fresh-token-' + i, trans_id: 'NEW-' + i, method: { not: 'a string' } })),
      }),
      'method',
    ],
  ])('refuses a bundle with %s and changes nothing', async (_what, spoil, reason) => {
    const bundle = await control(src).exportBundle();
    const dst = await startSandbox();
    try {
      const before = await control(dst).exportBundle();
      // Raw: a spoiled bundle (version 99, an object where a cell goes) is no Bundle a typed call could send.
      const r = await api(dst.url, 'POST', '/sandbox/v1/import', spoil(bundle));
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
      expect(r.body.error.message).toContain(reason);
      const after = await control(dst).exportBundle();
      expect({ ...after, exported_at: null, clock_now: null }).toEqual({ ...before, exported_at: null, clock_now: null });
    } finally {
      await dst.stop();
    }
  });
});
