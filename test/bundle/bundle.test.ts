import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleSchema } from '../../server/contract/bundle.js';
import { api, deliveriesIdle, startSandbox } from '../helpers/sandbox.js';
import { createPayment } from '../helpers/payments.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
let src: Sb;
let receiver: Server;

const opId = async (base: string, transId: string): Promise<number> =>
  (await api(base, 'GET', `/sandbox/v1/operations?trans_id=${transId}`)).body.items[0].id;

/** Operations with timelines and notifications, keyed by trans_id, without ids (they are remapped). */
async function snapshot(base: string) {
  const list = await api(base, 'GET', '/sandbox/v1/operations?limit=500');
  const out: Record<string, unknown> = {};
  for (const s of list.body.items) {
    const op = (await api(base, 'GET', `/sandbox/v1/operations/${s.id}`)).body;
    out[op.trans_id] = {
      status: op.status,
      amount: op.amount,
      channel: op.channel,
      token: op.token,
      created_at: op.created_at,
      expires_at: op.expires_at,
      events: op.events.map((e: Record<string, unknown>) => ({ at: e.at, kind: e.kind, actor: e.actor, details: e.details })),
      notifications: op.notifications.map((n: Record<string, unknown>) => ({
        public_id: n.public_id,
        status: n.status,
        body: n.body,
        attempts: (n.attempts as unknown[]).length,
      })),
    };
  }
  return out;
}

