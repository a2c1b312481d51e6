import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteInput } from '../../server/contract/client.js';
import type { notificationRoutes } from '../../server/contract/notifications.js';
import { api, control, DEMO, outcome, sha256 } from '../helpers/sandbox.js';
import { eventually } from '../helpers/receiver.js';
import { move, notification, notificationsOfOp, pendingOperation, sandboxWithReceiver, setMerchant, type Sb } from './helpers.js';

let env: Awaited<ReturnType<typeof sandboxWithReceiver>>;
let sb: Sb;
beforeAll(async () => {
  env = await sandboxWithReceiver();
  sb = env.sb;
});
afterAll(() => env.stop());
beforeEach(async () => {
  env.rx.reply({ status: 200, body: 'ok' });
  await setMerchant(sb, { success_url: `${env.rx.url}/ok`, rejection_url: `${env.rx.url}/rejected` });
});

type ResendBody = RouteInput<typeof notificationRoutes.resendNotification>['body'];
const resend = (id: number | string, body?: ResendBody) => outcome(sb, 'resendNotification', { id, body });
const settled = (opId: number) =>
  eventually(async () => {
    const [n] = await notificationsOfOp(sb, opId);
    return n && n.attempts.length > 0 && (n.status !== 'pending' || n.next_attempt_at) ? n : null;
  });
const validSignature = (f: Record<string, string>) =>
  sha256(`${f.time}${f.channel}${f.amount}${f.currency}${f.trans_ID}${DEMO.secret_key}`);

async function deliveredSuccess() {
  const op = await pendingOperation(sb, 17);
  await move(sb, op.id, 'confirm');
  return { op, n: await settled(op.id) };
}

describe('resend by hand', () => {
  it('adds a manual attempt to the same notification and keeps the history', async () => {
    const { n } = await deliveredSuccess();
    const before = env.rx.received.length;
    const r = await resend(n.id);
    expect(r.status).toBe(200);
    expect(r.data!.id).toBe(n.id);
    expect(r.data!.attempts.map((a: { source: string }) => a.source)).toEqual(['automatic', 'manual']);
    expect(r.data!.attempt_count).toBe(2);
    const got = env.rx.received[before]!;
    expect(got.body).toBe(n.body);
    expect(got.headers['x-sandbox-notification-id']).toBe(n.public_id);
  });

  it('a successful resend marks a failing notification delivered and cancels its retries', async () => {
    env.rx.reply({ status: 500 });
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const n = await settled(op.id);
    expect(n.status).toBe('pending');
    env.rx.reply({ status: 200 });
    const r = await resend(n.public_id);
    expect(r.data).toMatchObject({ status: 'delivered', next_attempt_at: null });
    expect(r.data!.attempts.map((a) => a.response_status)).toEqual([500, 200]);
  });

  it('a failed resend leaves the status and the retry schedule as they were', async () => {
    env.rx.reply({ status: 500 });
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const n = await settled(op.id);
    const r = await resend(n.id);
    expect(r.data).toMatchObject({ status: 'pending', next_attempt_at: n.next_attempt_at });
    expect(r.data!.attempts).toHaveLength(2);
  });
});

