import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCheckout } from '../checkout/support.js';
import { api, control, startSandbox } from '../helpers/sandbox.js';
import { consoleDir, hasChromium, launch, openConsole } from './pages/console-browser.js';

// Addresses stored as hostile values straight in the data dir (as an old data dir, a bundle or a
// scenario might hold them, whatever the import checks say): no page of the sandbox or its console
// links or navigates to anything but http(s). Each hostile script would retitle the page if it ran.
const MARK = 'HOSTILE-RAN';
const HOSTILE = `javascript:document.title=${JSON.stringify(MARK)}`;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

type Sb = Awaited<ReturnType<typeof startSandbox>>;

/** Overwrites an operation's return addresses and detail strings in SQLite, past every API check. */
function storeHostile(sb: Sb, id: number, cols: { url_ok?: string; url_error?: string; details?: Record<string, string> }) {
  sb.ctx.store.diagnostics.overwriteOperation(id, cols);
}

/** Resolves once the page's status poll has answered `n` more times (each poll starts after the last one's handling ended). */
const polls = (page: Page, n: number) =>
  new Promise<void>((resolve) => {
    let left = n;
    const on = (r: { url(): string }) => {
      if (!r.url().includes('/check-out/status')) return;
      if (--left === 0) (page.off('response', on), resolve());
    };
    page.on('response', on);
  });

describe.skipIf(!hasChromium)('no javascript: or other non-http(s) address is followed or linked', () => {
  let sb: Sb;
  let browser: Browser;
  beforeAll(async () => {
    sb = await startSandbox({ consoleDir: consoleDir() });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await sb?.stop();
  });

  it('checkout: a confirmed payment whose url_ok is javascript: ends on the sandbox result page, with no link back', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'wallet_push' });
    storeHostile(sb, c.id, { url_ok: HOSTILE });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(c.address);
      await page.waitForSelector('[data-testid="waiting"]');
      await control(sb).confirmOperation({ id: c.id });
      await page.waitForURL(/done=1/, { timeout: 15_000 });
      await page.waitForSelector('[data-testid="no-return-url"]');
      expect(await page.locator('[data-testid="back-to-merchant"]').count()).toBe(0);
      expect(await page.locator('body').getAttribute('data-redirect-to')).toBeNull();
      expect(await page.content()).not.toContain('javascript:');
      expect(await page.title()).not.toBe(MARK);
      const status = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
      expect(status.body).toMatchObject({ status: 'confirmed', redirect: null });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('checkout: a channel-35 javascript: deeplink is never followed on mobile; the hop goes to the simulated bank app', async () => {
    const c = await newCheckout(sb.url, 35);
    storeHostile(sb, c.id, { details: { deeplink_url: `${HOSTILE}//check-out/` } });
    const context = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(c.address);
      const href = await page.getAttribute('[data-testid="deeplink"]', 'href');
      expect(href).toMatch(/^\/check-out\/\?.*m=bank/);
      // The page hops on its own after a moment: it lands on this sandbox's bank app.
      await page.waitForURL(/m=bank/, { timeout: 15_000 });
      await page.waitForSelector('[data-testid="bank-page"]');
      expect(await page.title()).not.toBe(MARK);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('checkout.js refuses a non-http(s) redirect even when the status answer carries one', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'wallet_push' });
    const context = await browser.newContext();
    // The one place a hostile answer is played to the page: the script's own guard is what is tested.
    await context.route('**/check-out/status*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ status: 'confirmed', redirect: HOSTILE, follow: true, now: Date.now(), expires_at: Date.now() + 600_000 }),
      }),
    );
    const page = await context.newPage();
    const navigations: string[] = [];
    try {
      await page.goto(c.address);
      page.on('framenavigated', (f) => navigations.push(f.url()));
      // Two answers handled: the first one's go() has run before the second poll starts.
      await polls(page, 2);
      expect(await page.title()).not.toBe(MARK);
      expect(navigations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('console: an operation whose checkout address is javascript: or data: shows no link for it', async () => {
    const good = await newCheckout(sb.url, 17);
    const bad = await newCheckout(sb.url, 17);
    const data = await newCheckout(sb.url, 17);
    storeHostile(sb, bad.id, { details: { checkout_url: HOSTILE } });
    storeHostile(sb, data.id, { details: { checkout_url: 'data:text/html,<script>alert(1)</script>' } });
    const { context, page, errors } = await openConsole(browser, sb.url);
    try {
      const checkoutLink = async (id: number) => {
        await page.goto(`${sb.url}/#/operations/${id}`);
        const link = page.getByTestId('action-checkout');
        await link.waitFor();
        return { tag: await link.evaluate((e) => e.tagName), href: await link.getAttribute('href') };
      };
      expect(await checkoutLink(good.id)).toEqual({ tag: 'A', href: good.address });
      for (const op of [bad, data]) {
        expect(await checkoutLink(op.id)).toEqual({ tag: 'SPAN', href: null });
        expect(await page.locator('a[href^="javascript:"], a[href^="data:"]').count()).toBe(0);
      }
      expect(await page.title()).not.toBe(MARK);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
