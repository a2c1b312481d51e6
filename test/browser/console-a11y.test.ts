import { beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_IDS } from '../../server/contract/common.js';
import { newCheckout } from '../checkout/support.js';
import { startReceiver } from '../helpers/receiver.js';
import { seriousViolations, type AxeFinding } from './pages/axe.js';
import { MERCHANT, openCheckout } from './pages/checkout.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { hashOf, SCREENS, seedSandbox, type Seeded } from './pages/seed.js';

/** Opens every collapsed part (the panel's rejection fields) so the audit sees them too. */
const openDetails = `document.querySelectorAll('details').forEach((d) => (d.open = true))`;

describe.skipIf(!hasChromium)('accessibility audit (axe-core): no serious or critical violation', () => {
  const f = useConsoleFixture();
  let seeded: Seeded;
  beforeAll(async () => {
    const receiver = await startReceiver({ status: 200, body: 'ok' });
    seeded = await seedSandbox(f.sb.url, receiver.url + '/notify');
  }, 60_000);

  for (const lang of ['en', 'es'] as const)
    for (const theme of ['light', 'dark'] as const)
      it(`every console screen, ${lang}, ${theme} theme, with the reject dialog open`, async () => {
        const c = await f.open('', { lang });
        if ((await c.page.getAttribute('html', 'data-theme')) !== theme) await c.themeToggle().click();
        expect(await c.page.getAttribute('html', 'data-theme')).toBe(theme);
        expect(await c.page.getAttribute('html', 'lang')).toBe(lang);
        const found: Record<string, AxeFinding[]> = {};
        for (const screen of SCREENS) {
          await c.goto(hashOf(screen, seeded));
          await c.page.waitForFunction(`!document.querySelector('.loading')`);
          const v = await seriousViolations(c.page);
          if (v.length) found[screen] = v;
        }
        await c.goto(`operations/${seeded.pendingId}`);
        await c.action('reject').click();
        await c.rejectSubmit().waitFor();
        const dialog = await seriousViolations(c.page);
        if (dialog.length) found['reject dialog'] = dialog;
        expect(found).toEqual({});
      }, 90_000);

  it('every channel’s checkout page with its sandbox outcome panel, at 1280 px and at 320 px without sideways scrolling', async () => {
    const found: Record<string, AxeFinding[]> = {};
    const overflow: Record<string, number> = {};
    for (const channel of CHANNEL_IDS) {
      const c = await newCheckout(f.sb.url, channel);
      const p = await openCheckout(f.browser, c.address, { width: 1280, height: 800 });
      try {
        await p.page.getByTestId('sandbox-panel').waitFor();
        await p.page.evaluate(openDetails);
        const v = await seriousViolations(p.page);
        if (v.length) found[`channel ${channel}`] = v;
        await p.page.setViewportSize({ width: 320, height: 640 });
        const over = Number(await p.page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
        if (over > 0) overflow[`channel ${channel}`] = over;
        expect(p.errors).toEqual([]);
      } finally {
        await p.close();
      }
    }
    expect(found).toEqual({});
    expect(overflow).toEqual({});
  }, 120_000);

  it('the outcome shown after the sandbox panel rejects a payment', async () => {
    const c = await newCheckout(f.sb.url, 36, { filter_by: 'card' });
    const p = await openCheckout(f.browser, c.address, { width: 390, height: 844 });
    // The result page sends the shopper on to the merchant after a few seconds: stay on it for the audit.
    await p.page.route(`${MERCHANT}/**`, (r) => r.abort());
    try {
      await p.page.evaluate(openDetails);
      await p.page.fill('#rejection_code', 'R01');
      await Promise.all([p.page.waitForLoadState('load'), p.page.getByTestId('panel-rejected').click()]);
      await p.page.locator('[data-testid="result"], [data-testid="closed-status"]').first().waitFor();
      expect(await seriousViolations(p.page)).toEqual([]);
    } finally {
      await p.close();
    }
  }, 60_000);
});
