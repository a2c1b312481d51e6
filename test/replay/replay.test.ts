import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { control, sha256, startSandbox } from '../helpers/sandbox.js';
import type { Sandbox } from '../../server/sandbox.js';
import { chromeHar, insomniaHar, mitmproxyHar, PROD, PROD_HOST, prodCheckout, prodCreation, prodQuery } from './fixtures/tools.js';
import { notifyTo, replay } from './helpers.js';

let sb: Sandbox & { url: string };
let rx: Receiver;
beforeAll(async () => {
  sb = await startSandbox();
  rx = await startReceiver();
  await notifyTo(sb, rx.url);
});
afterAll(async () => {
  await rx.close();
  await sb.stop();
});

const form = (f: Record<string, string>) => new URLSearchParams(f).toString();
const FORM = 'application/x-www-form-urlencoded; charset=UTF-8';
const QUERY_ROW = {
  id: 88123,
  mid_id: 977,
  amount: '50000',
  currency: 'COP',
  channel: 17,
  created_at: '2026-11-20T14:03:11Z',
  trans_id: 'X',
  time_expired: 120,
  cod_operation_partner: null,
  cod_payment_partner: null,
  cod_transaction_partner: null,
  status: 1,
  status_description: 'pending',
  user_bank_code: null,
};

describe('replay of a Chrome DevTools HAR', () => {
  it('re-signs service calls as the chosen merchant, skips the rest with reasons, and shows no drift where answers agree', async () => {
    const f = prodCreation(17, 'ORD-CH-1');
    const har = chromeHar([
      {
        method: 'GET',
        url: 'https://admin.shop.example/orders/ORD-CH-1',
        status: 200,
        responseType: 'text/html',
        response: '<html></html>',
      },
      { method: 'OPTIONS', url: `${PROD_HOST}/justpay/payments/check-out/SecurePayment.php`, status: 204, response: '' },
      {
        method: 'POST',
        url: `${PROD_HOST}/justpay/payments/check-out/SecurePayment.php`,
        type: FORM,
        text: form(f),
        status: 200,
        responseType: 'text/plain',
        response: prodCheckout(17),
      },
      {
        method: 'GET',
        url: `${PROD_HOST}/api/operations?${prodQuery('ORD-CH-1')}`,
        status: 200,
        response: JSON.stringify([{ ...QUERY_ROW, trans_id: 'ORD-CH-1' }]),
      },
    ]);
    const r = await replay(sb, { har });
    expect(r.status).toBe(200);
    const [page, preflight, creation, query] = r.data.entries;
    expect(page).toMatchObject({ index: 0, action: 'skipped', kind: 'other', sandbox: null });
    expect(page!.skip_reason).toContain('admin.shop.example');
    expect(preflight).toMatchObject({ action: 'skipped', kind: 'creation' });
    expect(preflight!.skip_reason).toMatch(/preflight/);
    expect(creation).toMatchObject({
      index: 2,
      action: 'replayed',
      kind: 'creation',
      path: '/justpay/payments/check-out/SecurePayment.php',
      drift: [],
    });
    expect(creation!.sandbox!.status).toBe(200);
    expect(creation!.sandbox!.body).toMatch(new RegExp(`^${sb.url}/check-out/\\?channel=17&tokenID=\\w+&platform=1$`));
    expect(r.data.operations).toEqual([creation!.operation_id]);
    const op = await control(sb).getOperation({ id: creation!.operation_id! });
    expect(op).toMatchObject({ trans_id: 'ORD-CH-1', channel: 17, status: 'pending' });
    expect(query).toMatchObject({ action: 'replayed', kind: 'operation_query', drift: [] });
    expect(JSON.parse(query!.sandbox!.body!)[0].id).toBe(creation!.operation_id);
    expect(r.data.drift_count).toBe(0);
    expect(r.data.merchant).toBe('pk_sandbox_demo');
    expect(r.data.source).toBe('WebInspector 537.36');
  });

  it('answers a replayed creation exactly as the same request from a client: an error body byte for byte', async () => {
    const f = prodCreation(17, 'ORD-CH-2', { currency: 'XXX1' });
    const har = chromeHar([
      { method: 'POST', url: `${PROD_HOST}/payments/check-out/SecurePayment.php`, type: FORM, text: form(f), status: 400, response: '{}' },
    ]);
    const r = await replay(sb, { har });
    const direct = await fetch(`${sb.url}/payments/check-out/SecurePayment.php`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: form({
        ...f,
        public_key: 'pk_sandbox_demo',
        signature: sha256(
          ['pk_sandbox_demo', f.time, f.amount, f.currency, f.trans_id, f.time_expired, f.url_ok, f.url_error, f.channel].join('') +
            'sk_sandbox_demo',
        ),
      }),
    });
    expect(r.data.entries[0]!.sandbox).toEqual({ status: direct.status, body: await direct.text(), code: 'INVALID_CURRENCY' });
  });
});

