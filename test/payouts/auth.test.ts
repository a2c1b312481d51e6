import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, jsonOf, startSandbox } from '../helpers/sandbox.js';
import { listPayouts, payoutItem, postPayouts } from './helpers.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

describe('payout API authentication', () => {
  it('answers 401 UNAUTHORIZED without an Authorization header', async () => {
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: null });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('UNAUTHORIZED');
    expect(r.json.error.message).toContain('Bearer');
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('answers 401 for a scheme word other than the setting', async () => {
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'Token tk_sandbox_demo' });
    expect(r.status).toBe(401);
    expect(r.json.error.message).toContain('scheme');
  });

  it('answers 401 for a token no merchant has', async () => {
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'Bearer tk_sandbox_demX' });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 for a header with no token', async () => {
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'Bearer' });
    expect(r.status).toBe(401);
  });

  it('checks authentication before the body', async () => {
    const r = await postPayouts(sb.url, '{not json', { authorization: 'Bearer nope' });
    expect(r.status).toBe(401);
  });

  it('stores nothing for an unauthenticated batch', async () => {
    const item = payoutItem();
    await postPayouts(sb.url, [item], { authorization: 'Bearer wrong' });
    const list = await listPayouts(sb.url, '?limit=500');
    expect(list.items.some((p: { credit_note: string }) => p.credit_note === item.credit_note)).toBe(false);
  });

  it('accepts the scheme word case-insensitively', async () => {
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'bearer tk_sandbox_demo' });
    expect(r.status).toBe(201);
  });

  it('follows the payout_auth_scheme setting', async () => {
    await api(sb.url, 'PATCH', '/sandbox/v1/settings', { payout_auth_scheme: 'Token' });
    try {
      expect((await postPayouts(sb.url, [payoutItem()])).status).toBe(401);
      const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'Token tk_sandbox_demo' });
      expect(r.status).toBe(201);
    } finally {
      await api(sb.url, 'PATCH', '/sandbox/v1/settings', { payout_auth_scheme: 'Bearer' });
    }
  });

  it("files the payroll under the token's merchant", async () => {
    const m = await api(sb.url, 'POST', '/sandbox/v1/merchants', { name: 'Payout Two', payout_token: 'tk_payout_two_123' });
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'Bearer tk_payout_two_123' });
    expect(r.status).toBe(201);
    const p = await api(sb.url, 'GET', `/sandbox/v1/payouts/${r.json.transactions[0].id}`);
    expect(p.body.mid_id).toBe(m.body.mid_id);
  });

  it('answers MERCHANT_DISABLED for a disabled merchant', async () => {
    const m = await api(sb.url, 'POST', '/sandbox/v1/merchants', { name: 'Off', payout_token: 'tk_payout_off_123', enabled: false });
    expect(m.status).toBe(201);
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'Bearer tk_payout_off_123' });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('MERCHANT_DISABLED');
  });
});

describe('payout API transport', () => {
  it('answers 415 UNSUPPORTED_CONTENT_TYPE for a form body', async () => {
    const r = await postPayouts(sb.url, 'a=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(r.status).toBe(415);
    expect(r.json.error.code).toBe('UNSUPPORTED_CONTENT_TYPE');
  });

  it('answers MISSING_CONTENT_TYPE without a content type', async () => {
    const res = await fetch(`${sb.url}/api/transactions/`, {
      method: 'POST',
      headers: { authorization: 'Bearer tk_sandbox_demo' },
      body: new Uint8Array(Buffer.from('[]')),
    });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.code).toBe('MISSING_CONTENT_TYPE');
  });

  it('accepts application/json with a charset', async () => {
    const r = await postPayouts(sb.url, [payoutItem()], { 'content-type': 'application/json; charset=utf-8' });
    expect(r.status).toBe(201);
  });

  it('answers EMPTY_JSON_BODY for an empty body', async () => {
    const r = await postPayouts(sb.url, '');
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('EMPTY_JSON_BODY');
  });

  it('answers INVALID_JSON for malformed JSON', async () => {
    const r = await postPayouts(sb.url, '[{"order_id":');
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('INVALID_JSON');
  });

  it('answers INVALID_JSON_STRUCTURE for a single object instead of an array', async () => {
    const r = await postPayouts(sb.url, payoutItem());
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('INVALID_JSON_STRUCTURE');
    expect(r.json.error.message).toContain('[ ]');
  });

  it('answers 405 METHOD_NOT_ALLOWED for GET', async () => {
    const res = await fetch(`${sb.url}/api/transactions/`, { headers: { authorization: 'Bearer tk_sandbox_demo' } });
    expect(res.status).toBe(405);
    expect((await jsonOf(res)).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers the path without the trailing slash too', async () => {
    const res = await fetch(`${sb.url}/api/transactions`, {
      method: 'POST',
      headers: { authorization: 'Bearer tk_sandbox_demo', 'content-type': 'application/json' },
      body: JSON.stringify([payoutItem()]),
    });
    expect(res.status).toBe(201);
  });

  it('answers 201 with the payroll and pending transactions', async () => {
    const a = payoutItem();
    const b = payoutItem({ amount: 1001 });
    const r = await postPayouts(sb.url, [a, b]);
    expect(r.status).toBe(201);
    expect(r.json).toEqual({
      payroll: expect.any(Number),
      transactions: [
        { id: expect.any(Number), credit_note: a.credit_note, order_id: a.order_id, status: 'pending' },
        { id: expect.any(Number), credit_note: b.credit_note, order_id: b.order_id, status: 'pending' },
      ],
    });
  });
});
