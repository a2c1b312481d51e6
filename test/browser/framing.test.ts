// Another origin cannot frame the console, can frame a checkout page (merchants embed
// it), and the checkout page runs under its Content-Security-Policy without a violation.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCheckout } from '../checkout/support.js';
import { startSandbox } from '../helpers/sandbox.js';
import { openCheckout, sel } from './pages/checkout.js';
import { consoleDir, hasChromium, launch } from './pages/console-browser.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let browser: Browser;
let embedder: Server;
let embedderUrl = '';
let framed = { console: '', checkout: '' };

describe.skipIf(!hasChromium)('framing and the checkout CSP', () => {
  beforeAll(async () => {
    sb = await startSandbox({ consoleDir: consoleDir() });
    browser = await launch();
    // A page on another origin (another port) that frames whatever `framed` names.
    embedder = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<iframe name="console" src="${framed.console}" width="800" height="400"></iframe>` +
          `<iframe name="checkout" src="${framed.checkout}" width="400" height="800"></iframe>`,
      );
    });
    await new Promise<void>((r) => embedder.listen(0, '127.0.0.1', r));
    embedderUrl = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => embedder?.close(r));
    await sb?.stop();
  });

  it('refuses to be framed as the console, and is framed as a checkout page that works', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'wallet_push' });
    framed = { console: `${sb.url}/#/operations`, checkout: c.address };
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const loaded = Promise.all(['console', 'checkout'].map((n) => page.waitForEvent('framenavigated', (f: Frame) => f.name() === n)));
      await page.goto(embedderUrl);
      await loaded;
      const checkout = page.frame({ name: 'checkout' })!;
      await checkout.waitForSelector(sel.waiting);
      // The console's frame never holds the console: Chromium shows its error page instead.
      const consoleFrame = page.frame({ name: 'console' })!;
      await expect.poll(() => consoleFrame.url()).not.toContain(sb.url);
      expect(await consoleFrame.evaluate('document.getElementById("root") === null')).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('runs a checkout page under its CSP without a single violation', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'wallet_push' });
    const head = await fetch(c.address);
    expect(head.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(head.headers.get('x-frame-options')).toBeNull();
    const p = await openCheckout(browser, c.address);
    const violations: string[] = [];
    p.page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    try {
      await p.page.reload();
      await p.page.waitForSelector(sel.waiting);
      // The page's own script runs: its countdown ticks.
      await expect(p.page.textContent(sel.countdown)).resolves.toMatch(/^\d+:\d\d$/);
      // An inline script is refused.
      const ran = await p.page.evaluate(
        "(() => { const s = document.createElement('script'); s.textContent = 'window.inlineRan = true'; " +
          'document.body.append(s); return window.inlineRan === true; })()',
      );
      expect(ran).toBe(false);
      expect(violations.length).toBe(1);
    } finally {
      await p.close();
    }
  });

  it('the console page says it must not be framed', async () => {
    const r = await fetch(`${sb.url}/`);
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});
