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
    sb.ctx.store.diagnostics.overwriteOperation(c.id, { url_error: 'HTTPS://Tienda.Acme-Pagos.CO/error?a=1&b=2' });
    const r = await act(sb.url, c.token, 'cancel');
    const done = await page(sb.url + r.location);
    expect(done.html).toContain('data-redirect-to="https://tienda.acme-pagos.co/error?a=1&amp;b=2"');
    expect(done.html).toContain('href="https://tienda.acme-pagos.co/error?a=1&amp;b=2"');
    expect(done.html).not.toContain('stays-on-page');
    const status = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
    expect(status.body).toMatchObject({ redirect: 'https://tienda.acme-pagos.co/error?a=1&b=2', follow: true });
  });

  it.each([
    'https://shop.example/ok',
    'https://a.b.test/ok',
    'https://pay.invalid/ok',
    'https://example.com/ok',
    'https://www.example.net/ok',
    'https://EXAMPLE.ORG./ok',
    'https://shop.localhost:8080/ok',
  ])('a return address on a domain reserved for examples (%s): the page stays, says where, and offers the link', async (url) => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'instant_key', url_ok: url });
    const r = await act(sb.url, c.token, 'sandbox_outcome', { outcome: 'confirmed' });
    const done = await page(sb.url + r.location);
    const shown = new URL(url).href;
    expect(done.html).not.toContain('data-redirect-to');
    expect(done.html).toContain('data-testid="stays-on-page"');
    expect(done.html).toContain(`<code data-testid="return-url">${shown}</code>`);
    expect(done.html).toContain(`href="${shown}" data-testid="back-to-merchant"`);
    const status = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
    expect(status.body).toMatchObject({ status: 'confirmed', redirect: shown, follow: false });
  });

  it('a merchant on its own machine (localhost, 127.0.0.1) is reachable: the page goes back by itself', async () => {
    for (const url of ['http://localhost:8080/ok', 'http://127.0.0.1:3000/ok']) {
      const c = await newCheckout(sb.url, 17, { filter_by: 'instant_key' });
      sb.ctx.store.diagnostics.overwriteOperation(c.id, { url_ok: url });
      const r = await act(sb.url, c.token, 'sandbox_outcome', { outcome: 'confirmed' });
      expect((await page(sb.url + r.location)).html).toContain(`data-redirect-to="${url}"`);
      expect((await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`)).body).toMatchObject({ follow: true });
    }
  });
});