beforeAll(async () => {
  receiver = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  src = await startSandbox();
  const port = (receiver.address() as AddressInfo).port;
  await api(src.url, 'PATCH', '/sandbox/v1/merchants/pk_sandbox_demo', { success_url: `http://127.0.0.1:${port}/ok` });
  await api(src.url, 'POST', '/sandbox/v1/merchants', {
    name: 'Otra Tienda',
    public_key: 'pk_otra_tienda',
    secret_key: 'sk_otra_tienda_secret',
  });
  const paid = await createPayment(src.url, 17, { trans_id: 'B-PAID' });
  await api(src.url, 'POST', `/sandbox/v1/operations/${await opId(src.url, paid.fields.trans_id!)}/confirm`);
  await createPayment(src.url, 41, { trans_id: 'B-SPEI' });
  const demo = (await api(src.url, 'GET', '/sandbox/v1/merchants')).body.items[0];
  await api(src.url, 'POST', '/sandbox/v1/spei/transfers', { clabe: demo.clabe, amount: '1500.50', rfc: 'GODE561231GR8' });
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
    const masked = (await api(src.url, 'GET', '/sandbox/v1/export')).body;
    expect(masked.secrets_included).toBe(false);
    expect(
      masked.merchants.every((m: { secret_key: unknown; payout_token: unknown }) => m.secret_key === null && m.payout_token === null),
    ).toBe(true);
    expect(JSON.stringify(masked)).not.toContain('sk_otra_tienda_secret');
    const full = (await api(src.url, 'GET', '/sandbox/v1/export?include_secrets=true')).body;
    expect(BundleSchema.safeParse(full).error).toBeUndefined();
    expect(full.merchants.find((m: { public_key: string }) => m.public_key === 'pk_otra_tienda').secret_key).toBe('sk_otra_tienda_secret');
  });

  it('round trip into an empty sandbox reproduces operations, timelines, notifications, transfers and payouts', async () => {
    const bundle = (await api(src.url, 'GET', '/sandbox/v1/export?include_secrets=true')).body;
    const dst = await startSandbox();
    try {
      const r = await api(dst.url, 'POST', '/sandbox/v1/import', bundle);
      expect(r.status).toBe(200);
      expect(r.body.counts.operations).toEqual({ imported: 3, skipped: 0 });
      expect(r.body.counts.merchants).toMatchObject({ imported: 1, existing: 1 });
      expect(r.body.counts.spei_transfers.imported).toBe(1);
      expect(r.body.counts.payouts.imported).toBe(1);
      expect(await snapshot(dst.url)).toEqual(await snapshot(src.url));
      const transfers = (await api(dst.url, 'GET', '/sandbox/v1/spei/transfers')).body.items;
      expect(transfers).toHaveLength(1);
      expect(transfers[0].matched_operation_id).toBe(await opId(dst.url, 'B-SPEI'));
      const merchants = (await api(dst.url, 'GET', '/sandbox/v1/merchants')).body.items;
      expect(merchants.find((m: { public_key: string }) => m.public_key === 'pk_otra_tienda').secret_key).toBe('sk_otra_tienda_secret');
      const payouts = (await api(dst.url, 'GET', '/sandbox/v1/payouts')).body.items;
      expect(payouts.map((p: { credit_note: string; status: string }) => [p.credit_note, p.status])).toEqual([['CN-B-1', 'pending']]);
    } finally {
      await dst.stop();
    }
  });

  it('importing the same bundle twice adds nothing the second time', async () => {
    const bundle = (await api(src.url, 'GET', '/sandbox/v1/export')).body;
    const r = await api(src.url, 'POST', '/sandbox/v1/import', bundle);
    expect(r.status).toBe(200);
    const c = r.body.counts;
    expect([c.merchants.imported, c.operations.imported, c.notifications.imported, c.payouts.imported, c.spei_transfers.imported]).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(c.operations.skipped).toBe(3);
    expect(r.body.notes.some((n: string) => n.includes('already here'))).toBe(true);
  });

  it('re-arms the expiry of an imported pending operation on the sandbox clock', async () => {
    const bundle = (await api(src.url, 'GET', '/sandbox/v1/export')).body;
    const dst = await startSandbox();
    try {
      await api(dst.url, 'POST', '/sandbox/v1/import', bundle);
      await api(dst.url, 'POST', '/sandbox/v1/clock/advance', { minutes: 60 * 24 });
      const op = (await api(dst.url, 'GET', `/sandbox/v1/operations/${await opId(dst.url, 'B-PENDING')}`)).body;
      expect(op.status).toBe('expired');
    } finally {
      await dst.stop();
    }
  });

  it('gives merchants imported with masked secrets new keys', async () => {
    const bundle = (await api(src.url, 'GET', '/sandbox/v1/export')).body;
    const dst = await startSandbox();
    try {
      const r = await api(dst.url, 'POST', '/sandbox/v1/import', bundle);
      expect(r.body.notes.some((n: string) => n.includes('pk_otra_tienda: secret key was masked'))).toBe(true);
      const m = (await api(dst.url, 'GET', '/sandbox/v1/merchants')).body.items.find(
        (x: { public_key: string }) => x.public_key === 'pk_otra_tienda',
      );
      expect(m.secret_key).toMatch(/^sk_sandbox_[0-9a-f]{24}$/);
    } finally {
      await dst.stop();
    }
  });

  it.each([
    ['an unknown version', (b: Record<string, unknown>) => ({ ...b, version: 99 }), 'version'],
    [
      'a reference to a merchant not in the bundle',
      (b: { operations: Record<string, unknown>[] }) => ({ ...b, operations: b.operations.map((o) => ({ ...o, merchant_id: 999 })) }),
      'merchant 999 is not in the bundle',
    ],
    [
      'a row SQLite refuses',
      (b: { operations: Record<string, unknown>[] }) => ({
        ...b,
        operations: b.operations.map((o, i) => ({ ...o, token: 'fresh-token-' + i, trans_id: 'NEW-' + i, method: { not: 'a string' } })),
      }),
      'method',
    ],
  ])('refuses a bundle with %s and changes nothing', async (_what, spoil, reason) => {
    const bundle = (await api(src.url, 'GET', '/sandbox/v1/export')).body;
    const dst = await startSandbox();
    try {
      const before = (await api(dst.url, 'GET', '/sandbox/v1/export')).body;
      const r = await api(dst.url, 'POST', '/sandbox/v1/import', spoil(bundle));
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
      expect(r.body.error.message).toContain(reason);
      const after = (await api(dst.url, 'GET', '/sandbox/v1/export')).body;
      expect({ ...after, exported_at: null, clock_now: null }).toEqual({ ...before, exported_at: null, clock_now: null });
    } finally {
      await dst.stop();
    }
  });
});
