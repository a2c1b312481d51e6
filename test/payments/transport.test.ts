import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationPath, paymentFields } from '../helpers/payments.js';
import { jsonOf, startSandbox } from '../helpers/sandbox.js';
import { expectError, operationCount, postRaw } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('creation transport', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405 METHOD_NOT_ALLOWED and Allow: POST on both paths', async (method) => {
    for (const path of ['/payments/check-out/SecurePayment', '/payments/check-out/SecurePayment.php']) {
      const r = await postRaw(sb.url, undefined, undefined, path, method);
      expectError(r, 405, 'METHOD_NOT_ALLOWED');
      expect(r.headers.get('allow')).toBe('POST');
    }
  });

  it('answers a body without Content-Type with MISSING_CONTENT_TYPE', async () => {
    const res = await fetch(sb.url + creationPath(17), { method: 'POST', body: new Uint8Array(Buffer.from(form(paymentFields(17)))) });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.code).toBe('MISSING_CONTENT_TYPE');
  });

  it('answers an unsupported Content-Type with 415 UNSUPPORTED_CONTENT_TYPE', async () => {
    expectError(await postRaw(sb.url, form(paymentFields(17)), 'text/plain'), 415, 'UNSUPPORTED_CONTENT_TYPE');
  });

  it('answers a form in another charset than utf-8 with 415', async () => {
    expectError(
      await postRaw(sb.url, form(paymentFields(17)), 'application/x-www-form-urlencoded; charset=iso-8859-1'),
      415,
      'UNSUPPORTED_CONTENT_TYPE',
    );
  });

  it('answers an empty JSON body with EMPTY_JSON_BODY', async () => {
    expectError(await postRaw(sb.url, '', 'application/json'), 400, 'EMPTY_JSON_BODY');
  });

  it('answers malformed JSON with INVALID_JSON', async () => {
    expectError(await postRaw(sb.url, '{"channel": "17",', 'application/json'), 400, 'INVALID_JSON');
  });

  it.each(['[1,2]', '"text"', '42', 'null'])('answers JSON %s (not an object) with INVALID_JSON_STRUCTURE', async (body) => {
    expectError(await postRaw(sb.url, body, 'application/json'), 400, 'INVALID_JSON_STRUCTURE');
  });

  it('answers a nested JSON value other than shopper_information with INVALID_JSON_STRUCTURE', async () => {
    expectError(
      await postRaw(sb.url, JSON.stringify({ ...paymentFields(17), amount: { v: 1 } }), 'application/json'),
      400,
      'INVALID_JSON_STRUCTURE',
    );
  });

  it('answers a malformed multipart body with INVALID_BODY', async () => {
    expectError(await postRaw(sb.url, '--x\r\nbroken', 'multipart/form-data; boundary=x'), 400, 'INVALID_BODY');
    expectError(await postRaw(sb.url, 'a=1', 'multipart/form-data'), 400, 'INVALID_BODY');
  });

  it('answers a multipart body cut inside a file part with INVALID_BODY, and keeps serving', async () => {
    const cut = '--x\r\nContent-Disposition: form-data; name="receipt"; filename="r.txt"\r\n\r\nhalf a file';
    expectError(await postRaw(sb.url, cut, 'multipart/form-data; boundary=x'), 400, 'INVALID_BODY');
    const fields = paymentFields(17);
    expect((await postRaw(sb.url, form(fields), 'application/x-www-form-urlencoded')).status).toBe(200);
  });

  it('answers a field sent twice with INVALID_BODY', async () => {
    const body = form(paymentFields(17)) + '&amount=1';
    expectError(await postRaw(sb.url, body, 'application/x-www-form-urlencoded'), 400, 'INVALID_BODY');
  });

  it('stores nothing for any transport error', async () => {
    const before = await operationCount(sb.url);
    await postRaw(sb.url, '{', 'application/json');
    await postRaw(sb.url, form(paymentFields(17)), 'text/csv');
    expect(await operationCount(sb.url)).toBe(before);
  });
});
