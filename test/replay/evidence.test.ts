import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, startSandbox } from '../helpers/sandbox.js';
import type { Sandbox } from '../../server/sandbox.js';
import { acceptedCreation, chromeHar, mitmproxyHar, prodCheckout, prodCreation, FORM, form, PROD_CREATION_URL } from './fixtures/tools.js';
import { refused, replay } from './helpers.js';

let sb: Sandbox & { url: string };
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const nothingKept = async () => {
  expect((await control(sb).listReplays()).items).toEqual([]);
  expect((await control(sb).listOperations()).items).toEqual([]);
};

describe('bad evidence refuses the whole replay, sending and keeping nothing', () => {
  it('a body that is not HAR: 400 naming the first bad path', async () => {
    const har = chromeHar([
      { method: 'POST', url: PROD_CREATION_URL, type: FORM, text: form(prodCreation(17, 'R-1')), status: 200, response: prodCheckout(17) },
    ]);
    (har.log.entries[0]!.request as { url: unknown }).url = 42;
    const r = await refused(sb, { har });
    expect(r.status).toBe(400);
    expect(r.code).toBe('VALIDATION_ERROR');
    expect(r.reason).toMatch(/^har is not an HTTP Archive \(HAR 1\.2\): har\.log\.entries\[0\]\.request\.url: /);
    expect(r.reason).toContain('nothing was replayed');
    await nothingKept();
  });

  it('a file that is not JSON, given as text, and a Postman collection each get their own message', async () => {
    const text = await refused(sb, { har: 'GET /payments HTTP/1.1' });
    expect([text.status, text.reason]).toEqual([400, expect.stringContaining('does not parse as JSON')]);
    const postman = await refused(sb, {
      har: { info: { name: 'JustPay', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: [] },
    });
    expect([postman.status, postman.reason]).toEqual([400, expect.stringContaining('Postman collection')]);
    const missing = await refused(sb, { har: { log: { version: '1.2' } } });
    expect(missing.reason).toContain('har.log.entries');
    await nothingKept();
  });

  it('a bad notification: 400 naming it, although the HAR itself is fine', async () => {
    const har = chromeHar([
      { method: 'POST', url: PROD_CREATION_URL, type: FORM, text: form(prodCreation(17, 'R-2')), status: 200, response: prodCheckout(17) },
    ]);
    const r = await refused(sb, { har, notifications: [{ trans_ID: 'R-2' }, { amount: '1' }] });
    expect([r.status, r.reason]).toEqual([
      400,
      'notifications[1]: has no trans_ID (a form string or an object with at least trans_ID), nor the credit_note of a payout callback; ' +
        'nothing was replayed',
    ]);
    const long = await refused(sb, { har, notifications: [{ trans_ID: 'R-2', rejection_code: 'x'.repeat(65) }] });
    expect([long.status, long.reason]).toEqual([400, expect.stringMatching(/^notifications\[0\]: rejection_code: /)]);
    await nothingKept();
  });

  it('an unknown merchant: 404, nothing sent', async () => {
    const r = await refused(sb, { har: chromeHar([]), merchant: 'pk_nobody' });
    expect([r.status, r.code]).toEqual([404, 'NOT_FOUND']);
    await nothingKept();
  });

  it('a replay over 16 MiB: 413; the same size is refused on other control routes long before', async () => {
    // Raw: the limits are on the bytes of the request, which the test sizes itself.
    const big = JSON.stringify({ har: { log: { entries: [], pad: 'x'.repeat(16 * 1024 * 1024) } } });
    const r = await fetch(`${sb.url}/sandbox/v1/replays`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    const twoMiB = JSON.stringify({ har: { log: { entries: [], pad: 'x'.repeat(2 * 1024 * 1024) } } });
    expect(
      (await fetch(`${sb.url}/sandbox/v1/replays`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: twoMiB }))
        .status,
    ).toBe(200);
    expect(
      (await fetch(`${sb.url}/sandbox/v1/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: twoMiB }))
        .status,
    ).toBe(413);
  });
});

describe('entries that cannot be replayed as recorded are skipped with their reason', () => {
  it('a truncated request body, a channel production knows and the sandbox does not, a non-HTTP URL', async () => {
    const whole = form(prodCreation(17, 'R-3'));
    const har = chromeHar([
      {
        method: 'POST',
        url: PROD_CREATION_URL,
        type: FORM,
        text: whole,
        status: 200,
        responseType: 'text/plain',
        response: prodCheckout(17),
      },
      {
        method: 'POST',
        url: PROD_CREATION_URL,
        type: FORM,
        text: form(prodCreation(17, 'R-4', { channel: '99' })),
        status: 200,
        responseType: 'text/plain',
        response: prodCheckout(99),
      },
      { method: 'GET', url: 'wss://api.justpay.example/api/operations', status: 101, response: '' },
    ]);
    const cut = har.log.entries[0]!.request as { postData: { text: string }; bodySize: number };
    cut.postData.text = whole.slice(0, 100);
    const r = await replay(sb, { har });
    expect(r.status).toBe(200);
    expect(r.data.entries.map((e) => e.action)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(r.data.entries[0]!.skip_reason).toBe(`the request body is truncated in the HAR (100 of ${cut.bodySize} bytes)`);
    expect(r.data.entries[1]!.skip_reason).toMatch(/^channel 99 is not one the sandbox has/);
    expect(r.data.entries[2]!.skip_reason).toMatch(/not an HTTP request/);
    expect(r.data.operations).toEqual([]);
  });

  it('a request body an exporter marked base64 is decoded and replayed', async () => {
    const har = mitmproxyHar([acceptedCreation('R-5')]);
    const post = har.log.entries[0]!.request.postData as { text: string; encoding?: string };
    post.text = Buffer.from(post.text).toString('base64');
    post.encoding = 'base64';
    const r = await replay(sb, { har });
    expect(r.data.entries[0]).toMatchObject({ action: 'replayed', drift: [] });
    expect(r.data.entries[0]!.sandbox!.status).toBe(200);
  });

  it('a truncated production answer compares only the status; a base64 answer is decoded', async () => {
    const har = mitmproxyHar([
      acceptedCreation('R-6'),
      {
        method: 'POST',
        url: PROD_CREATION_URL,
        type: FORM,
        text: form(prodCreation(17, 'R-7', { currency: 'USD' })),
        status: 400,
        response: '{"error":{"code":"INVALID_CURRENCY_CHANNEL","message":"m"}}',
      },
    ]);
    const first = har.log.entries[0]!.response.content as { text: string; size: number };
    first.text = first.text.slice(0, 20);
    const second = har.log.entries[1]!.response.content as { text: string; encoding?: string };
    second.text = Buffer.from(second.text).toString('base64');
    second.encoding = 'base64';
    const r = await replay(sb, { har });
    expect(r.data.entries[0]!.production).toMatchObject({ status: 200, truncated: true });
    expect(r.data.entries[0]!.drift).toEqual([]);
    expect(r.data.entries[1]!.production.body).toContain('INVALID_CURRENCY_CHANNEL');
    expect(r.data.entries[1]!.drift).toEqual([]);
  });
});
