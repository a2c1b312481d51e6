import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { startSandbox } from '../helpers/sandbox.js';
import { consoleDir, hasChromium, launch } from './pages/console-browser.js';

// A shared team sandbox, in a real browser. The browser plays a colleague's machine:
// it reaches the console by a name that is not loopback, which chromium resolves to 127.0.0.1 (no
// traffic leaves loopback); the control guard treats a non-loopback Host like a non-loopback client.
const TOKEN = 'browser-team-token-5e1d';
const NAME = 'sandbox.team.example';
const SHOTS = '/tmp/shots/console';

describe.skipIf(!hasChromium)('console on a shared sandbox, from another machine', () => {
  let sb: Awaited<ReturnType<typeof startSandbox>>;
  let browser: Browser;
  let base = '';
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    sb = await startSandbox({ consoleDir: consoleDir(), controlToken: TOKEN });
    browser = await launch([`--host-resolver-rules=MAP ${NAME} 127.0.0.1`]);
    base = `http://${NAME}:${new URL(sb.url).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await sb?.stop();
  });

  it('asks for the token once, then works with its live stream for the rest of the browser session', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(base + '/');
    const prompt = page.getByTestId('token-prompt');
    await prompt.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('live-status').getAttribute('data-connected')).toBe('false');

    await page.getByTestId('token-input').fill('not-the-token');
    await page.getByTestId('token-submit').click();
    await page.getByTestId('token-refused').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/shared-token-prompt.png` });

    await page.getByTestId('token-input').fill(TOKEN);
    await page.getByTestId('token-submit').click();
    // The page reloads with its session: the live stream connects and screens load.
    await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor({ timeout: 30_000 });
    expect(await prompt.count()).toBe(0);

    // The live stream carries the session: an operation made now shows up without a reload.
    await page.goto(base + '/#/operations');
    const before = await page.locator('body').innerText();
    expect(before).not.toContain('SHARED-LIVE-1');
    await createPayment(sb.url, 17, { trans_id: 'SHARED-LIVE-1' });
    await page.getByText('SHARED-LIVE-1').first().waitFor({ timeout: 30_000 });

    // A second tab of the same browser session is not asked again; page scripts never see the
    // session or the token.
    const second = await context.newPage();
    await second.goto(base + '/');
    await second.locator('[data-testid="live-status"][data-connected="true"]').waitFor({ timeout: 30_000 });
    expect(await second.getByTestId('token-prompt').count()).toBe(0);
    const visible = String(
      await second.evaluate('document.cookie + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })'),
    );
    expect(visible).not.toContain(TOKEN);
    expect(visible).not.toContain('sandbox_console');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