describe('replay of a mitmproxy HAR with production notifications', () => {
  it('keeps a JSON body as recorded (numbers as source text) and drives each operation to the outcome its notification shows', async () => {
    const ok = prodCreation(17, 'ORD-MP-OK');
    const bad = prodCreation(17, 'ORD-MP-BAD');
    // The amount as a JSON number with zero decimals: the signature covers "50000.00" as sent.
    const json = (f: Record<string, string>) => JSON.stringify({ ...f, amount: 'AMOUNT' }).replace('"AMOUNT"', '50000.00');
    const sign = (f: Record<string, string>) => ({
      ...f,
      amount: '50000.00',
      signature: sha256(
        [f.public_key, f.time, '50000.00', f.currency, f.trans_id, f.time_expired, f.url_ok, f.url_error, f.channel].join('') +
          PROD.secret_key,
      ),
    });
    const har = mitmproxyHar([
      {
        method: 'POST',
        url: `${PROD_HOST}/payments/check-out/SecurePayment.php`,
        type: 'application/json',
        text: json(sign(ok)),
        status: 200,
        responseType: 'text/plain; charset=utf-8',
        response: prodCheckout(17, 'aa11'),
      },
      {
        method: 'POST',
        url: `${PROD_HOST}/payments/check-out/SecurePayment.php`,
        type: 'application/json',
        text: json(sign(bad)),
        status: 200,
        responseType: 'text/plain; charset=utf-8',
        response: prodCheckout(17, 'bb22'),
      },
    ]);
    const notifications = [
      form({
        public_key: PROD.public_key,
        time: '2026-11-20 14:09:00',
        channel: '17',
        amount: '50000.00',
        currency: 'COP',
        trans_ID: 'ORD-MP-OK',
        signature: 'f'.repeat(64),
      }),
      { trans_ID: 'ORD-MP-BAD', rejection_code: 'R05', rejection_message: 'Fondos insuficientes' },
    ];
    const r = await replay(sb, { har, notifications });
    expect(r.status).toBe(200);
    expect(r.data.entries.map((e) => e.sandbox!.status)).toEqual([200, 200]);
    expect(r.data.drift_count).toBe(0);
    const [okId, badId] = r.data.operations;
    expect(r.data.outcomes).toMatchObject([
      { trans_id: 'ORD-MP-OK', outcome: 'confirmed', operation_id: okId, applied: true },
      { trans_id: 'ORD-MP-BAD', outcome: 'rejected', operation_id: badId, applied: true, rejection_code: 'R05' },
    ]);
    const success = await rx.next({ trans_ID: 'ORD-MP-OK' });
    expect(success.path).toBe('/success');
    const s = success.fields;
    expect(s.signature).toBe(sha256(s.time! + s.channel + s.amount + s.currency + s.trans_ID + 'sk_sandbox_demo'));
    const rejection = await rx.next({ trans_ID: 'ORD-MP-BAD' });
    expect(rejection).toMatchObject({ path: '/rejection', fields: { rejection_code: 'R05', rejection_message: 'Fondos insuficientes' } });
    expect((await control(sb).getOperation({ id: badId! })).status).toBe('rejected');
  });

  it('skips an entry production never answered (status 0), and says why an outcome could not be applied', async () => {
    const f = prodCreation(17, 'ORD-MP-DROP');
    const har = mitmproxyHar([
      { method: 'POST', url: `${PROD_HOST}/payments/check-out/SecurePayment.php`, type: FORM, text: form(f), status: 0 },
    ]);
    const r = await replay(sb, { har, notifications: [{ trans_ID: 'ORD-NEVER-CREATED' }] });
    expect(r.data.entries[0]).toMatchObject({ action: 'skipped', skip: { code: 'never_completed', params: { status: 0 } }, sandbox: null });
    expect(r.data.entries[0]!.skip_reason).toMatch(/never answered/);
    expect(r.data.operations).toEqual([]);
    expect(r.data.outcomes[0]).toMatchObject({ applied: false, operation_id: null, reason_code: 'no_operation' });
    expect(r.data.outcomes[0]!.reason).toMatch(/no creation with this trans_ID/);
  });
});