describe('resend with edits (test deliveries)', () => {
  it('broken_signature sends the same payload with a wrong signature, labelled, with the original id', async () => {
    const { n } = await deliveredSuccess();
    const before = env.rx.received.length;
    const r = await resend(n.id, { test: 'broken_signature' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      test_label: 'broken_signature',
      test_of: n.id,
      status: 'delivered',
      notification_id_header: n.public_id,
    });
    expect(r.data!.id).not.toBe(n.id);
    const got = env.rx.received[before]!;
    expect(got.headers['x-sandbox-notification-id']).toBe(n.public_id);
    const { signature, ...rest } = got.fields;
    const { signature: original, ...originalRest } = n.fields!;
    expect(rest).toEqual(originalRest);
    expect(signature).not.toBe(original);
    expect(signature).not.toBe(validSignature(got.fields));
  });

  it('duplicate delivers the identical body and notification id again', async () => {
    const { n } = await deliveredSuccess();
    const before = env.rx.received.length;
    const r = await resend(n.id, { test: 'duplicate' });
    expect(r.data!.test_label).toBe('duplicate');
    const got = env.rx.received[before]!;
    expect(got.body).toBe(n.body);
    expect(got.headers['x-sandbox-notification-id']).toBe(n.public_id);
  });

  it('out_of_order sends a signed rejection for an already successful payment', async () => {
    const { op, n } = await deliveredSuccess();
    const before = env.rx.received.length;
    const r = await resend(n.id, { test: 'out_of_order' });
    expect(r.data).toMatchObject({ test_label: 'out_of_order', kind: 'rejection', operation_id: op.id });
    const got = env.rx.received[before]!;
    expect(got.path).toBe('/rejected');
    expect(got.fields).toMatchObject({ trans_ID: op.trans_id, rejection_code: 'PAYMENT_REJECTED' });
    expect(got.fields.signature).toBe(validSignature(got.fields));
    expect(got.headers['x-sandbox-notification-id']).toBe(r.data!.public_id);
  });

  it('changed_fields replaces fields and re-signs them', async () => {
    const { n } = await deliveredSuccess();
    const before = env.rx.received.length;
    const r = await resend(n.id, { test: 'changed_fields', fields: { amount: '1.00', bank_name: null, extra: 'x' } });
    expect(r.data!.test_label).toBe('changed_fields');
    const f = env.rx.received[before]!.fields;
    expect(f.amount).toBe('1.00');
    expect(f.extra).toBe('x');
    expect(f).not.toHaveProperty('bank_name');
    expect(f.signature).toBe(validSignature(f));
  });

  it('changed_fields with resign false keeps the original (now wrong) signature', async () => {
    const { n } = await deliveredSuccess();
    const before = env.rx.received.length;
    await resend(n.id, { test: 'changed_fields', fields: { amount: '1.00' }, resign: false });
    const f = env.rx.received[before]!.fields;
    expect(f.signature).toBe(n!.fields!.signature);
    expect(f.signature).not.toBe(validSignature(f));
  });

  it('a test delivery is sent once and is never retried', async () => {
    const { n } = await deliveredSuccess();
    env.rx.reply({ status: 500 });
    const r = await resend(n.id, { test: 'duplicate' });
    expect(r.data).toMatchObject({ status: 'failed', next_attempt_at: null });
    await control(sb).advanceClock({ body: { minutes: 90 } });
    expect((await notification(sb, r.data!.id)).attempts).toHaveLength(1);
  });

  it('test deliveries appear in the log next to the original, marked', async () => {
    const { op, n } = await deliveredSuccess();
    await resend(n.id, { test: 'duplicate' });
    const list = await notificationsOfOp(sb, op.id);
    expect(list.map((x: { test_label: string | null }) => x.test_label)).toEqual(['duplicate', null]);
  });
});

