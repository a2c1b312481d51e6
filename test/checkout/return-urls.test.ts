import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startSandbox } from '../helpers/sandbox.js';
import { act, newCheckout, page } from './support.js';

// Return addresses stored past every API check (an old data dir, an imported bundle): the result
// page and the status poll only ever offer http(s) ones. Browser behaviour: test/browser/hostile-urls.test.ts.
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb?.stop();
});

const HOSTILE = [
  'javascript:alert(1)',
  ' JAVASCRIPT:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<b>x</b>',
  'file:///etc/passwd',
  '//evil.example/',
];

describe('checkout return addresses', () => {
  it.each(HOSTILE)('a url_error of %j gives no link, no redirect and a null status redirect', async (hostile) => {
    const c = await newCheckout(sb.url, 41);
    sb.ctx.store.diagnostics.overwriteOperation(c.id, { url_error: hostile });
    const r = await act(sb.url, c.token, 'cancel');
    expect(r.status).toBe(303);
    const done = await page(sb.url + r.location);
    expect(done.status).toBe(200);
    expect(done.html).toContain('data-testid="no-return-url"');
    expect(done.html).not.toContain('data-redirect-to');
    expect(done.html).not.toContain('back-to-merchant');
    const status = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
    expect(status.body).toMatchObject({ status: 'cancelled', redirect: null });
  });

  it('an http(s) url_error is still the way back, as the parser prints it', async () => {
    const c = await newCheckout(sb.url, 41);
    sb.ctx.store.diagnostics.overwriteOperation(c.id, { url_error: 'HTTPS://Merchant.Example/error?a=1&b=2' });
    const r = await act(sb.url, c.token, 'cancel');
    const done = await page(sb.url + r.location);
    expect(done.html).toContain('data-redirect-to="https://merchant.example/error?a=1&amp;b=2"');
    expect(done.html).toContain('href="https://merchant.example/error?a=1&amp;b=2"');
    const status = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
    expect(status.body.redirect).toBe('https://merchant.example/error?a=1&b=2');
  });
});
