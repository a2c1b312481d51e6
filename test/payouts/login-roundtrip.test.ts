import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, api, control, failure, jsonOf, outcome, startSandbox } from '../helpers/sandbox.js';
import { advance, payoutItem, postPayouts, sandboxWithPayoutReceiver, type startReceiver } from './helpers.js';

/*
 * The payout flow as production integrations run it: log in, post a batch with their own
 * scheme word, read data[0].id, poll by credit_note and by id, and follow transfer_status on the
 * sandbox clock while a local receiver collects the channel payload and the payout-URL notifications.
 */
let sb: Awaited<ReturnType<typeof startSandbox>>;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let stop: () => Promise<void>;
beforeAll(async () => void ({ sb, rx, stop } = await sandboxWithPayoutReceiver()));
afterAll(() => stop());

const login = (username: string, password: string, base = sb.url) =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
const demoToken = async () => ((await (await login('payout_demo', 'pw_sandbox_demo')).json()) as { token: string }).token;
const get = async (path: string, authorization: string) => {
  const res = await fetch(`${sb.url}${path}`, { headers: { authorization } });
  return { status: res.status, json: await jsonOf(res) };
};
const json = (body: string) => JSON.parse(body) as Record<string, unknown>;
const notificationsOf = (id: number) =>
  rx
    .at('/payouts')
    .map((r) => json(r.body))
    .filter((b) => b.id === id);

describe('payout round trip with a login token and a scheme word other than Bearer', () => {
  it('logs in, posts, polls by credit_note and id, and follows 1 → 2 → 5 and 1 → 3 on the sandbox clock with callbacks', async () => {
    const token = await demoToken();
    expect(token).toMatch(/^lt_/);
    const even = payoutItem({ amount: 1000, order_id: 90001, credit_note: 5550001 + Date.now(), channel: `${rx.url}/otp/even` });
    const odd = payoutItem({ amount: 1001, channel: `${rx.url}/otp/odd` });
    const created = await postPayouts(sb.url, [even, odd], { authorization: `Token ${token}` });
    expect(created.status).toBe(201);
    const [first, second] = created.json.data;
    expect(first).toMatchObject({
      order_id: '90001',
      credit_note: String(even.credit_note),
      transfer_status: 1,
      transfer_status_description: 'in process',
      status: 'pending',
    });
    expect(second.id).toBeGreaterThan(first.id);

    const polled = await get(`/api/transactions/?credit_note=${String(even.credit_note)}`, `JWT ${token}`);
    expect(polled.status).toBe(200);
    expect(polled.json).toEqual({ items: [first], next_cursor: null });
    expect((await get(`/api/transactions/?order_id=90001`, `JWT ${token}`)).json.items.map((i: { id: number }) => i.id)).toEqual([
      first.id,
    ]);
    expect((await get(`/api/transactions/${first.id}`, `Token ${token}`)).json).toEqual(first);

    // Processing: even → 2 (channel payload + notification), odd → 3 (notification only).
    await advance(sb.url, 6);
    await rx.until(
      () => rx.at('/otp/even').length === 1 && notificationsOf(first.id).length === 1 && notificationsOf(second.id).length === 1,
      20_000,
    );
    const approved = (await get(`/api/transactions/${first.id}`, `Token ${token}`)).json;
    expect(approved).toMatchObject({
      transfer_status: 2,
      transfer_status_description: 'approved',
      status: 'approved',
      otp_code: expect.stringMatching(/^\d{6}$/),
    });
    expect(json(rx.at('/otp/even')[0]!.body)).toEqual({
      reference: approved.reference,
      otp_code: approved.otp_code,
      id_platform: first.id,
      credit_note: first.credit_note,
      order_id: '90001',
    });
    expect(notificationsOf(second.id)[0]).toMatchObject({
      transfer_status: 3,
      transfer_status_description: 'rejected',
      status: 'rejected',
      reference: null,
      otp_code: null,
    });
    expect((await control(sb).getPayout({ id: second.id })).notifications.map((n) => n.kind)).toEqual(['payout_notification']);

    // The bank step: 2 → 5 once it passes on the sandbox clock, notified again; no second channel payload.
    await advance(sb.url, 6);
    await rx.until(() => notificationsOf(first.id).length === 2, 20_000);
    expect(notificationsOf(first.id).map((n) => n.transfer_status)).toEqual([2, 5]);
    const paid = (await get(`/api/transactions/?credit_note=${String(even.credit_note)}`, `Token ${token}`)).json.items[0];
    expect(paid).toMatchObject({
      transfer_status: 5,
      transfer_status_description: 'approved by the bank (paid)',
      status: 'approved',
      reference: approved.reference,
    });
    const kinds = (await control(sb).getPayout({ id: first.id })).notifications.map((n) => n.kind).sort();
    expect(kinds).toEqual(['payout_callback', 'payout_notification', 'payout_notification']);
  });

  it("scopes queries to the token's merchant: another merchant's id is 404 and its credit_note finds nothing", async () => {
    const item = payoutItem();
    const created = await postPayouts(sb.url, [item]);
    const id = created.json.data[0].id;
    await control(sb).createMerchant({
      body: { name: 'Other payouts', payout_token: 'tk_other_scope_1', payout_username: 'other_scope', payout_password: 'pw_other_scope' },
    });
    const other = ((await (await login('other_scope', 'pw_other_scope')).json()) as { token: string }).token;
    const r = await get(`/api/transactions/${id}`, `Bearer ${other}`);
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('NOT_FOUND');
    expect((await get(`/api/transactions/?credit_note=${String(item.credit_note)}`, `Bearer ${other}`)).json).toEqual({
      items: [],
      next_cursor: null,
    });
    expect((await get('/api/transactions/99999999', 'Bearer tk_sandbox_demo')).status).toBe(404);
  });

  it('pages the query with limit and cursor, newest first', async () => {
    const items = [payoutItem({ order_id: 'PAGE-1' }), payoutItem({ order_id: 'PAGE-1' }), payoutItem({ order_id: 'PAGE-1' })];
    const ids = (await postPayouts(sb.url, items)).json.data.map((d: { id: number }) => d.id);
    const p1 = await get('/api/transactions/?order_id=PAGE-1&limit=2', 'Bearer tk_sandbox_demo');
    expect(p1.json.items.map((i: { id: number }) => i.id)).toEqual([ids[2], ids[1]]);
    const p2 = await get(`/api/transactions/?order_id=PAGE-1&limit=2&cursor=${p1.json.next_cursor}`, 'Bearer tk_sandbox_demo');
    expect(p2.json).toMatchObject({ items: [{ id: ids[0] }], next_cursor: null });
    expect((await get('/api/transactions/?limit=0', 'Bearer tk_sandbox_demo')).json.error.code).toBe('VALIDATION_ERROR');
  });

  it('asks for a token before answering a query', async () => {
    const r = await fetch(`${sb.url}/api/transactions/?credit_note=x`);
    expect(r.status).toBe(401);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });
});

