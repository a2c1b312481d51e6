import { networkInterfaces } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFields } from '../helpers/payments.js';
import { DEMO, startSandbox } from '../helpers/sandbox.js';
import { consoleDir, hasChromium, launch } from './pages/console-browser.js';
import { consolePage } from './pages/console.js';
import { runCopiedCurl } from './pages/copied-curl.js';

// A colleague opens a shared sandbox over plain http from another machine. That origin is not
// secure, so the browser offers neither crypto.subtle nor navigator.clipboard; every console feature
// that signs (the overview's curl, "Copy creation as curl", the signature inspector) still works.
const TOKEN = 'insecure-origin-token-7c2a';
/** This machine's first non-loopback IPv4 address: the browser reaches the sandbox as a LAN client would. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
/** Without one, a name chromium maps to loopback is just as untrustworthy an origin. */
const NAME = 'sandbox.colleague.example';

/** What a copy button put on the clipboard, read from the copy event (page scripts may not read it here). */
const COPY_SPY = `document.addEventListener('copy', (e) => {
  const t = e.target instanceof HTMLTextAreaElement ? e.target : document.activeElement;
  window.__copied = t && 'value' in t ? t.value.slice(t.selectionStart, t.selectionEnd) : String(getSelection());
}, true);`;

async function copied(page: Page, button: ReturnType<Page['getByTestId']>): Promise<string> {
  await page.evaluate('window.__copied = ""');
  await button.click();
  await page.waitForFunction('window.__copied !== ""', undefined, { timeout: 30_000 });
  return String(await page.evaluate('window.__copied'));
}

describe.skipIf(!hasChromium)('the console on a non-secure origin (plain http from another machine)', () => {
  let sb: Awaited<ReturnType<typeof startSandbox>>;
  let browser: Browser;
  let base = '';
  beforeAll(async () => {
    sb = await startSandbox({ consoleDir: consoleDir(), controlToken: TOKEN, host: lanAddress ? '0.0.0.0' : '127.0.0.1' });
    const port = new URL(sb.url).port;
    browser = await launch(lanAddress ? [] : [`--host-resolver-rules=MAP ${NAME} 127.0.0.1`]);
    base = `http://${lanAddress ?? NAME}:${port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await sb?.stop();
  });

  it('signs the overview curl, copies a creation as curl and inspects a signature', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript(`localStorage.setItem('pasarela.lang', 'en'); ${COPY_SPY}`);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(base + '/');
      expect(await page.evaluate('[window.isSecureContext, typeof crypto.subtle]')).toEqual([false, 'undefined']);
      await page.getByTestId('token-input').fill(TOKEN);
      await page.getByTestId('token-submit').click();
      await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor({ timeout: 30_000 });
      const c = consolePage(page, base);

      // Overview, no operations yet: the teaching curl is signed in the page and creates a payment.
      await page.getByTestId('demo-curl').waitFor({ timeout: 30_000 });
      const demo = await copied(page, c.copyDemoCurl());
      const created = await runCopiedCurl(demo);
      expect([created.status, await created.text()]).toEqual([200, expect.stringContaining('/check-out/')]);

      // That operation's "Copy creation as curl" re-signs with a fresh time; pasted, it is accepted.
      await page.goto(base + '/#/operations');
      await c.opRows().first().click();
      await c.detail().waitFor();
      const again = await copied(page, page.getByTestId('action-copy-curl'));
      expect((await runCopiedCurl(again)).status).toBe(200);

      // The signature inspector hashes what is pasted and finds the signature matches.
      await page.goto(base + '/#/tools');
      await c.sigMerchant().selectOption(DEMO.public_key);
      await c.sigInput().fill(new URLSearchParams(paymentFields(17)).toString());
      await page.locator('[data-testid="sig-verdict"][data-match="true"]').waitFor({ timeout: 30_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
