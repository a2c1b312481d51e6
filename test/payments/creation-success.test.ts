import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_IDS } from '../../server/contract/common.js';
import { creationPath, paymentFields, postPayment } from '../helpers/payments.js';
import { startSandbox, control, answer } from '../helpers/sandbox.js';
import { operationOf, post } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const ADDRESS = /^http:\/\/127\.0\.0\.1:\d+\/check-out\/\?channel=(\d+)&tokenID=([0-9a-f]{32})&platform=1$/;

describe('successful creation', () => {
  it.each([...CHANNEL_IDS])(
    'channel %i (urlencoded) answers 200 text/plain checkout address and stores a pending operation',
    async (channel) => {
      const fields = paymentFields(channel);
      const r = await postPayment(sb.url, fields, 'form');
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      const m = ADDRESS.exec(r.text);
      expect(m?.[1]).toBe(String(channel));
      const op = await operationOf(sb.url, fields.trans_id!);
      expect(op).toMatchObject({ status: 'pending', channel, token: m![2], checkout_url: r.text, currency: fields.currency });
      expect(op.request).toEqual(fields);
      expect(op.events[0]).toMatchObject({ kind: 'created', actor: 'merchant_api', to_status: 'pending' });
    },
  );

  it.each([...CHANNEL_IDS])('channel %i accepts multipart/form-data', async (channel) => {
    const fields = paymentFields(channel);
    const r = await postPayment(sb.url, fields, 'multipart');
    expect(r.status, r.text).toBe(200);
    expect(r.text).toMatch(ADDRESS);
    expect((await operationOf(sb.url, fields.trans_id!)).request).toEqual(fields);
  });

  it('channel 17 accepts a flat JSON body, shopper_information as a string', async () => {
    const fields = paymentFields(17);
    const r = await postPayment(sb.url, fields, 'json');
    expect(r.status, r.text).toBe(200);
    expect(r.text).toMatch(ADDRESS);
  });

  it('channel 17 accepts a JSON body with shopper_information as an object and numbers as values', async () => {
    const fields = paymentFields(17, { amount: '50000' });
    const body = { ...fields, channel: 17, amount: 50000, shopper_information: JSON.parse(fields.shopper_information!) };
    const res = await fetch(sb.url + creationPath(17), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.text()).toMatch(ADDRESS);
  });

  it('stores amount as charged with 2 decimals, amount_cents exact, doc_number and email', async () => {
    const fields = paymentFields(41, { amount: '1500.5' });
    await postPayment(sb.url, fields);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.amount).toBe('1500.50');
    expect(op.doc_number).toBe('GODE561231GR8');
    expect(op.rfc).toBe('GODE561231GR8');
    expect(op.email).toBe('ana.gomez@gmail.com');
    expect(op.request.amount).toBe('1500.5');
  });

  it('channel 17 rounds a fractional amount to whole pesos, half up, with a warning', async () => {
    const fields = paymentFields(17, { amount: '50000.5' });
    await postPayment(sb.url, fields);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.amount).toBe('50001');
    expect((op.details.warnings as string[]).join(' ')).toMatch(/rounded to 50001/);
  });

  it('stores the effective expiry and arms the expiry timer (the clock expires the operation)', async () => {
    const fields = paymentFields(5, { time_expired: '45' });
    await postPayment(sb.url, fields);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(Date.parse(op.expires_at) - Date.parse(op.created_at)).toBe(45 * 60_000);
    await control(sb).advanceClock({ body: { minutes: 46 } });
    expect((await operationOf(sb.url, fields.trans_id!)).status).toBe('expired');
  });

  it('accepts the T layout of time', async () => {
    const r = await post(sb.url, 17, { time: '2030-01-31T23:59:59' });
    expect(r.status, r.text).toBe(200);
  });

  it('accepts a trans_id that repeats (the query answers a list)', async () => {
    const a = await post(sb.url, 17, { trans_id: 'REPEATED-1' });
    const b = await post(sb.url, 17, { trans_id: 'REPEATED-1' });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.text).not.toBe(b.text);
  });

  it('accepts a channel sent to the other path, with a warning on the operation', async () => {
    const fields = paymentFields(17);
    const r = await postPayment(sb.url, fields, 'form', '/payments/check-out/SecurePayment');
    expect(r.status, r.text).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.warnings).toEqual([
      'channel: sent "17" — the service serves channel 17 on /payments/check-out/SecurePayment.php, ' +
        'not /payments/check-out/SecurePayment — accepted on this path',
    ]);
  });

  it('compares the signature case-insensitively', async () => {
    const fields = paymentFields(17);
    const r = await postPayment(sb.url, { ...fields, signature: fields.signature!.toUpperCase() });
    expect(r.status, r.text).toBe(200);
  });

  it('accepts http://localhost return URLs when the merchant allows it', async () => {
    const m = await answer(sb, 'createMerchant', {
      body: { name: 'Local', public_key: 'pk_local_test', secret_key: 'sk_local_test', allow_http_localhost: true },
    });
    expect(m.status).toBe(201);
    const r = await post(
      sb.url,
      17,
      { public_key: 'pk_local_test', url_ok: 'http://localhost:3000/ok', url_error: 'http://127.0.0.1/err' },
      { secret: 'sk_local_test' },
    );
    expect(r.status, r.text).toBe(200);
  });

  it('emits operation.created after the commit', async () => {
    const seen: number[] = [];
    const off = sb.ctx.events.on('operation.created', (e) => {
      seen.push(e.id);
      expect(sb.ctx.store.operations.get(e.id)?.status).toBe('pending');
    });
    const fields = paymentFields(33);
    await postPayment(sb.url, fields);
    off();
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(seen).toEqual([op.id]);
  });
});
