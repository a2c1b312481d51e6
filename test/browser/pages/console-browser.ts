import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../../../server/paths.js';

export const CHROMIUM = '/usr/bin/chromium';
/** Browser tests need Debian's chromium; without it they are skipped with this reason. */
export const hasChromium = existsSync(CHROMIUM);
// CI installs chromium (.ci/run): there a missing browser is a failure, never a silent skip.
if (!hasChromium && process.env.CI) throw new Error(`${CHROMIUM} is absent on CI: .ci/run must install Debian's chromium`);
if (!hasChromium) console.warn(`[browser tests] skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

/** The built console (`npx vite build`; `npm test` builds it first). */
export function consoleDir(): string {
  const dir = join(projectRoot(), 'dist', 'renderer');
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`the console is not built: run "npx vite build" (no ${dir}/index.html)`);
  return dir;
}

/** Chromium as every browser test runs it; `extraArgs` add switches (a host-resolver rule, say). */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}

export const SIZES = { small: { width: 1280, height: 800 }, large: { width: 1920, height: 1080 } } as const;

/**
 * A page on the console that records console errors (contract drift is logged as an error) and
 * uncaught exceptions, so a test can assert the UI ran clean.
 */
export async function openConsole(
  browser: Browser,
  baseUrl: string,
  opts: { size?: keyof typeof SIZES; lang?: 'en' | 'es'; live?: boolean } = {},
) {
  const context: BrowserContext = await browser.newContext({ viewport: SIZES[opts.size ?? 'small'], locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const lang = opts.lang ?? 'en';
  await context.addInitScript(
    `if (!localStorage.getItem('pasarela.lang')) localStorage.setItem('pasarela.lang', ${JSON.stringify(lang)});`,
  );
  // Without the live stream the page only changes when the test acts (no race with server events).
  if (opts.live === false) await context.route('**/sandbox/v1/events', (r) => r.abort());
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(baseUrl + '/');
  return { context, page, errors };
}
