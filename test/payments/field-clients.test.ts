import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, creationPath, paymentFields, postPayment } from '../helpers/payments.js';
import { creationSignature, startSandbox, control } from '../helpers/sandbox.js';
import { expectError, operationOf, post, postRaw } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

type PhpValue = string | number | boolean | null | { [k: string]: PhpValue };

/** PHP's urlencode: RFC 1738, space as "+", everything but [A-Za-z0-9_.-] percent-encoded. */
const phpUrlencode = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** PHP's http_build_query: arrays as key[sub]=…, booleans as 1/0, null members left out. */
function httpBuildQuery(data: Record<string, PhpValue>, prefix = ''): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (v === null) continue;
    if (typeof v === 'object') parts.push(httpBuildQuery(v, key));
    else parts.push(`${phpUrlencode(key)}=${phpUrlencode(typeof v === 'boolean' ? (v ? '1' : '0') : String(v))}`);
  }
  return parts.filter(Boolean).join('&');
}

/** PHP's json_encode with default flags: "/" escaped as "\/", non-ASCII as \uXXXX. */
const phpJsonEncode = (v: unknown) =>
  JSON.stringify(v)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const postForm = async (channel: number, body: string) =>
  answerOf(
    await fetch(sb.url + creationPath(channel), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
  );

describe('PHP http_build_query forms', () => {
  it('accepts shopper_information sent as json_encode() text, with escaped slashes and \\u escapes, and no warnings', async () => {
    const fields = paymentFields(36, { url_ok: 'https://tienda.example/checkout/ok?o=1' });
    const shopper = JSON.parse(fields.shopper_information!);
    fields.shopper_information = phpJsonEncode(shopper);
    const r = await postForm(36, httpBuildQuery({ ...fields, direct_integration: false, filter_by: null }));
    expect(r.status, r.text).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.shopper.last_name_Shopper).toBe('Gómez');
    expect(op.warnings).toEqual([]);
  });

  it('accepts the plugin order total with four decimals (50000.0000 → 50000.00), with a warning', async () => {
    const fields = paymentFields(33, { amount: '50000.0000' });
    const r = await postForm(33, httpBuildQuery(fields));
    expect(r.status, r.text).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.amount).toBe('50000.00');
    expect(op.warnings).toEqual(['amount: sent "50000.0000" — the service asks for 2 decimals — read as 50000.00']);
  });

  it('refuses shopper_information[name_shopper]=… (a PHP array) with SHOPPERINFO_BAD_FORMAT saying to json_encode it', async () => {
    const fields: Record<string, PhpValue> = paymentFields(17);
    fields.shopper_information = JSON.parse(fields.shopper_information as string) as Record<string, string>;
    const body = httpBuildQuery(fields);
    expect(body).toContain('shopper_information%5Bname_shopper%5D=Ana');
    const r = await postForm(17, body);
    expectError(r, 400, 'SHOPPERINFO_BAD_FORMAT');
    expect(r.json.error.message).toMatch(/json_encode/);
  });
});

describe('curl-style multipart (curl -F)', () => {
  it('accepts an ISO time with offset and a four-decimal amount, each with its warning', async () => {
    const fields = paymentFields(41, { time: '2026-11-23T21:00:43+00:00', amount: '1500.5000' });
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('receipt', new Blob(['ignored file content']), 'receipt.txt');
    const r = answerOf(await fetch(sb.url + creationPath(41), { method: 'POST', body: fd }));
    expect((await r).status, (await r).text).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.amount).toBe('1500.50');
    expect(op.warnings).toEqual([
      'amount: sent "1500.5000" — the service asks for 2 decimals — read as 1500.50',
      'time: sent "2026-11-23T21:00:43+00:00" — the service asks for YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS — ' +
        'accepted as an ISO 8601 date-time, read as given',
    ]);
  });
});

