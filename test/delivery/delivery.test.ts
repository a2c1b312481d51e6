import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, api, control, DEMO, failure, sha256, startSandbox } from '../helpers/sandbox.js';
import { closedPort, eventually, startReceiver } from '../helpers/receiver.js';
import { enqueueNotification } from '../../server/delivery/outbox.js';
import { markerDelivered, move, notificationsOfOp, pendingOperation, sandboxWithReceiver, setMerchant, wire, type Sb } from './helpers.js';

let env: Awaited<ReturnType<typeof sandboxWithReceiver>>;
let sb: Sb;
// A deadline of a few hundred ms once made this file flaky on a busy machine: the receiver runs in
// this process, and when the loop stalled longer than the deadline the attempt was cut before the
// receiver read it, so the retry (a sandbox minute later) never came ("receiver got 0 of 1").
// The deadline here is generous; the timeout test has its own sandbox with a short one.
const DEADLINE_MS = 5_000;
beforeAll(async () => {
  env = await sandboxWithReceiver({ status: 200, body: 'ok' }, { delivery: { timeoutMs: DEADLINE_MS } });
  sb = env.sb;
});
afterAll(() => env.stop());
beforeEach(async () => {
  env.rx.reply({ status: 200, body: 'ok' });
  await setMerchant(sb, {
    success_url: `${env.rx.url}/ok`,
    rejection_url: `${env.rx.url}/rejected`,
    notification_signature_layout: 'standard',
  });
});

const delivered = (id: number) =>
  eventually(async () => {
    const [n] = await notificationsOfOp(sb, id);
    return n && n.status !== 'pending' ? n : null;
  });
const firstAttempt = (id: number) =>
  eventually(async () => {
    const [n] = await notificationsOfOp(sb, id);
    return n?.attempts.length ? n : null;
  });

describe('what is sent', () => {
  it('a success notification is a form POST of the seven documented fields plus extras, signed in the standard layout', async () => {
    const op = await pendingOperation(sb, 17);
    const before = env.rx.received.length;
    const confirmed = await move(sb, op.id, 'confirm');
    const [got] = (await env.rx.waitFor(before + 1)).slice(before);
    expect(got!.method).toBe('POST');
    expect(got!.path).toBe('/ok');
    expect(got!.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    const f = got!.fields;
    expect(Object.keys(f).slice(0, 7)).toEqual(['public_key', 'time', 'channel', 'amount', 'currency', 'trans_ID', 'signature']);
    expect(f).toMatchObject({ public_key: DEMO.public_key, channel: '17', amount: '50000.00', currency: 'COP', trans_ID: op.trans_id });
    expect(f.time).toBe(wire(confirmed!.events.at(-1)!.at));
    expect(f.signature).toBe(sha256(`${f.time}17${f.amount}COP${op.trans_id}${DEMO.secret_key}`));
  });

  it('the legacy layout puts public_key first in the signature', async () => {
    await setMerchant(sb, { notification_signature_layout: 'legacy' });
    const op = await pendingOperation(sb, 41);
    const before = env.rx.received.length;
    await move(sb, op.id, 'confirm');
    const f = (await env.rx.waitFor(before + 1))[before]!.fields;
    expect(f.amount).toBe('1500.50');
    expect(f.signature).toBe(sha256(`${DEMO.public_key}${f.time}41${f.amount}MXN${op.trans_id}${DEMO.secret_key}`));
  });

  it('carries a stable X-Sandbox-Notification-Id equal to the notification public id', async () => {
    const op = await pendingOperation(sb, 17);
    const before = env.rx.received.length;
    await move(sb, op.id, 'confirm');
    const got = (await env.rx.waitFor(before + 1))[before]!;
    const n = await delivered(op.id);
    expect(got.headers['x-sandbox-notification-id']).toBe(n.public_id);
    expect(n.public_id).toMatch(/^ntf_[0-9a-f]{24}$/);
    expect(n!.attempts[0]!.request.headers['X-Sandbox-Notification-Id']).toBe(n.public_id);
  });

  it('adds card extras on a card payment: masked number, brand, authorization number', async () => {
    const op = await pendingOperation(sb, 36, { filter_by: 'card' });
    const before = env.rx.received.length;
    await move(sb, op.id, 'confirm');
    const f = (await env.rx.waitFor(before + 1))[before]!.fields;
    expect(f.payment_method).toBe('card');
    expect(f.card_number).toMatch(/^\d{6}\*+\d{4}$/);
    // No card was typed (a control confirm): the fallback test number, its brand in lower case as the card form sends it.
    expect(f.card_brand).toBe('visa');
    expect(f.authorization_number).toMatch(/^\d{6}$/);
  });

  it('adds the voucher reference the creation stored on a cash payment', async () => {
    const op = await pendingOperation(sb, 38);
    const before = env.rx.received.length;
    await move(sb, op.id, 'confirm');
    const f = (await env.rx.waitFor(before + 1))[before]!.fields;
    expect(f.payment_method).toBe('cash');
    expect(f.voucher_reference).toBe(String(op.details.voucher_reference));
  });

  it('adds bank name and masked account on a bank transfer (channel 41: the merchant CLABE)', async () => {
    const op = await pendingOperation(sb, 41);
    const before = env.rx.received.length;
    await move(sb, op.id, 'confirm');
    const f = (await env.rx.waitFor(before + 1))[before]!.fields;
    const clabe: string = (await control(sb).listMerchants()).items[0]!.clabe;
    expect(f).toMatchObject({ payment_method: 'bank_transfer', bank_name: 'SPEI', bank_account: `************${clabe.slice(-4)}` });
  });

  it('sends nothing and records nothing for a success when the merchant has no success URL', async () => {
    await setMerchant(sb, { success_url: null });
    const op = await pendingOperation(sb, 17);
    const before = env.rx.received.length;
    const confirmed = await move(sb, op.id, 'confirm');
    expect(confirmed.notifications).toEqual([]);
    expect(await notificationsOfOp(sb, op.id)).toEqual([]);
    await setMerchant(sb, { success_url: `${env.rx.url}/ok` });
    const marker = await markerDelivered(sb, env.rx);
    expect(env.rx.received.slice(before).map((r) => r.fields.trans_ID)).toEqual([marker]);
  });
});

describe('payout deliveries (written by the payout engine through enqueueNotification)', () => {
  it('are JSON posts with the notification id header, editable as JSON but never signature-broken', async () => {
    const before = env.rx.received.length;
    const id = sb.ctx.store.tx(() =>
      enqueueNotification(sb.ctx, {
        merchant_id: 1,
        kind: 'payout_callback',
        url: `${env.rx.url}/payout`,
        content_type: 'application/json',
        body: '{"reference":"PO-1","otp_code":"123456"}',
      }),
    );
    const got = (await env.rx.waitFor(before + 1))[before]!;
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(got.body)).toEqual({ reference: 'PO-1', otp_code: '123456' });
    const n = await control(sb).getNotification({ id });
    expect(got.headers['x-sandbox-notification-id']).toBe(n.public_id);
    const edited = await control(sb).resendNotification({ id, body: { test: 'changed_fields', fields: { otp_code: '000000' } } });
    expect(JSON.parse(edited.body)).toEqual({ reference: 'PO-1', otp_code: '000000' });
    const broken = await failure(control(sb).resendNotification({ id, body: { test: 'broken_signature' } }));
    expect(broken.status).toBe(400);
    expect(broken.code).toBe('VALIDATION_ERROR');
  });
});