describe('replay of an Insomnia HAR (forms as params)', () => {
  it('builds urlencoded and multipart bodies from params, re-signed', async () => {
    const a = prodCreation(17, 'ORD-IN-1');
    const b = prodCreation(38, 'ORD-IN-2');
    const params = (f: Record<string, string>) => Object.entries(f).map(([name, value]) => ({ name, value }));
    const har = insomniaHar([
      {
        name: 'pay 17',
        method: 'POST',
        url: `${PROD_HOST}/payments/check-out/SecurePayment.php`,
        type: 'application/x-www-form-urlencoded',
        params: params(a),
        status: 200,
        responseType: 'text/plain',
        response: prodCheckout(17),
      },
      {
        name: 'pay 38',
        method: 'POST',
        url: `${PROD_HOST}/payments/check-out/SecurePayment.php`,
        type: 'multipart/form-data',
        params: [...params(b), { name: 'logo', fileName: 'logo.png', contentType: 'image/png' }],
        status: 200,
        responseType: 'text/plain',
        response: prodCheckout(38),
      },
    ]);
    const r = await replay(sb, { har });
    expect(r.data.entries.map((e) => [e.action, e.sandbox!.status, e.drift])).toEqual([
      ['replayed', 200, []],
      ['replayed', 200, []],
    ]);
    expect(r.data.source).toBe('Insomnia 10.1.1');
  });
});

describe('payout calls', () => {
  it("log in with the merchant's payout credentials and map production's token and ids to the sandbox's", async () => {
    const item = {
      order_id: 'PO-1',
      credit_note: `CN-RP-${Date.now()}`,
      account_id: '000123456789',
      account_type: 'corriente',
      vat_id: '12345678-5',
      vat_id_type: 'RUT',
      name: 'Juana',
      amount: 1000,
      channel: 'transferencia',
      bank: 37,
    };
    const prodItem = {
      id: 5512,
      payroll: 801,
      order_id: 'PO-1',
      credit_note: item.credit_note,
      amount: 1000,
      account_id: '000123456789',
      account_type: 'corriente',
      bank: 37,
      vat_id: '12345678-5',
      vat_id_type: 'RUT',
      name: 'Juana',
      status: 'pending',
      transfer_status: 1,
      transfer_status_description: 'in process',
      reference: null,
      otp_code: null,
      created_at: 'x',
      updated_at: 'x',
      warnings: ['channel transferencia is not an http(s) address'],
    };
    const har = chromeHar([
      {
        method: 'POST',
        url: `${PROD_HOST}/api/login`,
        type: 'application/json',
        text: JSON.stringify({ username: 'shop_payouts', password: 'live-secret' }),
        status: 200,
        response: JSON.stringify({ token: 'prodtoken123' }),
      },
      {
        method: 'POST',
        url: `${PROD_HOST}/api/transactions/`,
        type: 'application/json',
        headers: { Authorization: 'Bearer prodtoken123' },
        text: JSON.stringify([item]),
        status: 201,
        response: JSON.stringify({ payroll: 801, data: [prodItem] }),
      },
      {
        method: 'GET',
        url: `${PROD_HOST}/api/transactions/5512`,
        headers: { Authorization: 'Bearer prodtoken123' },
        status: 200,
        response: JSON.stringify({ ...prodItem, bank_reference: 'X' }),
      },
    ]);
    const r = await replay(sb, { har });
    const [login, batch, one] = r.data.entries;
    expect(login).toMatchObject({ kind: 'payout_login', drift: [] });
    expect(login!.sandbox!.status).toBe(200);
    expect(batch).toMatchObject({ kind: 'payout_batch', drift: [] });
    expect(batch!.sandbox!.status).toBe(201);
    const id = JSON.parse(batch!.sandbox!.body!).data[0].id;
    expect(one!.kind).toBe('payout_get');
    expect(JSON.parse(one!.sandbox!.body!).id).toBe(id);
    expect(one!.drift).toEqual([
      {
        kind: 'key_missing',
        path: 'body.bank_reference',
        production: 'present',
        sandbox: 'absent',
        note: expect.stringContaining('bank_reference'),
      },
    ]);
  });
});

