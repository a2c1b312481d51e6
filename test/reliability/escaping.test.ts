import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { answer, control, startSandbox } from '../helpers/sandbox.js';
import { consoleDir, hasChromium, launch, openConsole } from '../browser/pages/console-browser.js';
import type { Running } from './support.js';

/** Runs script if any page inserts it as markup; sets a global the test then looks for. */
const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;

let sb: Running;
let browser: Browser | undefined;
let merchant: { public_key: string; secret_key: string };
const pages: { id: number; url: string; channel: number }[] = [];

beforeAll(async () => {
  sb = await startSandbox(hasChromium ? { consoleDir: consoleDir() } : {});
  const m = await answer(sb, 'createMerchant', { body: { name: `Tienda ${XSS}` } });
  expect(m.status).toBe(201);
  merchant = m.data;
  for (const channel of [41, 36, 17, 5]) {
    const p = await createPayment(
      sb.url,
      channel,
      { public_key: merchant.public_key, trans_id: `T${XSS}` },
      { secret: merchant.secret_key, shopper: { name_shopper: XSS, last_name_Shopper: XSS } },
    );
    const list = await control(sb).listOperations({ query: { channel, limit: 1 } });
    pages.push({ id: list.items[0]!.id, url: p.text, channel });
  }
  if (hasChromium) browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await sb.stop();
});

describe('shopper and merchant data with markup in it', () => {
  it('is escaped in the HTML of the checkout pages', async () => {
    for (const p of pages) {
      const html = await (await fetch(p.url)).text();
      expect(html, `channel ${p.channel}`).not.toContain('<script>window.__xss');
      expect(html, `channel ${p.channel}`).not.toContain('<img src=x');
    }
    // Channel 41 shows the merchant's business name as the account holder.
    const ch41 = await (await fetch(pages[0]!.url)).text();
    expect(ch41).toContain('&lt;script&gt;window.__xss=2&lt;/script&gt;');
  });

  it.skipIf(!hasChromium)('runs no script on the checkout pages in a browser', async () => {
    const ctx = await browser!.newContext();
    try {
      const page = await ctx.newPage();
      for (const p of pages) {
        await page.goto(p.url);
        await page.waitForLoadState('load');
        expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss), `channel ${p.channel}`).toBeUndefined();
      }
    } finally {
      await ctx.close();
    }
  });

  it.skipIf(!hasChromium)(
    'is shown as text in the console list and detail, and runs no script',
    async () => {
      const { context, page } = await openConsole(browser!, sb.url);
      try {
        await page.goto(`${sb.url}/#/operations`);
        await page.getByText(`T${XSS}`).first().waitFor({ timeout: 10_000 });
        await page.goto(`${sb.url}/#/operations/${pages[0]!.id}`);
        await page.getByText(`T${XSS}`).first().waitFor({ timeout: 10_000 });
        await page.goto(`${sb.url}/#/merchants`);
        await page.getByText(`Tienda ${XSS}`).first().waitFor({ timeout: 10_000 });
        expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
        expect(await page.locator('img[src="x"]').count()).toBe(0);
      } finally {
        await context.close();
      }
    },
    30_000,
  );
});