describe('rejections', () => {
  it('channel 17 with a rejection URL gets rejection_code and rejection_message from the operator', async () => {
    const op = await pendingOperation(sb, 17);
    const before = env.rx.received.length;
    await move(sb, op.id, 'reject', { rejection_code: 'R-51', rejection_message: 'Fondos insuficientes' });
    const got = (await env.rx.waitFor(before + 1))[before]!;
    expect(got.path).toBe('/rejected');
    expect(got.fields).toMatchObject({ trans_ID: op.trans_id, rejection_code: 'R-51', rejection_message: 'Fondos insuficientes' });
    expect(got.fields.signature).toBe(sha256(`${got.fields.time}17${got.fields.amount}COP${op.trans_id}${DEMO.secret_key}`));
  });

  it('channel 17 rejection codes default per outcome when the operator gave none (cancel, expire)', async () => {
    const a = await pendingOperation(sb, 17);
    const b = await pendingOperation(sb, 17);
    const before = env.rx.received.length;
    await move(sb, a.id, 'cancel');
    await move(sb, b.id, 'expire');
    const got = (await env.rx.waitFor(before + 2)).slice(before);
    const byTrans = Object.fromEntries(got.map((g) => [g.fields.trans_ID, g.fields]));
    expect(byTrans[a.trans_id]).toMatchObject({ rejection_code: 'PAYMENT_CANCELLED', rejection_message: 'The payment was cancelled' });
    expect(byTrans[b.trans_id]).toMatchObject({ rejection_code: 'PAYMENT_EXPIRED' });
  });

  it('channel 17 without a rejection URL sends no rejection', async () => {
    await setMerchant(sb, { rejection_url: null });
    const op = await pendingOperation(sb, 17);
    const before = env.rx.received.length;
    await move(sb, op.id, 'reject');
    expect(await notificationsOfOp(sb, op.id)).toEqual([]);
    const marker = await markerDelivered(sb, env.rx);
    expect(env.rx.received.slice(before).map((r) => r.fields.trans_ID)).toEqual([marker]);
  });

  it('other channels never notify a failure, even with a rejection URL', async () => {
    const before = env.rx.received.length;
    for (const ch of [5, 36, 41]) {
      const op = await pendingOperation(sb, ch);
      await move(sb, op.id, 'reject');
      expect(await notificationsOfOp(sb, op.id)).toEqual([]);
    }
    const marker = await markerDelivered(sb, env.rx);
    expect(env.rx.received.slice(before).map((r) => r.fields.trans_ID)).toEqual([marker]);
  });
});

