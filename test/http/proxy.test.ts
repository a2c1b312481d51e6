// Behind a reverse proxy the token stays in force. A request relayed by a proxy is
// never a loopback client; with trustProxy the proxy's forwarding headers name the client and its
// scheme, so the console and the control API work through the documented nginx block.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/sandbox.js';
import { consoleDir } from '../browser/pages/console-browser.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const TOKEN = 'team-token-123';
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function sandbox(opts: Parameters<typeof startSandbox>[0] = {}): Promise<Sb> {
  const sb = await startSandbox(opts);
  open.push({ close: () => sb.stop() });
  return sb;
}

/**
 * A reverse proxy like nginx's `proxy_pass`: it connects to the sandbox from loopback, appends the
 * client to X-Forwarded-For, sets X-Real-IP and X-Forwarded-Proto, and sends either the upstream
 * as Host (nginx's default, `$proxy_host`) or the client's own Host (`proxy_set_header Host $host`).
 * The client it names is `client` (what nginx would see as $remote_addr).
 */
async function proxy(upstream: string, opts: { keepHost: boolean; client: string; scheme: 'http' | 'https' }) {
  const up = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers };
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], opts.client].filter(Boolean).join(', ');
    headers['x-real-ip'] = opts.client;
    headers['x-forwarded-proto'] = opts.scheme;
    if (!opts.keepHost) headers.host = up.host;
    const out = request({ host: up.hostname, port: up.port, method: req.method, path: req.url, headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push({ close: () => new Promise((r) => server.close(() => r())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A request with any Host header (fetch cannot set one). */
function call(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  const u = new URL(base);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a request relayed by a proxy is never a loopback client', () => {
  it("nginx's default Host handling: the token is still required for the control API", async () => {
    const sb = await sandbox({ controlToken: TOKEN });
    const via = await proxy(sb.url, { keepHost: false, client: '192.0.2.7', scheme: 'http' });
    const anonymous = await call(via, 'GET', '/sandbox/v1/merchants', { host: 'team-sandbox.example' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain('sk_sandbox_demo');
    const pause = await call(via, 'POST', '/sandbox/v1/clock/pause', { host: 'team-sandbox.example' });
    expect(pause.status).toBe(401);
    const withToken = await call(via, 'GET', '/sandbox/v1/merchants', { host: 'team-sandbox.example', authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
  });

  it('a sandbox without a token refuses the control API and the console through a proxy', async () => {
    const sb = await sandbox({ consoleDir: consoleDir() });
    const via = await proxy(sb.url, { keepHost: false, client: '192.0.2.7', scheme: 'http' });
    expect((await call(via, 'GET', '/sandbox/v1/merchants')).status).toBe(403);
    expect((await call(via, 'GET', '/')).status).toBe(403);
  });

  it('a forwarding header sent straight to the sandbox does not make a loopback client either', async () => {
    const sb = await sandbox();
    for (const h of [{ 'x-forwarded-for': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }] as Record<
      string,
      string
    >[]) {
      expect((await call(sb.url, 'GET', '/sandbox/v1/merchants', h)).status).toBe(403);
    }
    expect((await call(sb.url, 'GET', '/sandbox/v1/merchants')).status).toBe(200);
  });
});

describe('--trust-proxy: the documented nginx block', () => {
  it('runs the console and the control API for a remote client with the token, over https', async () => {
    const sb = await sandbox({ controlToken: TOKEN, trustProxy: true, consoleDir: consoleDir() });
    const via = await proxy(sb.url, { keepHost: true, client: '192.0.2.7', scheme: 'https' });
    const host = 'team-sandbox.example';
    const page = await call(via, 'GET', '/', { host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const origin = `https://${host}`;
    expect((await call(via, 'GET', '/sandbox/v1/merchants', { host, origin })).status).toBe(401);
    const session = await call(via, 'POST', '/sandbox/v1/session', { host, origin, authorization: `Bearer ${TOKEN}` });
    expect(session.status).toBe(200);
    const cookie = String(session.headers['set-cookie']?.[0]).split(';')[0]!;
    const pause = await call(via, 'POST', '/sandbox/v1/clock/pause', { host, origin, cookie });
    expect(pause.status).toBe(200);
    expect(JSON.parse(pause.body).paused).toBe(true);
    // The console's origin is the proxy's https one; a page elsewhere is still refused.
    expect((await call(via, 'POST', '/sandbox/v1/clock/resume', { host, origin: `http://${host}`, cookie })).status).toBe(403);
  });

  it('a client the proxy names as loopback is one; sending the headers directly from elsewhere does not bypass the proxy', async () => {
    const sb = await sandbox({ controlToken: TOKEN, trustProxy: true });
    const local = await proxy(sb.url, { keepHost: false, client: '127.0.0.1', scheme: 'http' });
    expect((await call(local, 'GET', '/sandbox/v1/merchants')).status).toBe(200);
    const remote = await proxy(sb.url, { keepHost: false, client: '192.0.2.7', scheme: 'http' });
    // A client that forges X-Forwarded-For: 127.0.0.1 behind the proxy: the proxy appends the real one last.
    expect((await call(remote, 'GET', '/sandbox/v1/merchants', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(401);
  });
});

describe('Host is exactly name[:port]', () => {
  it('refuses a Host that carries anything else', async () => {
    const sb = await sandbox();
    const port = new URL(sb.url).port;
    for (const host of [`127.0.0.1:${port}, evil.example`, `127.0.0.1:${port} evil`, `127.0.0.1:${port}/x`, `127.0.0.1:${port}:1`]) {
      expect((await call(sb.url, 'POST', '/sandbox/v1/clock/resume', { host })).status).toBe(403);
    }
    expect((await call(sb.url, 'POST', '/sandbox/v1/clock/resume', { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await call(sb.url, 'POST', '/sandbox/v1/clock/resume', { host: `[::1]:${port}` })).status).toBe(200);
  });
});
