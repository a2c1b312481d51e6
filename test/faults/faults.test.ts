import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationFault } from '../../server/delivery/notification-faults.js';
import { api, control, startSandbox } from '../helpers/sandbox.js';
import { paymentFields, postPayment } from '../helpers/payments.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
  await control(sb).createMerchant({ body: { name: 'Otra', public_key: 'pk_fault_other', secret_key: 'sk_fault_other' } });
});
afterAll(() => sb.stop());
beforeEach(async () => {
  await control(sb).clearFaults();
});

/** The request-log entry of a creation, found by its trans_id. */
async function logOf(transId: string) {
  const r = await control(sb).listRequests({ query: { limit: 50, path: '/payments/' } });
  return r.items.find((e) => e.request_body.includes(transId));
}

describe('fault injection', () => {
  it('adds latency to merchant API answers and marks it in the request log', async () => {
    await control(sb).addFault({ body: { kind: 'latency', latency_ms: 400, remaining: 1 } });
    const f = paymentFields(17);
    const t0 = performance.now();
    const r = await postPayment(sb.url, f);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(390);
    expect(r.status).toBe(200);
    expect((await logOf(f.trans_id!))?.note).toMatch(/^fault: latency 400ms/);
  });

  it('answers CREATION_ERROR on the next N creations only, consuming the counter', async () => {
    await control(sb).addFault({ body: { kind: 'creation_error', remaining: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const r = await postPayment(sb.url, paymentFields(17));
      statuses.push([r.status, r.json?.error?.code ?? 'ok']);
    }
    expect(statuses).toEqual([
      [400, 'CREATION_ERROR'],
      [400, 'CREATION_ERROR'],
      [200, 'ok'],
    ]);
    const rules = (await control(sb).listFaults()).rules;
    expect(rules[0]).toMatchObject({ remaining: 0, fired: 2 });
  });

  it('answers a 500 INTERNAL_ERROR-shaped fault and logs it', async () => {
    await control(sb).addFault({ body: { kind: 'server_error', remaining: 1, label: 'provider down' } });
    const f = paymentFields(17);
    const r = await postPayment(sb.url, f);
    expect(r.status).toBe(500);
    expect(r.json.error.code).toBe('INTERNAL_ERROR');
    expect((await logOf(f.trans_id!))?.note).toContain('fault: server error');
  });

  it('drops the connection without an answer and still logs the request', async () => {
    await control(sb).addFault({ body: { kind: 'drop_connection', remaining: 1 } });
    const f = paymentFields(17);
    await expect(postPayment(sb.url, f)).rejects.toThrow();
    const entry = await logOf(f.trans_id!);
    expect(entry).toMatchObject({ status: 0 });
    expect(entry?.note).toContain('fault: drop connection');
    expect(entry?.request_body).not.toContain(f.signature!);
  });

  it('applies a per-merchant rule only to that merchant', async () => {
    await control(sb).addFault({ body: { kind: 'creation_error', public_key: 'pk_fault_other' } });
    const demo = await postPayment(sb.url, paymentFields(17));
    const other = await postPayment(sb.url, paymentFields(17, { public_key: 'pk_fault_other' }, { secret: 'sk_fault_other' }));
    expect(demo.status).toBe(200);
    expect(other.json.error.code).toBe('CREATION_ERROR');
  });

  it('applies faults to payout batches, found by their token', async () => {
    await control(sb).addFault({ body: { kind: 'server_error', target: 'payouts', public_key: 'pk_sandbox_demo' } });
    const res = await fetch(sb.url + '/api/transactions/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer tk_sandbox_demo' },
      body: '[]',
    });
    expect(res.status).toBe(500);
    expect(await postPayment(sb.url, paymentFields(17)).then((r) => r.status)).toBe(200);
  });

  it('is switched off and on from the control API', async () => {
    const rule = await control(sb).addFault({ body: { kind: 'creation_error' } });
    await control(sb).patchFault({ id: rule.id, body: { enabled: false } });
    expect((await postPayment(sb.url, paymentFields(17))).status).toBe(200);
    await control(sb).patchFault({ id: rule.id, body: { enabled: true } });
    expect((await postPayment(sb.url, paymentFields(17))).status).toBe(400);
    const del = await control(sb).deleteFault({ id: rule.id });
    expect(del.rules).toEqual([]);
    expect((await postPayment(sb.url, paymentFields(17))).status).toBe(200);
  });

  it.each([
    [{ kind: 'latency' }, 400, 'VALIDATION_ERROR'],
    [{ kind: 'creation_error', target: 'payouts' }, 400, 'VALIDATION_ERROR'],
    [{ kind: 'explode' }, 400, 'VALIDATION_ERROR'],
    [{ kind: 'server_error', public_key: 'pk_nobody' }, 404, 'NOT_FOUND'],
  ])('refuses the bad rule %j and changes nothing', async (rule, status, code) => {
    await control(sb).addFault({ body: { kind: 'latency', latency_ms: 5 } });
    const before = await control(sb).listFaults();
    // Raw: the table holds rules as they come over the wire, one of them no rule type admits (kind 'explode').
    const r = await api(sb.url, 'PUT', '/sandbox/v1/faults', { rules: [{ kind: 'server_error' }, rule] });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(await control(sb).listFaults()).toEqual(before);
  });

  it('tells the delivery engine to delay or duplicate the next notifications, and logs it', async () => {
    await control(sb).replaceFaults({
      body: {
        rules: [
          { kind: 'notification_delay', delay_minutes: 5, remaining: 1 },
          { kind: 'notification_duplicate', public_key: 'pk_fault_other', remaining: 1 },
        ],
      },
    });
    const other = sb.ctx.store.merchants.byPublicKey('pk_fault_other')!;
    expect(notificationFault(sb.ctx, 1, { url: 'http://127.0.0.1:9/ok', kind: 'success' })).toMatchObject({
      delayMs: 300_000,
      duplicate: false,
    });
    expect(notificationFault(sb.ctx, 1)).toEqual({ delayMs: 0, duplicate: false, note: null });
    expect(notificationFault(sb.ctx, other.id)).toMatchObject({ delayMs: 0, duplicate: true });
    const log = (await control(sb).listRequests({ query: { limit: 5, path: 'http://127.0.0.1:9/ok' } })).items;
    expect(log[0]).toMatchObject({ method: 'NOTIFY', note: expect.stringContaining('fault: notification delayed 5 min') });
  });
});