describe('what counts as delivered', () => {
  it('203 counts as delivered', async () => {
    env.rx.reply({ status: 203 });
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const n = await delivered(op.id);
    expect(n.status).toBe('delivered');
    expect(n.attempts[0]).toMatchObject({ response_status: 203, error: null, source: 'automatic' });
  });

  it('a 500 is a failed attempt with its status and body excerpt stored, and a retry is scheduled 1 minute later', async () => {
    env.rx.reply({ status: 500, body: 'boom: database down' });
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const n = await firstAttempt(op.id);
    expect(n.status).toBe('pending');
    const a = n.attempts[0];
    expect(a).toMatchObject({ response_status: 500, response_body: 'boom: database down', url: `${env.rx.url}/ok` });
    expect(a!.error).toMatch(/HTTP 500/);
    expect(a!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(a!.request.body).toBe(n.body);
    expect(Date.parse(n.next_attempt_at!) - Date.parse(a!.at)).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(n.next_attempt_at!) - Date.parse(a!.at)).toBeLessThan(62_000);
  });

  it('a receiver that never answers is a timeout after the configured deadline', async () => {
    const hanging = await startReceiver('hang');
    const own = await startSandbox({ delivery: { timeoutMs: 500 } });
    try {
      await setMerchant(own, { success_url: `${hanging.url}/ok` });
      const op = await pendingOperation(own, 17);
      await move(own, op.id, 'confirm');
      const n = await eventually(async () => {
        const [x] = await notificationsOfOp(own, op.id);
        return x?.attempts.length ? x : null;
      });
      expect(n.attempts[0]).toMatchObject({ response_status: null });
      // The message names the deadline in force: the configured 500 ms, not the 10 s default.
      expect(n!.attempts[0]!.error).toMatch(/timeout.*within 500 ms/);
      expect(n!.attempts[0]!.latency_ms).toBeGreaterThanOrEqual(450);
    } finally {
      await own.stop();
      await hanging.close();
    }
  });

  it('a refused connection is a failed attempt that says so', async () => {
    await setMerchant(sb, { success_url: `http://127.0.0.1:${await closedPort()}/ok` });
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const n = await firstAttempt(op.id);
    expect(n.status).toBe('pending');
    expect(n!.attempts[0]!.error).toBe('connection refused');
  });

  it('keeps only the first 2,000 characters of a long answer', async () => {
    env.rx.reply({ status: 500, body: 'é'.repeat(5000) });
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const n = await firstAttempt(op.id);
    expect(n!.attempts[0]!.response_body).toBe('é'.repeat(2000));
  });

  it('a redirect is not a delivery', async () => {
    env.rx.reply({ status: 302 });
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const n = await firstAttempt(op.id);
    expect(n!.attempts[0]!.response_status).toBe(302);
    expect(n.status).toBe('pending');
  });

  it('the operation view lists its notifications with their attempts', async () => {
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    await delivered(op.id);
    const view = await control(sb).getOperation({ id: op.id });
    expect(view.notifications).toHaveLength(1);
    expect(view.notifications[0]).toMatchObject({ kind: 'success', status: 'delivered', operation_id: op.id });
    expect(view!.notifications[0]!.attempts).toHaveLength(1);
  });
});

describe('no blocking', () => {
  it('a hanging merchant does not slow the API down', async () => {
    env.rx.reply('hang');
    const op = await pendingOperation(sb, 17);
    const before = env.rx.received.length;
    await move(sb, op.id, 'confirm');
    await env.rx.waitFor(before + 1); // the attempt is now held by the merchant
    // Median of 5 real requests while the attempt hangs: one slow answer on a busy machine is noise.
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      expect((await api(sb.url, 'GET', '/health')).status).toBe(200);
      times.push(performance.now() - t0);
    }
    expect(times.sort((a, b) => a - b)[2]).toBeLessThan(200);
    await firstAttempt(op.id);
  });

  it('a reset cuts deliveries in flight and the next ones still go out', async () => {
    env.rx.reply('hang');
    const op = await pendingOperation(sb, 17);
    const before = env.rx.received.length;
    await move(sb, op.id, 'confirm');
    await env.rx.waitFor(before + 1);
    expect((await answer(sb, 'resetSandbox')).status).toBe(200);
    expect((await control(sb).listNotifications()).items).toEqual([]);
    env.rx.reply({ status: 200 });
    await setMerchant(sb, { success_url: `${env.rx.url}/ok` });
    const next = await pendingOperation(sb, 17);
    await move(sb, next.id, 'confirm');
    expect((await delivered(next.id)).status).toBe('delivered');
  });
});
