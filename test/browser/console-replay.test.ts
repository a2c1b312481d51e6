import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { replayPage } from './pages/console-replay.js';
import { chromeHar, PROD_HOST, prodCheckout, prodCreation } from '../replay/fixtures/tools.js';
import { notifyTo } from '../replay/helpers.js';

const PHP = `${PROD_HOST}/justpay/payments/check-out/SecurePayment.php`;
const FORM = 'application/x-www-form-urlencoded';

/** An incident as a Chrome HAR: many creations, one answered in production with a key the sandbox does not send. */
function incidentHar(n: number) {
  const calls = Array.from({ length: n }, (_, i) => ({
    method: 'POST',
    url: PHP,
    type: FORM,
    text: new URLSearchParams(prodCreation(17, `WEB-${i}`)).toString(),
    status: 200,
    responseType: 'text/plain',
    response: prodCheckout(17),
  }));
  calls.push({
    method: 'POST',
    url: PHP,
    type: FORM,
    text: new URLSearchParams(prodCreation(17, 'WEB-BAD', { currency: 'USD' })).toString(),
    status: 400,
    responseType: 'application/json',
    response: JSON.stringify({ error: { code: 'INVALID_CURRENCY_CHANNEL', message: 'x', hint: 'COP only' } }),
  });
  return Buffer.from(JSON.stringify(chromeHar(calls)));
}

describe.skipIf(!hasChromium)('console: incident replay', () => {
  const f = useConsoleFixture();
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver();
    await notifyTo(f.sb, rx.url);
  });
  afterAll(() => rx.close());

  it('replays a dropped HAR with a progress bar, marks drift, and opens the operation its notification confirmed', async () => {
    const c = await f.open('replay');
    const r = replayPage(c.page);
    await r.harFile().setInputFiles({ name: 'incident.har', mimeType: 'application/json', buffer: incidentHar(400) });
    await r.notificationsFile().setInputFiles({
      name: 'notifications.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('trans_ID=WEB-7&channel=17&amount=50000.00\n'),
    });
    expect(await r.harName().textContent()).toBe('incident.har');
    // The bar lives only while the replay runs, which can be shorter than a locator's polling on a busy
    // machine: the page itself records the furthest progress it showed.
    await c.page.evaluate(`
      window.furthestDone = 0;
      new MutationObserver(() => {
        const done = Number(document.querySelector('[data-testid="replay-progress"]')?.getAttribute('data-done') ?? 0);
        window.furthestDone = Math.max(window.furthestDone, done);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-done'] });
    `);
    await r.run().click();
    await r.report().waitFor({ timeout: 60_000 });
    expect(await c.page.evaluate('window.furthestDone')).toBeGreaterThan(0);
    expect(await r.summary().textContent()).toContain('401 entries: 401 replayed, 0 skipped · 400 operations created · 1 drift');
    expect(await r.driftedEntries().count()).toBe(1);
    await r.driftToggle(400).click();
    expect(await r.driftItems().getAttribute('data-path')).toBe('body.error.hint');
    expect(await r.outcomes().getAttribute('data-applied')).toBe('true');

    const [download] = await Promise.all([c.page.waitForEvent('download'), r.exportMarkdown().click()]);
    expect(readFileSync(await download.path(), 'utf8')).toMatch(/^# Replay \d+/);

    await r.operationLink(7).click();
    await c.detailWithStatus('confirmed').waitFor();
    await c.notificationByStatus('delivered').waitFor();
    expect((await rx.next({ trans_ID: 'WEB-7' })).path).toBe('/success');
  });

  it('a file that is not a HAR is refused in words and replays nothing', async () => {
    const c = await f.open('replay');
    const r = replayPage(c.page);
    await r.harFile().setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from('id,amount\n1,2\n') });
    await r.run().click();
    await c.toastError().waitFor();
    expect(await c.toastError().textContent()).toContain('orders.csv is not JSON, so not a HAR file');
    await r.harFile().setInputFiles({
      name: 'collection.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"log":{"entries":[{"request":{}}]}}'),
    });
    await r.run().click();
    await c.page.getByText('har.log.entries[0].request.method').waitFor();
    expect(await r.report().count()).toBe(0);
  });

  it('in Spanish at 800 px: status and code of both sides, collapsed bodies, drift-only filter, rejection codes, no cut', async () => {
    const calls = [
      { method: 'GET', url: prodCheckout(17), status: 200, responseType: 'text/html', response: '<html></html>' },
      {
        method: 'POST',
        url: PHP,
        type: FORM,
        text: new URLSearchParams(prodCreation(17, 'ES-OK')).toString(),
        status: 200,
        responseType: 'text/plain',
        response: prodCheckout(17),
      },
      {
        method: 'POST',
        url: PHP,
        type: FORM,
        text: new URLSearchParams(prodCreation(17, 'ES-BAD', { currency: 'USD' })).toString(),
        status: 422,
        response: JSON.stringify({ error: { code: 'CURRENCY_NOT_ALLOWED', message: 'x' } }),
      },
    ];
    const c = await f.open('replay', { lang: 'es' });
    await c.page.setViewportSize({ width: 800, height: 900 });
    const r = replayPage(c.page);
    await r
      .harFile()
      .setInputFiles({ name: 'es.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(chromeHar(calls))) });
    await r.notificationsFile().setInputFiles({
      name: 'n.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([{ trans_ID: 'ES-OK', rejection_code: 'R05', rejection_message: 'Fondos insuficientes' }])),
    });
    await r.run().click();
    await r.report().waitFor({ timeout: 60_000 });
    expect(await r.skipText(0).textContent()).toContain('la página de pago del propio servicio');
    expect(await r.productionAnswer(2).textContent()).toBe('422 CURRENCY_NOT_ALLOWED');
    expect(await r.sandboxAnswer(2).textContent()).toBe('400 INVALID_CURRENCY_CHANNEL');
    expect(await r.rejectionCodes().textContent()).toBe('R05');
    await r.driftToggle(2).click();
    expect(await r.driftItems().first().textContent()).toContain('producción respondió 422');
    expect(await r.bodies().first().getAttribute('open')).toBeNull();
    await r.driftOnly().check();
    expect(await r.entries().count()).toBe(1);
    // Nothing wider than the window: wide tables scroll inside their panel.
    const overflow = Number(await c.page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
