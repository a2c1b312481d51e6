// What the request log keeps: the answer as written by answer(), no part of a secret however the
// request spells it, a short excerpt of refused anonymous requests, and a cap in bytes.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { control, failure, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sb | undefined;
afterEach(async () => {
  await sb?.stop();
  sb = undefined;
});

/** A raw request: the target exactly as given (absolute-form allowed), the body as bytes. */
function raw(base: string, target: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const { hostname, port } = new URL(base);
  return new Promise<number>((resolve, reject) => {
    const req = request({ host: hostname, port, method: opts.method ?? 'POST', path: target, headers: opts.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(opts.body ?? '');
  });
}

const lastEntry = (s: Sb) => s.ctx.store.requests.list(1)[0]!;

describe('request log: secrets', () => {
  it('keeps no part of the control token, also for an absolute-form request target', async () => {
    sb = await startSandbox({ controlToken: 'sekret-token-1' });
    const status = await raw(sb.url, `${sb.url}/sandbox/v1/clock/resume`, { headers: { authorization: 'Bearer sekret-token-1' } });
    expect(status).toBe(200);
    // A control POST is logged; its Authorization keeps the scheme word only.
    const entry = sb.ctx.store.requests.list(5).find((e) => e.path.endsWith('/sandbox/v1/clock/resume'))!;
    expect(entry.request_headers.authorization).toBe('Bearer ••••');
    expect(JSON.stringify(entry)).not.toMatch(/sekr|en-1/);
  });

  it('keeps no part of a payout token', async () => {
    sb = await startSandbox();
    await raw(sb.url, '/api/transactions/', {
      headers: { authorization: 'Bearer tk_sandbox_demo', 'content-type': 'application/json' },
      body: '[]',
    });
    expect(lastEntry(sb).request_headers.authorization).toBe('Bearer ••••');
  });

  it('masks a multipart signature part, a percent-escaped key, a JSON key with escapes and a query signature', async () => {
    sb = await startSandbox();
    const sig = 'a1b2c3d4e5f6a7b8c9d0';
    const boundary = 'XyZ';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="signature"\r\n\r\n${sig}\r\n--${boundary}--\r\n`;
    await raw(sb.url, '/payments/check-out/SecurePayment.php', {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    });
    expect(lastEntry(sb).request_body).not.toContain(sig.slice(0, 4));
    await raw(sb.url, '/payments/check-out/SecurePayment.php', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `public_key=pk&signatur%65=${sig}`,
    });
    expect(lastEntry(sb).request_body).toBe('public_key=pk&signatur%65=••••');
    await raw(sb.url, '/payments/check-out/SecurePayment.php', {
      headers: { 'content-type': 'application/json' },
      body: `{"public_key":"pk", "SIGNATUR\\u0045" : "${sig}"}`,
    });
    expect(lastEntry(sb).request_body).not.toContain(sig.slice(0, 4));
    await raw(sb.url, `/api/operations?public_key=pk&trans_id=t&signature=${sig}`, { method: 'GET' });
    expect(lastEntry(sb).path).toBe('/api/operations?public_key=pk&trans_id=t&signature=••••');
  });

  it('keeps the answer written by answer() (a creation, an error) and masks secrets in it', async () => {
    sb = await startSandbox();
    const ok = await postPayment(sb.url, paymentFields(17));
    expect(ok.status).toBe(200);
    expect(lastEntry(sb).response_body).toBe(ok.text);
    const login = await fetch(`${sb.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'payout_demo', password: 'pw_sandbox_demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    const entry = lastEntry(sb);
    expect(entry.response_body).toBe('{"token":"••••"}');
    expect(entry.request_body).toBe('{"username":"payout_demo","password":"••••"}');
    expect(JSON.stringify(entry)).not.toContain(token.slice(0, 6));
  });
});

describe('request log: size', () => {
  it('keeps a short excerpt and at most 2 KB of headers of a refused anonymous request', async () => {
    sb = await startSandbox();
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    for (let i = 0; i < 15; i++) headers[`x-pad-${i}`] = 'p'.repeat(900);
    const status = await raw(sb.url, '/api/notify', { headers, body: `public_key=${'b'.repeat(8000)}` });
    expect(status).toBe(400);
    const entry = lastEntry(sb);
    expect(entry.request_body.length).toBeLessThanOrEqual(2048);
    expect(JSON.stringify(entry.request_headers).length).toBeLessThanOrEqual(2300);
    expect(entry.request_headers['(omitted)']).toMatch(/more headers/);
  });

  it('keeps the full excerpt of an identified caller (the operator on loopback)', async () => {
    sb = await startSandbox();
    const refused = await failure(control(sb).createMerchant({ body: { name: 'n'.repeat(3000) } }));
    expect(refused.status).toBe(400);
    expect(lastEntry(sb).request_body.length).toBeGreaterThan(3000);
  });

  it('is capped in bytes as well as rows: the oldest entries go first', async () => {
    sb = await startSandbox({ requestLogMaxBytes: 64 * 1024 });
    for (let i = 0; i < 60; i++) await postPayment(sb.url, paymentFields(17, { description: `d${i}-${'x'.repeat(200)}` }));
    const { requests } = sb.ctx.store;
    requests.flush();
    expect(requests.bytes()).toBeLessThanOrEqual(64 * 1024);
    expect(requests.count()).toBeLessThan(60);
    expect(requests.list(1)[0]!.request_body).toContain('d59-');
  });
});

describe('request log: each entry says which call it was and whose', () => {
  it('records the call kind and the merchant a creation, a query and a payout call name, as they are written', async () => {
    sb = await startSandbox();
    const created = await postPayment(sb.url, paymentFields(17));
    expect(created.status).toBe(200);
    expect(lastEntry(sb)).toMatchObject({ call_kind: 'creation', public_key: 'pk_sandbox_demo' });

    const refused = await postPayment(sb.url, paymentFields(17, { public_key: 'pk_nobody', signature: 'x' }));
    expect(refused.json).toMatchObject({ error: { code: 'INVALID_MERCHANT' } });
    expect(lastEntry(sb)).toMatchObject({ call_kind: 'creation', public_key: 'pk_nobody' });

    await fetch(`${sb.url}/api/operations?public_key=pk_sandbox_demo&trans_id=1`);
    expect(lastEntry(sb)).toMatchObject({ call_kind: 'operation_query', public_key: 'pk_sandbox_demo' });

    await fetch(`${sb.url}/api/transactions/`, { headers: { authorization: 'Token tk_sandbox_demo' } });
    expect(lastEntry(sb)).toMatchObject({ call_kind: 'payout_list', public_key: 'pk_sandbox_demo' });

    await control(sb).getClock();
    await failure(control(sb).getOperation({ id: 999 }));
    expect(lastEntry(sb)).toMatchObject({ call_kind: 'payout_list' });
    await control(sb).advanceClock({ body: { minutes: 1 } });
    expect(lastEntry(sb)).toMatchObject({ call_kind: 'control', public_key: null });
    const listed = (await control(sb).listRequests({ query: { limit: 10 } })).items;
    expect(listed.find((e) => e.call_kind === 'creation' && e.public_key === 'pk_nobody')).toBeDefined();
  });

  it("reads one merchant's calls from the columns, not from the stored excerpts", async () => {
    sb = await startSandbox();
    await postPayment(sb.url, paymentFields(17));
    await postPayment(sb.url, paymentFields(17, { public_key: 'pk_other', signature: 'x' }));
    const mine = sb.ctx.store.requests.ofMerchant('pk_sandbox_demo', ['creation']);
    expect(mine.map((e) => [e.call_kind, e.public_key, e.status])).toEqual([['creation', 'pk_sandbox_demo', 200]]);
  });
});
