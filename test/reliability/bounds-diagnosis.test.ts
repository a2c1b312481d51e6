import { describe, expect, it } from 'vitest';
import { diagnoseSignature, MAX_DIAGNOSED_BYTES, MAX_HASHED_BYTES } from '../../server/domain/diagnosis/signature-search.js';
import { DIAGNOSIS_BYTES } from '../../server/store/request-log-entry.js';
import { sandboxOnLan } from '../helpers/lan.js';
import { creationPath, hugeCreation, paymentFields } from '../helpers/payments.js';
import { control, creationSignature, DEMO, sha256 } from '../helpers/sandbox.js';

const TOKEN = 'team-token-for-bounds';
const DEMO_LOGIN = { username: 'payout_demo', password: 'pw_sandbox_demo' };

describe('what a refused creation from another machine can cost (shared sandbox)', () => {
  const shared = sandboxOnLan({ controlToken: TOKEN });
  const { fromLan } = shared;
  const postJson = (body: unknown, path = creationPath(17)) =>
    fromLan(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('stores at most 8 KiB of diagnosis per refused 1 MiB creation, and counts it in the log byte cap', async () => {
    const before = shared.sb.ctx.store.requests.bytes();
    const n = 20;
    for (let i = 0; i < n; i++) {
      const r = await postJson(hugeCreation('x'));
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('INVALID_SIGNATURE');
    }
    const { items } = await control(shared.sb).listRequests({ query: { limit: n, path: '/payments/' } });
    expect(items).toHaveLength(n);
    for (const e of items) {
      const d = e.diagnosis!;
      expect(Buffer.byteLength(JSON.stringify(d))).toBeLessThanOrEqual(DIAGNOSIS_BYTES);
      expect(d.expected_string).toContain('…');
      expect(d.expected_string.startsWith(`${DEMO.public_key}2024-01-01 10:00:0050000.5cOpAb+%`)).toBe(true);
      expect(d.expected_string.endsWith('17••••')).toBe(true);
    }
    const grown = shared.sb.ctx.store.requests.bytes() - before;
    // Each row: ~2 KiB of each body excerpt, headers, and the diagnosis, all counted.
    expect(grown).toBeGreaterThan(n * 6000);
    expect(grown).toBeLessThan(n * 16_000);
  });

  it('searches no recipe over values beyond 4 KiB: the answer stays INVALID_SIGNATURE, "too long to diagnose"', async () => {
    const r = await postJson(hugeCreation(Buffer.from('0'.repeat(64)).toString('base64')));
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('INVALID_SIGNATURE');
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('unknown');
    const [e] = (await control(shared.sb).listRequests({ query: { limit: 1, path: '/payments/' } })).items;
    expect(e!.diagnosis).toMatchObject({ matched: false, recipe: null });
    expect(e!.diagnosis!.explanation).toMatch(/too long to diagnose/);
  });

  it('names another merchant whose secret signed it only to those who could read the request log', async () => {
    const other = await control(shared.sb).createMerchant({ body: { name: 'Victim shop' } });
    const body = new URLSearchParams(paymentFields(17, {}, { secret: other.secret_key })).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const lan = await fromLan(creationPath(17), { method: 'POST', headers, body });
    expect(lan.status).toBe(400);
    expect(lan.headers.get('x-sandbox-signature-diagnosis')).toBe('unknown');
    const withToken = await fromLan(creationPath(17), { method: 'POST', headers: { ...headers, authorization: `Bearer ${TOKEN}` }, body });
    expect(withToken.headers.get('x-sandbox-signature-diagnosis')).toBe(`secret=other_merchant; secret_of=${other.public_key}`);
    const [e] = (await control(shared.sb).listRequests({ query: { limit: 2, path: '/payments/' } })).items;
    expect(e!.diagnosis!.recipe).toMatchObject({ secret: 'other_merchant' });
  });

  it('answers the same to another machine whether or not a Basic username exists (no username oracle)', async () => {
    const header = async (user: string, scheme: string) => {
      const r = await fromLan('/api/transactions/?credit_note=x', {
        headers: { authorization: `${scheme} ${Buffer.from(`${user}:x`).toString('base64')}` },
      });
      expect(r.status).toBe(401);
      return r.headers.get('x-sandbox-signature-diagnosis');
    };
    for (const scheme of ['Token', 'Basic']) expect(await header(DEMO_LOGIN.username, scheme)).toBe(await header('nobody', scheme));
    expect(await header(DEMO_LOGIN.username, 'Token')).toBe('unknown');
  });

  it('keeps INVALID_SIGNATURE for a lone surrogate in a signed value, with its diagnosis header', async () => {
    const f = paymentFields(17, { trans_id: 'a\ud800' }, { sign: false });
    const body = JSON.stringify({ ...f, signature: '0'.repeat(64) });
    expect(body).toContain('\\ud800');
    const r = await fromLan(creationPath(17), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('INVALID_SIGNATURE');
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('unknown');
  });
});

describe('the signature search budget', () => {
  it('a lone surrogate is left out of the forms tried, and a recipe over the other values is still found', () => {
    const f = paymentFields(17, { trans_id: 'T-\ud800', amount: '50000' }, { sign: false });
    const signed: Record<string, string> = { ...f, amount: '50000.00' };
    const signature = sha256(
      ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel']
        .map((k) => signed[k] ?? '')
        .join('') + DEMO.secret_key,
    );
    const d = diagnoseSignature({ kind: 'creation', fields: f, secret: DEMO.secret_key, signature });
    expect(d.recipe).toEqual({ field: { name: 'amount', sent: '50000', signed: '50000.00' } });
  });

  it('counts bytes hashed: values just within 4 KiB are searched, within the byte budget', () => {
    const f = paymentFields(17, { trans_id: 'x'.repeat(MAX_DIAGNOSED_BYTES - 400) }, { sign: false });
    const others = Array.from({ length: 40 }, (_, i) => ({ public_key: `pk_o${i}`, secret_key: `sk_o${i}` }));
    const stats = { hashes: 0, bytes: 0 };
    const d = diagnoseSignature({ kind: 'creation', fields: f, secret: DEMO.secret_key, signature: sha256('nothing'), others, stats });
    expect(d.matched).toBe(false);
    expect(d.explanation).not.toMatch(/too long/);
    expect(stats.bytes).toBeGreaterThan(MAX_HASHED_BYTES - 5000);
    expect(stats.bytes).toBeLessThan(MAX_HASHED_BYTES + 5000);
    expect(creationSignature(f)).not.toBe(sha256('nothing'));
  });

  it('tries nothing beyond 4 KiB of signed values', () => {
    const f = paymentFields(17, { trans_id: 'x'.repeat(MAX_DIAGNOSED_BYTES) }, { sign: false });
    const stats = { hashes: 0, bytes: 0 };
    const d = diagnoseSignature({ kind: 'creation', fields: f, secret: DEMO.secret_key, signature: sha256('x'), stats });
    expect(d).toMatchObject({ matched: false, recipe: null });
    expect(stats.hashes).toBe(0);
  });
});