describe('payout login', () => {
  it('answers 401 INVALID_CREDENTIALS for a wrong password, an unknown user or missing fields', async () => {
    for (const res of [await login('payout_demo', 'nope'), await login('nobody', 'pw_sandbox_demo'), await login('', '')]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INVALID_CREDENTIALS');
    }
    const empty = await fetch(`${sb.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(empty.status).toBe(401);
  });

  it('masks the password and the token in the request log', async () => {
    const token = await demoToken();
    const log = (await control(sb).listRequests({ query: { limit: 5 } })).items.find(
      (e) => e.path === '/api/login' && e.request_body.includes('payout_demo'),
    );
    expect(log?.request_body).not.toContain('pw_sandbox_demo');
    expect(log?.response_body).not.toContain(token);
  });

  it('expires a login token after payout_token_ttl_minutes of sandbox time (TOKEN_EXPIRED); the static token never expires', async () => {
    await control(sb).updateSettings({ body: { payout_token_ttl_minutes: 30 } });
    try {
      const token = await demoToken();
      await advance(sb.url, 29);
      expect((await get('/api/transactions/?limit=1', `Token ${token}`)).status).toBe(200);
      await advance(sb.url, 2);
      const expired = await get('/api/transactions/?limit=1', `Token ${token}`);
      expect(expired.status).toBe(401);
      expect(expired.json.error.code).toBe('TOKEN_EXPIRED');
      expect((await postPayouts(sb.url, [payoutItem()], { authorization: `Token ${token}` })).json.error.code).toBe('TOKEN_EXPIRED');
      // The re-login path works, and the static token still does after a year of sandbox time.
      expect((await get('/api/transactions/?limit=1', `Token ${await demoToken()}`)).status).toBe(200);
      await advance(sb.url, 60 * 24 * 365);
      expect((await get('/api/transactions/?limit=1', 'Token tk_sandbox_demo')).status).toBe(200);
    } finally {
      await control(sb).updateSettings({ body: { payout_token_ttl_minutes: 60 } });
    }
  });

  it('requires the payout_auth_scheme word when the setting is set, and any word again when it is null', async () => {
    const token = await demoToken();
    expect((await control(sb).getSettings()).payout_auth_scheme).toBeNull();
    await control(sb).updateSettings({ body: { payout_auth_scheme: 'JWT' } });
    try {
      const wrong = await get('/api/transactions/?limit=1', `Token ${token}`);
      expect(wrong.status).toBe(401);
      expect(wrong.json.error.code).toBe('UNAUTHORIZED');
      expect(wrong.json.error.message).toContain('JWT');
      expect((await get('/api/transactions/?limit=1', `jwt ${token}`)).status).toBe(200);
    } finally {
      await control(sb).updateSettings({ body: { payout_auth_scheme: null } });
    }
    expect((await get('/api/transactions/?limit=1', `Token ${token}`)).status).toBe(200);
  });

  it('takes payout credentials from the control API: create, change, refuse a taken username', async () => {
    const created = await control(sb).createMerchant({ body: { name: 'Creds', payout_username: 'creds_user', payout_password: 'pw_one' } });
    expect(created).toMatchObject({ payout_username: 'creds_user', payout_password: 'pw_one' });
    expect((await login('creds_user', 'pw_one')).status).toBe(200);
    await control(sb).updateMerchant({ public_key: created.public_key, body: { payout_password: 'pw_two' } });
    expect((await login('creds_user', 'pw_one')).status).toBe(401);
    expect((await login('creds_user', 'pw_two')).status).toBe(200);
    const taken = await failure(control(sb).updateMerchant({ public_key: created.public_key, body: { payout_username: 'payout_demo' } }));
    expect(taken.status).toBe(409);
    expect(taken.code).toBe('CONFLICT');
    const generated = await control(sb).createMerchant({ body: { name: 'Generated creds' } });
    expect(generated.payout_username).toMatch(/^payout_sandbox_/);
    expect((await login(generated.payout_username ?? '', generated.payout_password ?? '')).status).toBe(200);
  });

  it('takes payout credentials from the seed file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-seed-'));
    const file = join(dir, 'seed.json');
    writeFileSync(
      file,
      JSON.stringify([{ name: 'Seeded', public_key: 'pk_seeded_payouts', payout_username: 'seeded_user', payout_password: 'seeded_pw' }]),
    );
    const seeded = await startSandbox({ seed: file });
    try {
      const res = await login('seeded_user', 'seeded_pw', seeded.url);
      expect(res.status).toBe(200);
      expect((await login('payout_demo', 'pw_sandbox_demo', seeded.url)).status).toBe(200);
    } finally {
      await seeded.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('forcing transfer_status', () => {
  it('forces 2–5 with the same callbacks as processing, and refuses 1, the current value and unknown ids', async () => {
    const item = payoutItem({ amount: 1001, channel: `${rx.url}/otp/forced` });
    const id = (await postPayouts(sb.url, [item])).json.data[0].id;
    const force = (transfer_status: 2 | 3 | 4 | 5, pid = id) => outcome(sb, 'forceTransferStatus', { id: pid, body: { transfer_status } });
    // 1 and the string '5' do not fit the body's type: sent raw, to prove the server refuses them too.
    const forceRaw = (transfer_status: unknown) => api(sb.url, 'POST', `/sandbox/v1/payouts/${id}/status`, { transfer_status });
    const five = await force(5);
    expect(five.status).toBe(200);
    expect(five.data).toMatchObject({
      transfer_status: 5,
      status: 'approved',
      decided_by: 'control_api',
      otp_code: expect.stringMatching(/^\d{6}$/),
    });
    await rx.until(() => rx.at('/otp/forced').length === 1 && notificationsOf(id).length === 1, 20_000);
    expect((await force(4)).data).toMatchObject({
      transfer_status: 4,
      transfer_status_description: 'rejected by the bank',
      status: 'rejected',
    });
    expect((await force(2)).data).toMatchObject({ transfer_status: 2, status: 'approved' });
    expect((await force(3)).data).toMatchObject({ transfer_status: 3, status: 'rejected' });
    await rx.until(() => notificationsOf(id).length === 4, 20_000);
    expect(notificationsOf(id).map((n) => n.transfer_status)).toEqual([5, 4, 2, 3]);
    const again = await force(3);
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('INVALID_TRANSITION');
    expect((await forceRaw(1)).status).toBe(400);
    expect((await forceRaw('5')).status).toBe(400);
    expect((await force(5, 99999999)).status).toBe(404);
    expect((await control(sb).getPayout({ id })).transfer_status).toBe(3);
  });
});

describe('payout bank step across an export bundle', () => {
  it('re-arms the bank step of an imported approved item, so advancing the clock pays it', async () => {
    const src = await startSandbox();
    const dst = await startSandbox();
    try {
      const id = (await postPayouts(src.url, [payoutItem({ amount: 1000 })])).json.data[0].id;
      await control(src).approvePayout({ id });
      const bundle = await control(src).exportBundle({ query: { include_secrets: 'true' } });
      expect(bundle.merchants[0]?.payout_password).toBe('pw_sandbox_demo');
      expect((await control(src).exportBundle()).merchants[0]?.payout_password).toBeNull();
      const r = await answer(dst, 'importBundle', { body: bundle });
      expect(r.status).toBe(200);
      const imported = (await control(dst).listPayouts()).items[0];
      expect(imported).toMatchObject({ transfer_status: 2, credit_note: bundle.payouts[0]?.credit_note });
      await advance(dst.url, 6);
      expect((await control(dst).getPayout({ id: imported!.id })).transfer_status).toBe(5);
    } finally {
      await src.stop();
      await dst.stop();
    }
  });
});
