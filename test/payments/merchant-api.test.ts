import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { api, DEMO, jsonOf, sha256, startSandbox, answer } from '../helpers/sandbox.js';
import { makeMerchant, operationOf } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const TIME = '2025-01-01 10:00:00';
function queryUrl(trans_id: string, o: { public_key?: string; secret?: string; mid_id?: string } = {}) {
  const f = { public_key: o.public_key ?? DEMO.public_key, time: TIME, mid_id: o.mid_id ?? '1', trans_id };
  const signature = sha256(f.public_key + f.time + f.mid_id + f.trans_id + (o.secret ?? DEMO.secret_key));
  return `/api/operations?${new URLSearchParams({ ...f, signature })}`;
}
async function notify(trans_id: string, o: { secret?: string; type?: 'form' | 'json' } = {}) {
  const f = { public_key: DEMO.public_key, trans_id, signature: sha256(DEMO.public_key + trans_id + (o.secret ?? DEMO.secret_key)) };
  const json = o.type === 'json';
  const res = await fetch(sb.url + '/api/notify', {
    method: 'POST',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(f) : new URLSearchParams(f).toString(),
  });
  return { status: res.status, body: await jsonOf(res) };
}

describe('GET /api/operations', () => {
  it('answers every operation of the merchant with that trans_id, with status numbers', async () => {
    await createPayment(sb.url, 17, { trans_id: 'Q-1' });
    await createPayment(sb.url, 41, { trans_id: 'Q-1' });
    const r = await api(sb.url, 'GET', queryUrl('Q-1'));
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(r.body[0]).toMatchObject({
      mid_id: 1,
      trans_id: 'Q-1',
      channel: 17,
      amount: '50000',
      currency: 'COP',
      status: 1,
      status_description: 'Pending',
      time_expired: 120,
      user_bank_code: null,
    });
    expect(Object.keys(r.body[0]).sort()).toEqual(
      [
        'amount',
        'channel',
        'cod_operation_partner',
        'cod_payment_partner',
        'cod_transaction_partner',
        'created_at',
        'currency',
        'id',
        'mid_id',
        'status',
        'status_description',
        'time_expired',
        'trans_id',
        'user_bank_code',
      ].sort(),
    );
  });

  it('answers an empty list for an unknown trans_id', async () => {
    expect((await api(sb.url, 'GET', queryUrl('nothing-here'))).body).toEqual([]);
  });

  it('does not show another merchant’s operations', async () => {
    const m = await makeMerchant(sb.url);
    await createPayment(sb.url, 17, { trans_id: 'Q-OTHER' });
    const r = await api(sb.url, 'GET', queryUrl('Q-OTHER', { public_key: m.public_key, secret: m.secret, mid_id: String(m.mid_id) }));
    expect(r.body).toEqual([]);
  });

  it('INVALID_SIGNATURE for a wrong signature; INVALID_MERCHANT for an unknown key or a foreign mid_id; MISSING_FIELD', async () => {
    expect((await api(sb.url, 'GET', queryUrl('Q-1', { secret: 'nope' }))).body.error.code).toBe('INVALID_SIGNATURE');
    const unknown = await api(sb.url, 'GET', queryUrl('Q-1', { public_key: 'pk_nobody' }));
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'INVALID_MERCHANT']);
    expect((await api(sb.url, 'GET', queryUrl('Q-1', { mid_id: '2' }))).body.error.code).toBe('INVALID_MERCHANT');
    const missing = await api(sb.url, 'GET', '/api/operations?public_key=pk_sandbox_demo');
    expect([missing.status, missing.body.error.code]).toEqual([400, 'MISSING_FIELD']);
  });
});

describe('POST /api/notify', () => {
  it('confirms the newest pending operation with the trans_id', async () => {
    const older = await createPayment(sb.url, 17, { trans_id: 'N-1' });
    const newer = await createPayment(sb.url, 17, { trans_id: 'N-1' });
    const r = await notify('N-1');
    expect(r.status).toBe(200);
    const op = await operationOf(sb.url, 'N-1');
    expect(r.body).toEqual({ ok: true, operation_id: op.id, trans_id: 'N-1', status: 'confirmed' });
    expect(op.token).toBe(newer.token);
    expect(op.status).toBe('confirmed');
    expect(op.events.at(-1)).toMatchObject({ kind: 'confirmed', actor: 'manual_notify' });
    const q = await api(sb.url, 'GET', queryUrl('N-1'));
    expect(q.body.map((o: { status: number }) => o.status)).toEqual([1, 2]);
    expect(older.token).not.toBe(newer.token);
  });

  it('accepts a JSON body too', async () => {
    await createPayment(sb.url, 5, { trans_id: 'N-JSON' });
    expect((await notify('N-JSON', { type: 'json' })).status).toBe(200);
  });

  it('NOT_FOUND when no pending operation has that trans_id', async () => {
    const r = await notify('N-NONE');
    expect([r.status, r.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('INVALID_SIGNATURE for a wrong signature, and nothing changes', async () => {
    await createPayment(sb.url, 17, { trans_id: 'N-SIG' });
    expect((await notify('N-SIG', { secret: 'nope' })).body.error.code).toBe('INVALID_SIGNATURE');
    expect((await operationOf(sb.url, 'N-SIG')).status).toBe('pending');
  });

  it('answers GET with 405 METHOD_NOT_ALLOWED', async () => {
    const r = await api(sb.url, 'GET', '/api/notify');
    expect([r.status, r.body.error.code]).toEqual([405, 'METHOD_NOT_ALLOWED']);
  });
});

describe('GET /sandbox/v1/test-values', () => {
  it('answers one key per JSON file of resources/test-values, including creation', async () => {
    const r = await answer(sb, 'testValues');
    expect(r.status).toBe(200);
    const creation = r.data.creation as { magic_values: { value: string }[]; bank_codes: Record<string, unknown[]> };
    expect(creation.magic_values.map((v: { value: string }) => v.value)).toContain('SBX-CREATION-ERROR…');
    expect(creation.bank_codes.channel_17_user_bank_code).toHaveLength(49);
  });

  it('is described in the OpenAPI document with the creation paths', async () => {
    // The OpenAPI document describes the routes and is not one of them: no typed call reads it.
    const r = await api(sb.url, 'GET', '/sandbox/v1/openapi.json');
    expect(r.body.paths['/sandbox/v1/test-values'].get).toBeDefined();
    expect(r.body.paths['/payments/check-out/SecurePayment.php'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(r.body.paths['/api/operations'].get).toBeDefined();
    expect(r.body.paths['/api/notify'].post).toBeDefined();
  });
});
