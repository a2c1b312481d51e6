import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureMatches } from '../../server/domain/signature.js';
import { createControlAccess } from '../../server/http/control-access.js';
import { isLoopback } from '../../server/http/client-address.js';
import { consoleGuard, controlGuard } from '../../server/http/control-guard.js';
import { SandboxError } from '../../server/contract/errors.js';
import { createSandbox } from '../../server/sandbox.js';
import { createPayment } from '../helpers/payments.js';
import { answer, api, DEMO, jsonOf, sha256, startSandbox } from '../helpers/sandbox.js';
import { fingerprint, NASTY_STRINGS, type Running } from './support.js';

let sb: Running;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** A raw GET with a chosen Host header (fetch does not let a test set Host). */
function getWithHost(url: string, path: string, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += String(c)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('network exposure', () => {
  it('binds loopback by default', async () => {
    const s = createSandbox({ data: ':memory:', port: 0, log: () => {}, consoleDir: null });
    try {
      expect(s.config.host).toBe('127.0.0.1');
      const url = await s.start();
      expect(new URL(url).hostname).toBe('127.0.0.1');
    } finally {
      await s.stop();
    }
  });

  // Tests never send traffic to a non-loopback address, even this machine's own: the guard is driven
  // with the remote address a non-loopback client would have.
  const guardVerdict = (token: string | null, remoteAddress: string, host: string, headers: Record<string, string> = {}) => {
    let verdict: unknown = 'not called';
    const req = { socket: { remoteAddress }, headers: { host, ...headers }, protocol: 'http' } as unknown as Parameters<
      ReturnType<typeof controlGuard>
    >[0];
    controlGuard({ access: createControlAccess(token, Date.now), extraOrigins: [] })(
      req,
      { locals: {} } as Parameters<ReturnType<typeof controlGuard>>[1],
      (err?: unknown) => (verdict = err ?? 'passed'),
    );
    return verdict;
  };

  it('refuses the control API to a client on a non-loopback interface with 403 FORBIDDEN when no token is set', () => {
    for (const remote of ['192.0.2.7', '::ffff:10.1.2.3', 'fd00::9']) {
      const v = guardVerdict(null, remote, '192.0.2.2:4010', { authorization: 'Bearer anything-at-all' });
      expect(v).toBeInstanceOf(SandboxError);
      expect((v as SandboxError).status).toBe(403);
    }
    expect(guardVerdict(null, '127.0.0.1', '127.0.0.1:4010')).toBe('passed');
  });

  it('on a shared sandbox answers a non-loopback client only with the control token (401 UNAUTHORIZED otherwise)', () => {
    const token = 'team-token-1234';
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer team-token-123' },
      { authorization: 'Bearer team-token-12345' },
      { authorization: 'Basic team-token-1234' },
      { authorization: token },
    ]) {
      const v = guardVerdict(token, '192.0.2.7', '192.0.2.2:4010', headers);
      expect(v).toBeInstanceOf(SandboxError);
      expect((v as SandboxError).code).toBe('UNAUTHORIZED');
      expect((v as SandboxError).status).toBe(401);
      expect((v as SandboxError).message).not.toContain(token);
    }
    expect(guardVerdict(token, '192.0.2.7', '192.0.2.2:4010', { authorization: `Bearer ${token}` })).toBe('passed');
    expect(guardVerdict(token, '::ffff:10.1.2.3', '[fd00::2]:4010', { authorization: `bearer ${token}` })).toBe('passed');
    // Loopback needs no token, shared or not.
    expect(guardVerdict(token, '127.0.0.1', '127.0.0.1:4010')).toBe('passed');
  });

  it('serves the console page to other machines only on a shared sandbox', () => {
    const verdict = (token: string | null, remoteAddress: string) => {
      let v: unknown = 'not called';
      const req = { socket: { remoteAddress }, headers: {} } as unknown as Parameters<ReturnType<typeof consoleGuard>>[0];
      consoleGuard(createControlAccess(token, Date.now))(
        req,
        {} as Parameters<ReturnType<typeof consoleGuard>>[1],
        (err?: unknown) => (v = err ?? 'passed'),
      );
      return v;
    };
    expect((verdict(null, '192.0.2.7') as SandboxError).status).toBe(403);
    expect(verdict(null, '127.0.0.1')).toBe('passed');
    expect(verdict('team-token-1234', '192.0.2.7')).toBe('passed');
  });

  it('tells loopback from remote addresses', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '0.0.0.0', '', undefined].some((a) => isLoopback(a))).toBe(false);
  });
});

