import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { api, jsonOf, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

async function pending(channel = 17, overrides: Record<string, string> = {}): Promise<number> {
  const p = await createPayment(sb.url, channel, overrides);
  const list = await api(sb.url, 'GET', `/sandbox/v1/operations?trans_id=${encodeURIComponent(p.fields.trans_id!)}`);
  return list.body.items[0].id;
}
const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(sb.url + path, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (r) => ({ status: r.status, body: await jsonOf(r) }));

describe('operation state machine', () => {
  for (const [verb, to] of [
    ['confirm', 'confirmed'],
    ['reject', 'rejected'],
    ['cancel', 'cancelled'],
    ['expire', 'expired'],
  ] as const) {
    it(`${verb} moves pending → ${to} and records the event with its actor`, async () => {
      const id = await pending();
      const r = await post(`/sandbox/v1/operations/${id}/${verb}`);
      expect(r.status).toBe(200);
      expect(r.body.status).toBe(to);
      expect(r.body.events.map((e: { kind: string }) => e.kind)).toEqual(['created', to]);
      expect(r.body.events[1]).toMatchObject({ actor: 'control_api', from_status: 'pending', to_status: to });
    });
  }

  it('a final state never changes: every further transition is 409 INVALID_TRANSITION and changes nothing', async () => {
    const id = await pending();
    await post(`/sandbox/v1/operations/${id}/confirm`);
    for (const verb of ['confirm', 'reject', 'cancel', 'expire']) {
      const r = await post(`/sandbox/v1/operations/${id}/${verb}`);
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('INVALID_TRANSITION');
    }
    const op = await api(sb.url, 'GET', `/sandbox/v1/operations/${id}`);
    expect(op.body.status).toBe('confirmed');
    expect(op.body.events).toHaveLength(2);
  });

  it('reject records the rejection code, message and channel 11 error_reason on the timeline', async () => {
    const id = await pending(11);
    const r = await post(`/sandbox/v1/operations/${id}/reject`, {
      rejection_code: 'R-51',
      rejection_message: 'Fondos insuficientes',
      error_reason: 'insufficient_funds',
    });
    expect(r.body.events.at(-1).details).toEqual({
      rejection_code: 'R-51',
      rejection_message: 'Fondos insuficientes',
      error_reason: 'insufficient_funds',
    });
  });

  it('a bad reject body is refused and the operation stays pending', async () => {
    const id = await pending();
    const r = await post(`/sandbox/v1/operations/${id}/reject`, { card_failure_code: '9999' });
    expect(r.status).toBe(400);
    expect((await api(sb.url, 'GET', `/sandbox/v1/operations/${id}`)).body.status).toBe('pending');
  });

  it('the console is recorded as the operator', async () => {
    const id = await pending();
    const r = await post(`/sandbox/v1/operations/${id}/cancel`, undefined, { 'x-sandbox-actor': 'operator' });
    expect(r.body.events.at(-1).actor).toBe('operator');
  });

  it('unknown operations are 404 NOT_FOUND', async () => {
    for (const id of ['999999', 'abc', '1e3']) {
      const r = await post(`/sandbox/v1/operations/${id}/confirm`);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('the clock expires an operation at its effective expiry, not before', async () => {
    const id = await pending(17, { time_expired: '30' });
    const op = (await api(sb.url, 'GET', `/sandbox/v1/operations/${id}`)).body;
    expect(Date.parse(op.expires_at) - Date.parse(op.created_at)).toBe(30 * 60_000);
    await post('/sandbox/v1/clock/advance', { minutes: 29 });
    expect((await api(sb.url, 'GET', `/sandbox/v1/operations/${id}`)).body.status).toBe('pending');
    await post('/sandbox/v1/clock/advance', { minutes: 2 });
    const after = (await api(sb.url, 'GET', `/sandbox/v1/operations/${id}`)).body;
    expect(after.status).toBe('expired');
    expect(after.events.at(-1)).toMatchObject({ actor: 'clock', to_status: 'expired', at: op.expires_at });
  });

  it('confirm vs expire vs cancel racing on one operation end in exactly one final state', async () => {
    const id = await pending();
    const verbs = ['confirm', 'expire', 'cancel', 'reject', 'confirm', 'cancel'];
    const results = await Promise.all(verbs.map((v) => post(`/sandbox/v1/operations/${id}/${v}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(verbs.length - 1);
    const op = (await api(sb.url, 'GET', `/sandbox/v1/operations/${id}`)).body;
    expect(
      op.events.filter((e: { to_status: string | null; kind: string }) => e.to_status !== 'pending' && e.kind !== 'created'),
    ).toHaveLength(1);
  });
});