describe('bad resend input changes nothing', () => {
  it('an unknown notification is 404 NOT_FOUND', async () => {
    for (const id of ['999999', 'ntf_000000000000000000000000', 'abc']) {
      const r = await resend(id);
      expect(r.status).toBe(404);
      expect(r.error!.code).toBe('NOT_FOUND');
    }
  });

  it('an unknown test kind, stray fields or an empty changed_fields is 400 VALIDATION_ERROR', async () => {
    const { op, n } = await deliveredSuccess();
    for (const body of [
      { test: 'nope' },
      { fields: { a: 'b' } },
      { test: 'changed_fields', fields: {} },
      { test: 'duplicate', resign: true },
      { test: 'changed_fields', fields: { 'bad name': 'x' } },
      { unknown: 1 },
    ]) {
      // Malformed on purpose: bodies outside the route's schema, sent raw.
      const r = await api(sb.url, 'POST', `/sandbox/v1/notifications/${n.id}/resend`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await notificationsOfOp(sb, op.id)).toHaveLength(1);
    expect((await notification(sb, n.id)).attempts).toHaveLength(1);
  });
});

describe('listing', () => {
  it('lists newest first with keyset paging and filters by status', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await deliveredSuccess()).n.id);
    const p1 = await control(sb).listNotifications({ query: { limit: 2, status: 'delivered' } });
    expect(p1.items.map((x) => x.id).slice(0, 2)).toEqual([ids[2], ids[1]]);
    const p2 = await control(sb).listNotifications({ query: { limit: 2, status: 'delivered', cursor: p1.next_cursor! } });
    expect(p2.items[0]!.id).toBe(ids[0]);
    expect(p2.items.every((x) => x.status === 'delivered')).toBe(true);
  });

  it('failed_first puts failed deliveries before the rest and pages through all of them', async () => {
    await control(sb).updateSettings({ body: { retries_enabled: false } });
    try {
      env.rx.reply({ status: 500 });
      const failed = await deliveredSuccess();
      env.rx.reply({ status: 200 });
      const ok = await deliveredSuccess();
      const all: { id: number; status: string }[] = [];
      let cursor: string | undefined;
      do {
        const page = await control(sb).listNotifications({ query: { order: 'failed_first', limit: 3, cursor } });
        all.push(...page.items);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      const firstOk = all.findIndex((x) => x.status !== 'failed');
      expect(all.slice(firstOk).some((x) => x.status === 'failed')).toBe(false);
      expect(all.findIndex((x) => x.id === failed.n.id)).toBeLessThan(all.findIndex((x) => x.id === ok.n.id));
      expect(new Set(all.map((x) => x.id)).size).toBe(all.length);
    } finally {
      await control(sb).updateSettings({ body: { retries_enabled: true } });
    }
  });

  it('finds the notifications of a trans_id: every operation created with it, test deliveries included, nothing else', async () => {
    const transId = `ORD-${Date.now()}/ñ &1`;
    const first = await pendingOperation(sb, 17, { trans_id: transId });
    const again = await pendingOperation(sb, 17, { trans_id: transId });
    const other = await deliveredSuccess();
    await move(sb, first.id, 'confirm');
    await move(sb, again.id, 'reject', { rejection_code: 'R01' });
    const n1 = await settled(first.id);
    const test = await resend(n1.id, { test: 'duplicate' });
    expect(test.status).toBe(200);
    // Typed by hand in a support engineer's address bar: the raw query, percent-encoded.
    const r = await api(sb.url, 'GET', `/sandbox/v1/notifications?trans_id=${encodeURIComponent(transId)}`);
    expect(r.status).toBe(200);
    const found = r.body.items as { id: number; operation_id: number; kind: string; test_label: string | null }[];
    expect(new Set(found.map((n) => n.operation_id))).toEqual(new Set([first.id, again.id]));
    expect(found.map((n) => n.test_label).filter(Boolean)).toEqual(['duplicate']);
    expect(found.some((n) => n.kind === 'rejection')).toBe(true);
    expect(found.some((n) => n.id === other.n.id)).toBe(false);
    // Combined with the other filters, and exact: a prefix or another case finds nothing.
    const rejected = await control(sb).listNotifications({ query: { trans_id: transId, kind: 'rejection' } });
    expect(rejected.items.map((n) => n.operation_id)).toEqual([again.id]);
    for (const near of [transId.slice(0, -1), transId.toUpperCase()]) {
      expect((await control(sb).listNotifications({ query: { trans_id: near } })).items, near).toEqual([]);
    }
  });

  it('a bad filter or cursor is 400 VALIDATION_ERROR', async () => {
    const long = `trans_id=${'x'.repeat(256)}`;
    const bad = ['status=lost', 'limit=0', 'cursor=abc', 'operation_id=x', 'order=random', 'order=failed_first&cursor=12'];
    bad.push('trans_id=', long);
    for (const q of bad) {
      // Malformed on purpose: raw query strings the typed client would not build.
      const r = await api(sb.url, 'GET', `/sandbox/v1/notifications?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers one notification by numeric id or public id', async () => {
    const { n } = await deliveredSuccess();
    expect((await notification(sb, n.public_id)).id).toBe(n.id);
    expect((await notification(sb, n.id)).public_id).toBe(n.public_id);
  });

  it('is described in the OpenAPI document', async () => {
    // The OpenAPI document describes the control routes; it is not one of them, so the typed client has no call for it.
    const doc = (await api(sb.url, 'GET', '/sandbox/v1/openapi.json')).body;
    expect(doc.paths['/sandbox/v1/notifications'].get).toBeDefined();
    expect(doc.paths['/sandbox/v1/notifications/{id}/resend'].post).toBeDefined();
  });
});
