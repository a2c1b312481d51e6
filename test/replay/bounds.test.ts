import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, startSandbox } from '../helpers/sandbox.js';
import type { Sandbox } from '../../server/sandbox.js';
import { rewriteBody } from '../../server/replay/body-fields.js';
import {
  acceptedCreation,
  charlesHar,
  chromeHar,
  fiddlerHar,
  firefoxHar,
  FORM,
  form,
  insomniaHar,
  mitmproxyHar,
  PROD_CREATION_URL,
  PROD_HOST,
  prodCheckout,
  prodCreation,
  type Call,
} from './fixtures/tools.js';
import { refused, replay } from './helpers.js';

let sb: Sandbox & { url: string };
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

describe('a replay is bounded', () => {
  it('more than 10,000 entries: 413 HAR_TOO_LARGE naming the limit, nothing replayed', async () => {
    const entry = { request: { method: 'GET', url: `${PROD_HOST}/api/operations` }, response: { status: 200 } };
    const r = await refused(sb, { har: { log: { entries: Array.from({ length: 10_001 }, () => entry) } } });
    expect([r.status, r.code]).toEqual([413, 'HAR_TOO_LARGE']);
    expect(r.reason).toContain('at most 10000');
    expect((await control(sb).listReplays()).items.filter((x) => x.entries > 10_000)).toEqual([]);
  });

  it('at most 50 drift items per entry with a count of the rest; stored bodies at most 4 KiB; skipped entries keep none', async () => {
    const keys = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`key_${i}`, 'x'.repeat(20)]));
    const har = chromeHar([
      {
        method: 'GET',
        url: `${PROD_HOST}/api/transactions/?limit=1`,
        headers: { Authorization: 'Bearer p' },
        status: 200,
        response: JSON.stringify(keys),
      },
      { method: 'GET', url: 'https://cdn.example/app.js', status: 200, responseType: 'text/javascript', response: 'x'.repeat(10_000) },
    ]);
    const r = await replay(sb, { har });
    const [read, other] = r.data.entries;
    expect(read!.drift).toHaveLength(50);
    expect(read!.drift_more).toBe(400 + 2 - 50);
    expect(r.data.drift_count).toBe(402);
    expect(Buffer.byteLength(read!.production.body!)).toBeLessThanOrEqual(4096);
    expect(read!.production.clipped).toBe(true);
    expect(other).toMatchObject({ action: 'skipped', production: { status: 200, body: null } });
    expect(JSON.stringify(await control(sb).getReplay({ id: r.data.id })).length).toBeLessThan(20_000);
  });

  it("masks a replayed login's token and the recorded secrets in stored bodies and paths, as the request log does", async () => {
    const har = chromeHar([
      {
        method: 'POST',
        url: `${PROD_HOST}/api/login`,
        type: 'application/json',
        text: JSON.stringify({ username: 'shop', password: 'prod_pw' }),
        status: 200,
        response: '{"token":"lt_prod123"}',
      },
      {
        method: 'GET',
        url: `${PROD_HOST}/api/operations?public_key=pk&time=t&mid_id=1&trans_id=a&signature=abc123`,
        status: 200,
        response: '[]',
      },
    ]);
    const r = await replay(sb, { har });
    const text = JSON.stringify(await control(sb).getReplay({ id: r.data.id }));
    expect(r.data.entries[0]!.sandbox!.body).toBe('{"token":"••••"}');
    expect(text).not.toMatch(/lt_[A-Za-z0-9_-]{8}|lt_prod123|abc123/);
  });

  it('takes a bounded share of the request log: what was logged before a large replay stays', async () => {
    await fetch(`${sb.url}/api/operations?public_key=before-the-replay`);
    const queries: Call[] = Array.from({ length: 260 }, (_, i) => ({
      method: 'GET',
      url: `${PROD_HOST}/api/operations?public_key=pk&time=t&mid_id=1&trans_id=Q${i}&signature=s`,
      status: 200,
      response: '[]',
    }));
    await replay(sb, { har: chromeHar(queries) });
    const log = await control(sb).listRequests({ query: { limit: 500 } });
    expect(log.items.filter((e) => e.path.includes('trans_id=Q'))).toHaveLength(200);
    expect(log.items.some((e) => e.path.includes('before-the-replay'))).toBe(true);
    expect(log.items.some((e) => e.note?.includes('further calls are not logged'))).toBe(true);
  });
});

