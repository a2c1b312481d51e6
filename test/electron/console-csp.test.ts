// The built console under the desktop window's Content-Security-Policy, in Debian's chromium: the
// header is added exactly as the window's onHeadersReceived hook does (withCsp on each response).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, hasChromium, launch } from '../browser/pages/console-browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originOf, SANDBOX_CSP, withCsp } from '../../electron/guards.js';
import { defaultConsoleDir } from '../../server/paths.js';
import type { Sandbox } from '../../server/sandbox.js';
import { startSandbox } from '../helpers/sandbox.js';

const ready = hasChromium && existsSync(join(defaultConsoleDir(), 'index.html'));
if (!ready) console.warn(`[console CSP test] skipped: needs ${CHROMIUM} and a built console (npm run build:console)`);

let sb: Sandbox & { url: string };
let browser: Browser;

beforeAll(async () => {
  if (!ready) return;
  sb = await startSandbox({ consoleDir: defaultConsoleDir() });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await sb?.stop();
});

/** A page whose documents get the desktop CSP, recording every CSP violation from the first script on. */
async function desktopPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const origin = originOf(sb.url)!;
  const page = await browser.newPage();
  // Browser-side code as strings: the test tsconfig has no DOM types.
  await page.addInitScript({
    content: `window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`,
  });
  // Only documents carry the policy; streams (the live event feed) pass untouched.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const res = await route.fetch();
    const headers = Object.fromEntries(Object.entries(res.headers()).map(([k, v]) => [k, [v]]));
    const out = withCsp(route.request().url(), headers, origin);
    await route.fulfill({ response: res, headers: Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.join(', ')])) });
  });
  const violations = () => page.evaluate<string[]>('window.__violations');
  return { page, violations };
}

describe.skipIf(!ready)('the console in the desktop window', () => {
  it("loads and renders under the desktop CSP without a violation (beyond zod's eval probe)", async () => {
    const { page, violations } = await desktopPage();
    const res = await page.goto(`${sb.url}/`);
    // The server's own frame-ancestors policy and the window's, both enforced.
    expect(res?.headers()['content-security-policy']).toContain(SANDBOX_CSP);
    await page.locator('#root nav, #root [role="navigation"], #root a').first().waitFor({ timeout: 10_000 });
    await page.waitForLoadState('load');
    // A marker violation of our own: reports are delivered in order, so once it is in, every
    // violation of the console's loading before it is too (no fixed sleep).
    await page.evaluate(`(() => { const i = new Image(); i.src = 'http://csp-marker.invalid/x.png'; })()`);
    await page.waitForFunction(`window.__violations.some((v) => v.includes('csp-marker.invalid'))`, undefined, { timeout: 30_000 });
    // zod 4 probes `new Function('')` once, in a try/catch, to pick its fast path; the CSP blocks and
    // reports it, and zod falls back. The renderer can silence it with z.config({ jitless: true }).
    expect((await violations()).filter((v) => v !== 'script-src eval' && !v.includes('csp-marker.invalid'))).toEqual([]);
    await page.close();
  });

  it('the policy is in force: an injected inline script does not run', async () => {
    const { page, violations } = await desktopPage();
    await page.goto(`${sb.url}/`);
    const ran = await page.evaluate<boolean>(`(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.appendChild(s); // an allowed inline script runs right here, synchronously
      return window.__inline === 1;
    })()`);
    expect(ran).toBe(false);
    await page.waitForFunction(`window.__violations.some((v) => v.startsWith('script-src'))`, undefined, { timeout: 30_000 });
    expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
    await page.close();
  });
});