// Raw requests throughout: the Origin and Host headers a browser would send are what is under test.
describe('browser access to the control API', () => {
  it.each(['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'http://localhost:1'])(
    'refuses Origin %s with 403 and changes nothing',
    async (origin) => {
      const before = fingerprint(sb);
      const r = await fetch(`${sb.url}/sandbox/v1/reset`, { method: 'POST', headers: { origin } });
      expect(r.status).toBe(403);
      expect((await jsonOf(r)).error.code).toBe('FORBIDDEN');
      expect(fingerprint(sb)).toBe(before);
    },
  );

  it("accepts the console's own origin", async () => {
    expect((await fetch(`${sb.url}/sandbox/v1/merchants`, { headers: { origin: sb.url } })).status).toBe(200);
  });

  it('refuses a DNS-rebinding request whose Host and Origin name another site with 403', async () => {
    const port = new URL(sb.url).port;
    const r = await getWithHost(sb.url, '/sandbox/v1/merchants', { host: `evil.example:${port}`, origin: `http://evil.example:${port}` });
    expect(r.status).toBe(403);
    const noOrigin = await getWithHost(sb.url, '/sandbox/v1/merchants', { host: `evil.example:${port}` });
    expect(noOrigin.status).toBe(403);
  });

  it('accepts loopback host names (the Vite dev proxy forwards Host: localhost:5173)', async () => {
    for (const host of ['localhost:5173', `127.0.0.1:${new URL(sb.url).port}`, '[::1]:4010']) {
      expect((await getWithHost(sb.url, '/sandbox/v1/clock', { host })).status).toBe(200);
    }
  });
});

describe('secrets', () => {
  it('compares signatures in constant time, case-insensitively, and refuses other lengths', () => {
    const good = sha256('x');
    expect(signatureMatches(good.toUpperCase(), good)).toBe(true);
    expect(signatureMatches(good.slice(0, 63), good)).toBe(false);
    expect(signatureMatches(good + '0', good)).toBe(false);
    expect(signatureMatches('', good)).toBe(false);
  });

  it('every signature and token comparison on an authentication path goes through timingSafeEqual', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) {
          readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              const code = line.replace(/typeof\s+[\w.]+/g, 'T');
              const left = /\w*(?:signature|secret_key|payout_token|token)\w*\s*(?:===|!==|==|!=)\s*(?![\s=]|null\b|undefined\b|['"`\d])/i;
              const right = /(?:===|!==|==|!=)\s*[\w.]*(?:signature|secret_key|payout_token)\b/i;
              if (left.test(code) || right.test(code)) offenders.push(`${p}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    // The scenario runner checks copies its own receiver got, not an incoming credential.
    for (const d of ['server/domain', 'server/http', 'server/checkout', 'server/delivery']) walk(join(import.meta.dirname, '..', '..', d));
    expect(offenders).toEqual([]);
    expect(readFileSync(join(import.meta.dirname, '../../server/domain/payouts/auth.ts'), 'utf8')).toMatch(/timingSafeEqual/);
  });

  it('masks the payout token, signatures and merchant secret keys in the request log', async () => {
    await fetch(`${sb.url}/api/transactions/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO.payout_token}`, 'content-type': 'application/json' },
      body: '[]',
    });
    const p = await createPayment(sb.url, 17);
    const created = await answer(sb, 'createMerchant', {
      body: { name: 'Masked', secret_key: 'sk_very_secret_value_123', payout_token: 'tk_very_secret_value_456' },
    });
    expect(created.status).toBeLessThan(300);
    sb.ctx.store.requests.flush();
    // Raw: the answer's own bytes are searched; the typed client's parse would drop fields the contract does not declare.
    const log = JSON.stringify((await api(sb.url, 'GET', '/sandbox/v1/requests?limit=50')).body);
    for (const secret of [
      DEMO.payout_token,
      p.fields.signature!,
      'sk_very_secret_value_123',
      'tk_very_secret_value_456',
      created.data.secret_key,
      created.data.payout_token,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('leaves secret keys and payout tokens out of an export unless asked for', async () => {
    // Raw for the same reason: the exported text itself must hold no secret.
    const r = await fetch(`${sb.url}/sandbox/v1/export`);
    const text = await r.text();
    expect(r.status).toBe(200);
    expect(text).not.toContain(DEMO.secret_key);
    expect(text).not.toContain(DEMO.payout_token);
  });
});

describe('injection', () => {
  const sqlish = NASTY_STRINGS.filter((s) => /OR|DROP|DELETE|'/.test(s)).concat([
    "%' OR '1'='1",
    '1) UNION SELECT secret_key FROM merchants --',
  ]);

  it.each(sqlish)('filters treat %s as a plain value (parameterised SQL)', async (s) => {
    await createPayment(sb.url, 17);
    const before = fingerprint(sb);
    const q = encodeURIComponent(s);
    // Raw: hostile filter values, several of which the typed queries (enums, numbers) would refuse to build.
    for (const path of [
      `/sandbox/v1/operations?trans_id=${q}`,
      `/sandbox/v1/operations?status=${q}`,
      `/sandbox/v1/notifications?status=${q}`,
      `/sandbox/v1/requests?path=${q}`,
      `/sandbox/v1/spei/transfers?clabe=${q}`,
      `/sandbox/v1/payouts?payroll=${q}`,
    ]) {
      const r = await api(sb.url, 'GET', path);
      expect(r.status, path).toBeLessThan(500);
      if (r.status === 200 && path.includes('trans_id')) expect(r.body.items).toEqual([]);
    }
    const query = await api(sb.url, 'GET', `/api/operations?public_key=${q}&time=x&mid_id=1&trans_id=${q}&signature=${q}`);
    expect(query.status).toBeLessThan(500);
    expect(JSON.stringify(query.body)).not.toContain(DEMO.secret_key);
    expect(fingerprint(sb)).toBe(before);
  });
});