describe('payout calls from a sanitized export', () => {
  it("use the merchant's token where the export lacks Authorization on an accepted call, none where production refused it", async () => {
    const item = (n: string) => ({
      order_id: n,
      credit_note: `CN-SAN-${n}-${Date.now()}`,
      account_id: '000123456789',
      account_type: 'corriente',
      vat_id: '12345678-5',
      vat_id_type: 'RUT',
      name: 'J',
      amount: 2000,
      channel: 'transferencia',
      bank: 37,
    });
    const har = chromeHar([
      {
        method: 'POST',
        url: `${PROD_HOST}/api/transactions/`,
        type: 'application/json',
        text: JSON.stringify([item('a')]),
        status: 201,
        response: '{"payroll":1,"data":[]}',
      },
      {
        method: 'POST',
        url: `${PROD_HOST}/api/transactions/`,
        type: 'application/json',
        text: JSON.stringify([item('b')]),
        status: 401,
        response: '{"error":{"code":"UNAUTHORIZED","message":"m"}}',
      },
    ]);
    const r = await replay(sb, { har });
    expect(r.data.entries.map((e) => [e.sandbox!.status, e.drift])).toEqual([
      [201, []],
      [401, []],
    ]);
  });
});

describe('drift', () => {
  it('lists status, error code, keys and checkout-address shape differences with a path and a note', async () => {
    const good = prodCreation(17, 'ORD-DR-1');
    const refused = prodCreation(17, 'ORD-DR-2', { currency: 'USD' });
    const har = chromeHar([
      {
        method: 'POST',
        url: `${PROD_HOST}/payments/check-out/SecurePayment.php`,
        type: FORM,
        text: form(good),
        status: 200,
        responseType: 'text/plain',
        response: `${PROD_HOST}/check-out/?channel=17&tokenID=abc&platform=1&lang=es`,
      },
      {
        method: 'POST',
        url: `${PROD_HOST}/payments/check-out/SecurePayment.php`,
        type: FORM,
        text: form(refused),
        status: 422,
        response: JSON.stringify({ error: { code: 'CURRENCY_NOT_ALLOWED', message: 'x', field: 'currency' } }),
      },
    ]);
    const r = await replay(sb, { har });
    const [a, b] = r.data.entries;
    expect(a!.drift).toEqual([
      {
        kind: 'address_shape',
        path: 'body',
        production: '/check-out/?channel&lang&platform&tokenID',
        sandbox: '/check-out/?channel&platform&tokenID',
        note: expect.stringContaining('checkout address'),
      },
    ]);
    expect(b!.drift.map((d) => [d.kind, d.path])).toEqual([
      ['status', 'status'],
      ['error_code', 'body.error.code'],
      ['key_missing', 'body.error.field'],
    ]);
    expect(b!.drift[0]).toMatchObject({ production: 422, sandbox: 400 });
    expect(b!.drift[0]!.note).toBe('production answered 422 CURRENCY_NOT_ALLOWED where the sandbox answers 400 INVALID_CURRENCY_CHANNEL');
    expect(r.data.drift_count).toBe(4);
  });
});