describe('bytes are kept', () => {
  it('a Latin-1 view of UTF-8 is sent as the original bytes, and the entry says so', async () => {
    const f = prodCreation(17, 'BYTES-1');
    f.shopper_information = JSON.stringify({ ...JSON.parse(f.shopper_information!), name_shopper: 'José', last_name_Shopper: 'Peña' });
    const har = chromeHar([{ ...acceptedCreation('BYTES-1'), type: 'application/json', text: JSON.stringify(f) }]);
    const post = har.log.entries[0]!.request.postData as { text: string };
    post.text = Buffer.from(post.text, 'utf8').toString('latin1'); // "JosÃ© PeÃ±a", as the exporter showed it
    (har.log.entries[0]!.request as { bodySize: number }).bodySize = Buffer.byteLength(JSON.stringify(f));
    const r = await replay(sb, { har });
    expect(r.data.entries[0]!.notes).toContainEqual(expect.objectContaining({ code: 'latin1_view' }));
    expect(r.data.entries[0]!.sandbox).toMatchObject({ status: 200 });
    const op = await control(sb).getOperation({ id: r.data.operations[0]! });
    expect(op.shopper_name).toContain('José Peña');
  });

  it('field names are data: toString, constructor and __proto__ are sent with the values recorded', async () => {
    const body = { kind: 'bytes' as const, bytes: Buffer.from('toString=a&constructor=b&__proto__=c&public_key=p'), contentType: FORM };
    const r = await rewriteBody(body, (f) => new Map(f.public_key ? [['public_key', 'pk_new']] : []));
    expect(r.out && 'bytes' in r.out ? r.out.bytes.toString() : null).toBe('toString=a&constructor=b&__proto__=c&public_key=pk_new');
    expect({ ...r.fields }).toEqual({ toString: 'a', constructor: 'b', ['__proto__']: 'c', public_key: 'pk_new' });
  });
});

describe('skip reasons say what happened', () => {
  it('invalid base64 is not "truncated"; the service checkout page has its own reason; status -1 was never completed', async () => {
    const har = chromeHar([
      acceptedCreation('B64'),
      { method: 'GET', url: prodCheckout(17), status: 200, responseType: 'text/html', response: '<html></html>' },
      { ...acceptedCreation('NEVER'), status: -1 },
    ]);
    const post = har.log.entries[0]!.request.postData as { text: string; encoding?: string };
    post.text = '%%% not base64 %%%';
    post.encoding = 'base64';
    const r = await replay(sb, { har });
    expect(r.data.entries.map((e) => e.skip?.code)).toEqual(['invalid_base64', 'checkout_page', 'never_completed']);
  });
});

describe("every exporter's shape replays the same story", () => {
  it.each([
    ['Chrome', chromeHar],
    ['Firefox', firefoxHar],
    ['mitmproxy', mitmproxyHar],
    ['Charles (base64 bodies)', charlesHar],
    ['Fiddler', fiddlerHar],
    ['Insomnia', insomniaHar],
  ] as const)('%s', async (_name, exporter) => {
    const id = `EXP-${_name.slice(0, 3)}-${Date.now()}`;
    const refusedCall: Call = {
      method: 'POST',
      url: PROD_CREATION_URL,
      type: FORM,
      text: form(prodCreation(17, `${id}-N`, { amount: '-5' })),
      status: 400,
      response: '{"error":{"code":"NEGATIVE_AMOUNT","message":"m"}}',
    };
    const r = await replay(sb, { har: exporter([acceptedCreation(id), refusedCall]) });
    expect(r.data.entries.map((e) => [e.action, e.sandbox?.status, e.sandbox?.code ?? null, e.drift.length])).toEqual([
      ['replayed', 200, null, 0],
      ['replayed', 400, 'NEGATIVE_AMOUNT', 0],
    ]);
  });

  it('params only (Insomnia forms)', async () => {
    const f = prodCreation(17, `PARAMS-${Date.now()}`);
    const har = insomniaHar([
      { ...acceptedCreation(f.trans_id!), text: undefined, params: Object.entries(f).map(([name, value]) => ({ name, value })) },
    ]);
    const r = await replay(sb, { har });
    expect(r.data.entries[0]).toMatchObject({ action: 'replayed', drift: [] });
  });
});
