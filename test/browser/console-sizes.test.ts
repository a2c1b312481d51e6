import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { startReceiver } from '../helpers/receiver.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { VIEWPORTS, type ConsolePage } from './pages/console.js';
import { hashOf, KEY_PARTS, SCREENS, seedSandbox, type Seeded } from './pages/seed.js';

const SHOTS = '/tmp/shots/sizes';

/** Sideways overflow of the page and of its scrolling content area, in pixels. */
const overflowOf = (c: ConsolePage) =>
  c.page.evaluate(`(() => {
    const content = document.querySelector('.content');
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, content ? content.scrollWidth - content.clientWidth : 0);
  })()`) as Promise<number>;

/** Selectors whose first match is missing, hidden, or not wholly inside the viewport's width. */
const clipped = (c: ConsolePage, selectors: string[]) =>
  c.page.evaluate(`(${JSON.stringify(selectors)}).filter((s) => {
    const el = document.querySelector(s);
    if (!el) return true;
    const r = el.getBoundingClientRect();
    return r.width === 0 || r.left < 0 || r.right > window.innerWidth;
  })`) as Promise<string[]>;

async function visit(c: ConsolePage, hash: string): Promise<void> {
  await c.goto(hash);
  await c.page.waitForFunction(`!document.querySelector('.loading')`);
}

describe.skipIf(!hasChromium)('console at every size', () => {
  const f = useConsoleFixture();
  let seeded: Seeded;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const receiver = await startReceiver({ status: 200, body: 'ok' });
    seeded = await seedSandbox(f.sb.url, receiver.url + '/notify');
  }, 60_000);

  for (const lang of ['en', 'es'] as const)
    it(`at the window’s minimum (800×560) every screen shows its key columns and actions, no sideways scrolling (${lang})`, async () => {
      const c = await f.open('', { lang });
      await c.page.setViewportSize(VIEWPORTS.min);
      const problems: Record<string, unknown> = {};
      for (const screen of SCREENS) {
        await visit(c, hashOf(screen, seeded));
        await c.page.waitForSelector(KEY_PARTS[screen][0]!);
        const over = await overflowOf(c);
        const cut = await clipped(c, KEY_PARTS[screen]);
        if (over > 0 || cut.length) problems[screen] = { over, cut };
      }
      expect(problems).toEqual({});
    }, 60_000);

  it('the request log keeps its status (with the diagnosis mark) and ms columns inside the list at 1280 and at 800 px', async () => {
    // A refused signature: its row carries the drawn diagnosis mark.
    await postPayment(f.sb.url, { ...paymentFields(17), signature: 'f'.repeat(64) });
    const c = await f.open('requests');
    const marked = c.page.locator('[data-testid="request-row"]', { has: c.tid('diagnosis-mark') }).first();
    for (const size of [VIEWPORTS.laptop, VIEWPORTS.min]) {
      await c.page.setViewportSize(size);
      await marked.waitFor();
      const fit = (await c.page.evaluate(`(() => {
        const list = document.querySelector('.split-list');
        const box = list.getBoundingClientRect();
        const row = document.querySelector('[data-testid="diagnosis-mark"]').closest('tr');
        const mark = row.querySelector('svg').getBoundingClientRect();
        return {
          sideways: list.scrollWidth - list.clientWidth,
          outside: [...row.cells].filter((td) => td.getBoundingClientRect().right > box.right + 0.5).map((td) => td.cellIndex),
          mark: mark.width > 0 && mark.height > 0,
        };
      })()`)) as { sideways: number; outside: number[]; mark: boolean };
      expect(fit, `${size.width}×${size.height}`).toEqual({ sideways: 0, outside: [], mark: true });
      expect(await marked.locator('td').last().textContent()).toMatch(/^\d+$/);
    }
  });

  it('the sidebar is a rail at 800 px and the operator can expand it; the choice is remembered', async () => {
    const c = await f.open('operations');
    await c.page.setViewportSize(VIEWPORTS.min);
    const width = () => c.page.evaluate(`document.querySelector('.sidebar').getBoundingClientRect().width`) as Promise<number>;
    // The rail follows a media query: React re-renders after the resize event, so wait for what it renders.
    const widthBecomes = (test: string) =>
      c.page.waitForFunction(`document.querySelector('.sidebar').getBoundingClientRect().width ${test}`, undefined, { timeout: 30_000 });
    await widthBecomes('<= 64');
    expect(await c.tid('nav-toggle').getAttribute('aria-expanded')).toBe('false');
    await c.tid('nav-toggle').click();
    await widthBecomes('>= 200');
    expect(await c.tid('nav-toggle').getAttribute('aria-expanded')).toBe('true');
    await c.page.reload();
    await c.tid('nav-toggle').waitFor();
    expect(await width()).toBeGreaterThanOrEqual(200);
  });

  it('on a 390 px phone an operation reads top to bottom and its actions work', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const c = await f.open('operations');
    await c.page.setViewportSize(VIEWPORTS.phone);
    await c.opRowByTransId(fields.trans_id!).waitFor();
    expect(await clipped(c, KEY_PARTS.operations)).toEqual([]);
    await c.opRowByTransId(fields.trans_id!).click();
    await c.detailWithStatus('pending').waitFor();
    expect(await overflowOf(c)).toBeLessThanOrEqual(0);
    expect(await clipped(c, [...KEY_PARTS.operation, '[data-testid="action-cancel"]', '[data-testid="countdown"]'])).toEqual([]);
    await c.action('confirm').click();
    await c.detailWithStatus('confirmed').waitFor();
  });

  it('takes screenshots of every screen at 800×560, 1280×800 and 390×844 (in /tmp/shots/sizes)', async () => {
    const c = await f.open('');
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await c.page.setViewportSize(size);
      for (const screen of SCREENS) {
        await visit(c, hashOf(screen, seeded));
        await c.page.waitForSelector(KEY_PARTS[screen][0]!);
        await c.page.screenshot({ path: `${SHOTS}/${screen}-${name}-${size.width}x${size.height}.png` });
      }
    }
  }, 90_000);
});
