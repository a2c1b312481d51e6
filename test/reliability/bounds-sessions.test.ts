import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_TOKENS } from '../../server/domain/payouts/auth.js';
import { SESSION_IDLE_MS } from '../../server/http/control-access.js';
import { sandboxOnLan } from '../helpers/lan.js';
import { startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const TOKEN = 'team-token-for-sessions';

describe('payout login tokens from another machine', () => {
  const { fromLan } = sandboxOnLan({ controlToken: TOKEN });

  const login = async () => {
    const r = await fromLan('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'payout_demo', password: 'pw_sandbox_demo' }),
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { token: string }).token;
  };
  const list = async (token: string) =>
    (await fromLan('/api/transactions/?credit_note=none', { headers: { authorization: `Bearer ${token}` } })).status;

  it('keeps at most 100 live per merchant: a new login ends the oldest', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < MAX_LOGIN_TOKENS + 5; i++) tokens.push(await login());
    expect(MAX_LOGIN_TOKENS).toBe(100);
    for (const t of tokens.slice(0, 5)) expect(await list(t)).toBe(401);
    for (const t of [tokens[5]!, tokens[50]!, tokens.at(-1)!]) expect(await list(t)).toBe(200);
  });
});

describe('the console session of a shared sandbox', () => {
  let sb: Sb;
  let now = Date.now();
  beforeAll(async () => {
    sb = await startSandbox({ controlToken: TOKEN, trustProxy: true, realNow: () => now });
  });
  afterAll(() => sb.stop());

  /** A remote browser's request as the trusted proxy on this machine relays it, over `proto`. */
  const viaProxy = (path: string, proto: 'http' | 'https', headers: Record<string, string> = {}, method = 'GET') =>
    fetch(sb.url + path, { method, headers: { 'x-forwarded-for': '192.0.2.7', 'x-forwarded-proto': proto, ...headers } });
  const open = async (proto: 'http' | 'https') => {
    const r = await viaProxy('/sandbox/v1/session', proto, { authorization: `Bearer ${TOKEN}` }, 'POST');
    expect(r.status).toBe(200);
    return r.headers.get('set-cookie')!;
  };

  it('is Secure when the console is reached over https, and not over plain http (where Secure would lose it)', async () => {
    expect(await open('https')).toMatch(/; Secure$/);
    expect(await open('http')).not.toMatch(/Secure/);
  });

  it('ends after 12 hours unused; use keeps it alive', async () => {
    const cookie = (await open('https')).split(';')[0]!;
    const clock = () => viaProxy('/sandbox/v1/clock', 'https', { cookie });
    expect((await clock()).status).toBe(200);
    now += SESSION_IDLE_MS - 60_000;
    expect((await clock()).status).toBe(200);
    now += SESSION_IDLE_MS - 60_000;
    expect((await clock()).status).toBe(200);
    now += SESSION_IDLE_MS + 60_000;
    expect((await clock()).status).toBe(401);
    expect(SESSION_IDLE_MS).toBe(12 * 60 * 60_000);
  });
});
