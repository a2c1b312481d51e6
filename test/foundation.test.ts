import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, api, control, failure, jsonOf, startSandbox } from './helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

describe('foundation HTTP', () => {
  it('answers /health with ok and version', async () => {
    const r = await api(sb.url, 'GET', '/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, version: expect.any(String) });
  });

  it('answers unknown routes with 404 NOT_FOUND in the error shape', async () => {
    const r = await api(sb.url, 'GET', '/no/such/thing');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it('seeds the demo merchant with its published keys', async () => {
    const demo = (await control(sb).listMerchants()).items[0]!;
    expect(demo).toMatchObject({
      public_key: 'pk_sandbox_demo',
      secret_key: 'sk_sandbox_demo',
      mid_id: 1,
      payout_token: 'tk_sandbox_demo',
      max_amount: 100000000,
    });
    expect(
      Object.keys(demo.channels)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([5, 11, 16, 17, 22, 30, 33, 35, 36, 38, 40, 41]);
    expect(demo.clabe).toMatch(/^\d{18}$/);
  });

  it('refuses a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const e = await failure(control(sb).createMerchant({ body: { name: 'x'.repeat(2 * 1024 * 1024) } }));
    expect(e.status).toBe(413);
    expect(e.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses malformed JSON on the control API with INVALID_JSON', async () => {
    const res = await fetch(sb.url + '/sandbox/v1/merchants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.code).toBe('INVALID_JSON');
  });

  it('refuses control calls from a foreign browser origin with 403', async () => {
    const res = await fetch(sb.url + '/sandbox/v1/merchants', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await jsonOf(res)).error.code).toBe('FORBIDDEN');
    const own = await fetch(sb.url + '/sandbox/v1/merchants', { headers: { origin: sb.url } });
    expect(own.status).toBe(200);
  });

  it('creates and patches merchants, replacing named settings whole', async () => {
    const c = await answer(sb, 'createMerchant', { body: { name: 'Tienda Dos', channels: { '17': ['COP'] } } });
    expect(c.status).toBe(201);
    expect(c.data.public_key).toMatch(/^pk_/);
    expect(c.data.secret_key).toMatch(/^sk_/);
    const p = await answer(sb, 'updateMerchant', {
      public_key: c.data.public_key,
      body: { success_url: 'https://shop.example/ok', channels: { '41': ['MXN'] } },
    });
    expect(p.status).toBe(200);
    expect(p.data.channels).toEqual({ '41': ['MXN'] });
    expect(p.data.success_url).toBe('https://shop.example/ok');
    const u = await control(sb).updateMerchant({ public_key: c.data.public_key, body: { success_url: null } });
    expect(u.success_url).toBeNull();
  });

  it('rejects a bad merchant setting and changes nothing', async () => {
    const before = await control(sb).listMerchants();
    const e = await failure(
      control(sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { max_amount: -5, success_url: 'https://a.example' } }),
    );
    expect(e.status).toBe(400);
    expect(e.code).toBe('VALIDATION_ERROR');
    const after = await control(sb).listMerchants();
    expect(after).toEqual(before);
  });

  it('logs API calls with secrets masked', async () => {
    await control(sb).createMerchant({ body: { name: 'Masked', secret_key: 'sk_very_secret_value_123' } });
    const r = await control(sb).listRequests({ query: { limit: 5 } });
    const entry = r.items.find((e) => e.request_body?.includes('Masked'));
    expect(entry).toBeDefined();
    expect(entry!.request_body).not.toContain('sk_very_secret_value_123');
    expect(entry!.status).toBe(201);
  });

  it('advances the clock and reports the offset', async () => {
    const before = await control(sb).getClock();
    const r = await answer(sb, 'advanceClock', { body: { minutes: 90 } });
    expect(r.status).toBe(200);
    expect(Date.parse(r.data.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(90 * 60_000);
    expect(r.data.offset_minutes).toBeGreaterThanOrEqual(90);
  });

  it('resets to the demo merchant only with the clock at real time', async () => {
    expect(await control(sb).resetSandbox()).toEqual({ ok: true });
    const m = await control(sb).listMerchants();
    expect(m.items.map((x) => x.public_key)).toEqual(['pk_sandbox_demo']);
    const c = await control(sb).getClock();
    expect(Math.abs(c.offset_minutes)).toBeLessThan(1);
  });

  it('publishes an OpenAPI 3.1 document', async () => {
    const r = await api(sb.url, 'GET', '/sandbox/v1/openapi.json');
    expect(r.body.openapi).toBe('3.1.0');
    expect(r.body.paths['/sandbox/v1/merchants'].post).toBeDefined();
  });
});
