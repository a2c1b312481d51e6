// `npm run screenshots`: regenerates the pictures under docs/images/ from a freshly seeded sandbox,
// with the built console (npm run build:console first) and Debian's chromium. Each picture is
// re-encoded at the highest compression and must stay under MAX_BYTES, or the script fails.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../server/paths.js';
import { newCheckout } from '../checkout/support.js';
import { startReceiver } from '../helpers/receiver.js';
import { startSandbox } from '../helpers/sandbox.js';
import { openCheckout } from './pages/checkout.js';
import { consoleDir, launch, openConsole } from './pages/console-browser.js';
import { consolePage, VIEWPORTS } from './pages/console.js';
import { morePage } from './pages/console-more.js';
import { seedSandbox } from './pages/seed.js';

export const MAX_BYTES = 200 * 1024;
const OUT = join(projectRoot(), 'docs', 'images');

/**
 * Writes a screenshot re-encoded for size: the two low bits of each colour channel dropped (64 levels
 * a channel, invisible on UI pictures, far longer runs for deflate), maximum deflate, adaptive
 * filtering, no alpha. Fails above MAX_BYTES.
 */
function save(name: string, shot: Buffer): void {
  const png = PNG.sync.read(shot);
  for (let i = 0; i < png.data.length; i++) if (i % 4 !== 3) png.data[i] = png.data[i]! & 0xfc;
  const small = PNG.sync.write(png, { deflateLevel: 9, filterType: -1, colorType: 2 });
  const bytes = small.length < shot.length ? small : shot;
  if (bytes.length > MAX_BYTES) throw new Error(`${name}: ${bytes.length} bytes, over the ${MAX_BYTES}-byte limit`);
  writeFileSync(join(OUT, name), bytes);
  console.log(`docs/images/${name}  ${png.width}×${png.height}  ${Math.round(bytes.length / 1024)} KB`);
}

const settle = (page: Page) => page.waitForFunction(`!document.querySelector('.loading')`);

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const sb = await startSandbox({ consoleDir: consoleDir() });
  const receiver = await startReceiver({ status: 200, body: 'ok' });
  const browser = await launch();
  try {
    const seeded = await seedSandbox(sb.url, receiver.url + '/notify');
    const { page, context } = await openConsole(browser, sb.url, { lang: 'en' });
    const c = consolePage(page, sb.url);
    await c.waitLive();

    await c.goto('overview');
    await settle(page);
    save('overview.png', await page.screenshot());

    // The operation with its delivered notification and the first attempt opened.
    await page.setViewportSize({ width: 1200, height: 1240 });
    await c.goto(`operations/${seeded.opId}`);
    await c.notificationByStatus('delivered').waitFor();
    await c.tid('attempt-toggle').first().click();
    await c.attempts().first().filter({ hasText: 'ok' }).waitFor();
    await page.mouse.move(0, 0);
    save('operation.png', await page.screenshot());

    await page.setViewportSize(VIEWPORTS.laptop);
    await c.goto('spei');
    await c.speiRows().first().waitFor();
    save('spei.png', await page.screenshot());

    const m = morePage(page);
    await c.goto('scenarios');
    await m.lessonRow('ch17-success').click();
    await m.lessonStart().click();
    await m.player().waitFor();
    for (const n of [1, 2]) {
      await m.playerNext().click();
      await page.waitForFunction(`document.querySelector('[data-testid="player-progress"]')?.textContent?.startsWith('${n} of')`);
    }
    await page.mouse.move(0, 0);
    save('scenario-player.png', await page.screenshot());

    await page.setViewportSize(VIEWPORTS.phone);
    await c.goto(`operations/${seeded.pendingId}`);
    await c.detailWithStatus('pending').waitFor();
    save('operation-phone.png', await page.screenshot());
    await context.close();

    for (const channel of [17, 41]) {
      const op = await newCheckout(sb.url, channel, { amount: channel === 41 ? '1500.50' : '24990' });
      const p = await openCheckout(browser, op.address, VIEWPORTS.laptop);
      await p.page.getByTestId('sandbox-panel').waitFor();
      save(`checkout-${channel}.png`, await p.page.screenshot());
      await p.close();
    }
  } finally {
    await browser.close();
    await receiver.close();
    await sb.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

/** The pictures this script writes, for the docs test. */
export const PICTURES = [
  'overview.png',
  'operation.png',
  'spei.png',
  'scenario-player.png',
  'operation-phone.png',
  'checkout-17.png',
  'checkout-41.png',
];
export const picturePath = (name: string): string => join(OUT, name);
export const pictureBytes = (name: string): number => readFileSync(picturePath(name)).length;
