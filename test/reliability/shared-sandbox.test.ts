import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_COOKIE } from '../../server/http/control-access.js';
import { paymentFields } from '../helpers/payments.js';
import { jsonOf, startSandbox } from '../helpers/sandbox.js';
import type { Running } from './support.js';

// A shared team sandbox, used from other machines with the control token. No traffic leaves
// loopback: a client on another machine is
// played by a loopback connection whose Host names another machine (the guard treats both alike),
// and the socket-level check is driven in access.test.ts with non-loopback remote addresses.
const TOKEN = 'team-token-7f3a9c';
const REMOTE_HOST = 'sandbox.team.example';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One raw request to the sandbox with a chosen Host; `firstChunk` answers as soon as a body chunk arrives (streams).
 * Every control call here goes through it: fetch, and so the typed client, cannot set Host to play another machine.
 */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  opts: { firstChunk?: boolean; body?: string } = {},
): Promise<Answer> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, method, path, headers: { host: `${REMOTE_HOST}:${u.port}`, ...headers } },
      (res) => {
        let text = '';
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        res.on('data', (c) => {
          text += String(c);
          if (opts.firstChunk) {
            done();
            req.destroy();
          }
        });
        res.on('end', done);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

let dir: string;
let shared: Running;
let closed: Running;
beforeAll(async () => {
  // A stand-in console build: the router serves whatever index.html and assets it finds.
  dir = mkdtempSync(join(tmpdir(), 'sbx-console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script src="/assets/app-1a2b.js"></script>');
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  shared = await startSandbox({ controlToken: TOKEN, consoleDir: dir });
  closed = await startSandbox({ consoleDir: dir });
});
afterAll(async () => {
  await shared.stop();
  await closed.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('shared team sandbox: the control API from another machine', () => {
  it('answers 401 UNAUTHORIZED without the token, in the error shape, never echoing it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-123', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const r = await raw(shared.url, 'GET', '/sandbox/v1/clock', authorization ? { authorization } : {});
      expect(r.status).toBe(401);
      expect(JSON.parse(r.text).error.code).toBe('UNAUTHORIZED');
      expect(r.text).not.toContain(TOKEN);
    }
  });

  it('answers with Authorization: Bearer <token>', async () => {
    const r = await raw(shared.url, 'GET', '/sandbox/v1/clock', { authorization: `Bearer ${TOKEN}` });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toHaveProperty('now');
  });

  it('without a token stays loopback-only: 403 FORBIDDEN whatever is presented', async () => {
    const r = await raw(closed.url, 'GET', '/sandbox/v1/clock', { authorization: `Bearer ${TOKEN}` });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.text).error.code).toBe('FORBIDDEN');
  });

  it('keeps the merchant API, checkout pages and /health open on a shared sandbox', async () => {
    expect((await raw(shared.url, 'GET', '/health')).status).toBe(200);
    // A signed creation needs no control token: its signature authenticates it.
    const r = await raw(
      shared.url,
      'POST',
      '/payments/check-out/SecurePayment',
      { 'content-type': 'application/x-www-form-urlencoded' },
      { body: new URLSearchParams(paymentFields(17)).toString() },
    );
    expect(r.status).toBe(200);
    const checkout = new URL(r.text.trim());
    expect((await raw(shared.url, 'GET', checkout.pathname + checkout.search)).status).toBe(200);
  });

  it('trades the token for a console session cookie (not the token) that the live stream carries', async () => {
    expect((await raw(shared.url, 'POST', '/sandbox/v1/session')).status).toBe(401);
    const s = await raw(shared.url, 'POST', '/sandbox/v1/session', { authorization: `Bearer ${TOKEN}` });
    expect(s.status).toBe(200);
    expect(JSON.parse(s.text)).toEqual({ ok: true, shared: true });
    const setCookie = String(s.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${CONSOLE_COOKIE}=[\\w-]{40,}; Path=/sandbox/v1; HttpOnly; SameSite=Strict$`));
    expect(setCookie).not.toContain(TOKEN);
    const cookie = setCookie.split(';')[0]!;

    const live = await raw(shared.url, 'GET', '/sandbox/v1/events', { cookie }, { firstChunk: true });
    expect(live.status).toBe(200);
    expect(String(live.headers['content-type'])).toMatch(/^text\/event-stream/);
    expect(
      (await raw(shared.url, 'GET', '/sandbox/v1/events', { cookie: `${CONSOLE_COOKIE}=forged-session-id-0000000000000000000000000000` }))
        .status,
    ).toBe(401);
    expect((await raw(shared.url, 'GET', '/sandbox/v1/operations', { cookie })).status).toBe(200);
  });

  it('keeps the token and the session cookie out of the request log', async () => {
    const s = await raw(shared.url, 'POST', '/sandbox/v1/session', { authorization: `Bearer ${TOKEN}` });
    const sessionId = String(s.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
    expect(
      (
        await raw(shared.url, 'POST', '/sandbox/v1/clock/advance', {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          cookie: `${CONSOLE_COOKIE}=${sessionId}`,
        })
      ).status,
    ).toBe(400);
    shared.ctx.store.requests.flush();
    const log = (await raw(shared.url, 'GET', '/sandbox/v1/requests?limit=50', { authorization: `Bearer ${TOKEN}` })).text;
    expect(log).toContain('/sandbox/v1/clock/advance');
    // Not even the few characters a payout token keeps.
    for (const secret of [TOKEN, TOKEN.slice(0, 4) + '•', sessionId, sessionId.slice(0, 8)]) expect(log).not.toContain(secret);
  });
});

describe('the console: only at / and its assets', () => {
  it('serves the page at / and /index.html, and its assets', async () => {
    for (const path of ['/', '/index.html']) {
      const r = await fetch(closed.url + path);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await r.text()).toContain('<div id="root">');
    }
    expect((await fetch(closed.url + '/assets/app-1a2b.js')).status).toBe(200);
  });

  it.each(['/no/such/route', '/helth', '/assets/missing.js', '/operations', '/index.htm'])(
    'answers %s with 404 NOT_FOUND in the error shape',
    async (path) => {
      const r = await fetch(closed.url + path);
      expect(r.status).toBe(404);
      expect((await jsonOf(r)).error.code).toBe('NOT_FOUND');
    },
  );

  it('answers / with 404 NOT_FOUND when no console is built', async () => {
    const none = await startSandbox();
    try {
      const r = await fetch(none.url + '/');
      expect(r.status).toBe(404);
      expect((await jsonOf(r)).error.code).toBe('NOT_FOUND');
    } finally {
      await none.stop();
    }
  });
});
