import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, control, jsonOf, startSandbox } from '../helpers/sandbox.js';
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
    expect(r.json.error.message).toContain('/api/login');
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('accepts any single scheme word by default and records it in the request log', async () => {
    for (const word of ['Token', 'JWT', 'Basic']) {
      const r = await postPayouts(sb.url, [payoutItem()], { authorization: `${word} tk_sandbox_demo` });
      expect(r.status, word).toBe(201);
    }
    const log = await control(sb).listRequests({ query: { limit: 20 } });
    const entry = log.items.find((e) => e.request_headers.authorization?.startsWith('JWT '));
    expect(entry?.note).toContain('payout auth scheme "JWT"');
    expect(entry?.request_headers.authorization).not.toContain('tk_sandbox_demo');
  });

  it('answers 401 for two words of scheme, or a token with no scheme word', async () => {
    expect((await postPayouts(sb.url, [payoutItem()], { authorization: 'Bearer Token tk_sandbox_demo' })).status).toBe(401);
    expect((await postPayouts(sb.url, [payoutItem()], { authorization: 'tk_sandbox_demo' })).status).toBe(401);
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
    const list = await listPayouts(sb.url, { limit: 500 });
    expect(list.items.some((p) => p.credit_note === item.credit_note)).toBe(false);
  });

  it('accepts the scheme word case-insensitively', async () => {
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'bearer tk_sandbox_demo' });
    expect(r.status).toBe(201);
  });

  it('follows the payout_auth_scheme setting', async () => {
    await control(sb).updateSettings({ body: { payout_auth_scheme: 'Token' } });
    try {
      expect((await postPayouts(sb.url, [payoutItem()])).status).toBe(401);
      const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'Token tk_sandbox_demo' });
      expect(r.status).toBe(201);
    } finally {
      await control(sb).updateSettings({ body: { payout_auth_scheme: 'Bearer' } });
    }
  });

  it("files the payroll under the token's merchant", async () => {
    const m = await control(sb).createMerchant({ body: { name: 'Payout Two', payout_token: 'tk_payout_two_123' } });
    const r = await postPayouts(sb.url, [payoutItem()], { authorization: 'Bearer tk_payout_two_123' });
    expect(r.status).toBe(201);
    const p = await control(sb).getPayout({ id: r.json.data[0].id });
    expect(p.mid_id).toBe(m.mid_id);
  });

  it('answers MERCHANT_DISABLED for a disabled merchant', async () => {
    const m = await answer(sb, 'createMerchant', { body: { name: 'Off', payout_token: 'tk_payout_off_123', enabled: false } });
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

  it('answers 405 METHOD_NOT_ALLOWED for PUT', async () => {
    const res = await fetch(`${sb.url}/api/transactions/`, { method: 'PUT', headers: { authorization: 'Bearer tk_sandbox_demo' } });
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

  it('answers 201 {payroll, data} with one item per entry, in the order sent', async () => {
    const a = payoutItem();
    const b = payoutItem({ amount: 1001 });
    const r = await postPayouts(sb.url, [a, b]);
    expect(r.status).toBe(201);
    expect(r.json.payroll).toEqual(expect.any(Number));
    expect(r.json.data).toHaveLength(2);
    const shape = (x: Record<string, unknown>) => ({
      id: expect.any(Number),
      payroll: r.json.payroll,
      order_id: x.order_id,
      credit_note: x.credit_note,
      amount: x.amount,
      account_id: x.account_id,
      account_type: x.account_type,
      bank: x.bank,
      vat_id: x.vat_id,
      vat_id_type: x.vat_id_type,
      name: x.name,
      status: 'pending',
      transfer_status: 1,
      transfer_status_description: 'in process',
      reference: null,
      otp_code: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      warnings: [],
    });
    expect(r.json.data).toEqual([shape(a), shape(b)]);
  });
});