describe('liberal readings with warnings (be liberal, then say so)', () => {
  it.each(['2026-11-23T21:00:43+00:00', '2026-11-23T21:00:43Z', '2026-11-23T21:00:43.512-05:00', '2026-11-23 21:00:43.5'])(
    'accepts time %s, signed as sent, with a warning',
    async (time) => {
      const fields = paymentFields(17, { time });
      expect((await postPayment(sb.url, fields)).status).toBe(200);
      expect((await operationOf(sb.url, fields.trans_id!)).warnings).toEqual([expect.stringMatching(/^time: sent /)]);
    },
  );

  it.each(['2026-11-23 21:00:43', '2026-11-23T21:00:43', '1999-01-01 00:00:00', '2099-12-31T23:59:59'])(
    'accepts time %s (a documented layout, old or future) without a warning',
    async (time) => {
      const fields = paymentFields(17, { time });
      expect((await postPayment(sb.url, fields)).status).toBe(200);
      expect((await operationOf(sb.url, fields.trans_id!)).warnings).toEqual([]);
    },
  );

  it('reads channel 17 50000.00 as 50000 whole pesos, with a warning', async () => {
    const fields = paymentFields(17, { amount: '50000.00' });
    expect((await postPayment(sb.url, fields)).status).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.amount).toBe('50000');
    expect(op.warnings).toEqual(['amount: sent "50000.00" — the service asks for whole pesos on this channel — read as 50000']);
  });

  it('accepts extra unknown fields, with a warning naming each field and value', async () => {
    const fields = paymentFields(5, { order_note: 'gift wrap', plugin_version: '4.2.1' });
    expect((await postPayment(sb.url, fields)).status).toBe(200);
    expect((await operationOf(sb.url, fields.trans_id!)).warnings).toEqual([
      'order_note: sent "gift wrap" — the service\'s creation request has no such field — ignored',
      'plugin_version: sent "4.2.1" — the service\'s creation request has no such field — ignored',
    ]);
  });

  it('accepts a channel sent to the other creation path, with a warning', async () => {
    const fields = paymentFields(5);
    expect((await postPayment(sb.url, fields, 'form', creationPath(17))).status).toBe(200);
    expect((await operationOf(sb.url, fields.trans_id!)).warnings).toEqual([
      'channel: sent "5" — the service serves channel 5 on /payments/check-out/SecurePayment, ' +
        'not /payments/check-out/SecurePayment.php — accepted on this path',
    ]);
  });

  it("shows the warnings in the control API operation and in the creation's request log entry", async () => {
    const fields = paymentFields(38, { time: '2026-11-23T21:00:43Z', amount: '250.000' });
    const r = await postPayment(sb.url, fields);
    expect(r.status).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.warnings).toHaveLength(2);
    const log = await control(sb).listRequests({ query: { path: '/payments/check-out/', limit: 50 } });
    const entry = log.items.find((e) => e.note === `operation ${op.id}`);
    expect(entry!.warnings).toEqual(op.warnings);
    const plain = paymentFields(38);
    await postPayment(sb.url, plain);
    const plainOp = await operationOf(sb.url, plain.trans_id!);
    const log2 = await control(sb).listRequests({ query: { path: '/payments/check-out/', limit: 50 } });
    expect(log2.items.find((e) => e.note === `operation ${plainOp.id}`)!.warnings).toEqual([]);
  });
});

describe('still refused', () => {
  it.each(['1', '2', '3'])(
    'pre-current channel %s: INVALID_CHANNEL listing the current channels, then naming the 2019 format',
    async (channel) => {
      const r = await post(sb.url, 17, { channel });
      expectError(r, 400, 'INVALID_CHANNEL');
      expect(r.headers.get('x-sandbox-protocol')).toBe('2019');
      expect(r.json.error.message).toMatch(
        new RegExp(
          `^channel ${channel} is a pre-current channel number that is no longer accepted; ` +
            'the current channels are 5, 11, 16, 17, 22, 30, 33, 35, 36, 38, 40 and 41; ' +
            `this is the 2019 request format \\(channel ${channel} = [a-z ]+\\); see the migration in the request log$`,
        ),
      );
    },
  );

  it.each(['10.005', '15000.001', 'abc', '1,500.00', '1e5'])('amount %s: INVALID_AMOUNT', async (amount) => {
    expectError(await post(sb.url, 33, { amount }), 400, 'INVALID_AMOUNT');
  });

  it.each(['yesterday', '2026-11-23', '23/11/2026 21:00:43', '2026-02-30T10:00:00Z', '2026-11-23T21:00:43+99:00', '1764000000'])(
    'time %s: INVALID_TIME',
    async (time) => {
      expectError(await post(sb.url, 33, { time }), 400, 'INVALID_TIME');
    },
  );

  it('an unsupported Content-Type is still 415 UNSUPPORTED_CONTENT_TYPE, a non-utf-8 JSON body too', async () => {
    const fields = paymentFields(33);
    expectError(await postRaw(sb.url, JSON.stringify(fields), 'text/plain', creationPath(33)), 415, 'UNSUPPORTED_CONTENT_TYPE');
    expectError(
      await postRaw(sb.url, JSON.stringify(fields), 'application/json; charset=latin1', creationPath(33)),
      415,
      'UNSUPPORTED_CONTENT_TYPE',
    );
  });

  it('a warning never excuses a bad signature: an ISO time signed as another layout is INVALID_SIGNATURE', async () => {
    const fields = paymentFields(17, { time: '2026-11-23T21:00:43+00:00' });
    fields.signature = creationSignature({ ...fields, time: '2026-11-23 21:00:43' });
    expectError(await postPayment(sb.url, fields), 400, 'INVALID_SIGNATURE');
  });
});
