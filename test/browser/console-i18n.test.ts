import { describe, expect, it } from 'vitest';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { runCopiedCurl } from './pages/copied-curl.js';

describe.skipIf(!hasChromium)('console: language and theme', () => {
  const f = useConsoleFixture();

  it('switches the whole UI to Spanish and keeps the choice after a reload', async () => {
    const c = await f.open('operations');
    expect(await c.nav('operations').textContent()).toContain('Operations');
    await c.langSwitch().selectOption('es');
    expect(await c.nav('operations').textContent()).toContain('Operaciones');
    expect(await c.page.getAttribute('html', 'lang')).toBe('es');
    await c.page.reload();
    await c.waitLive();
    expect(await c.nav('operations').textContent()).toContain('Operaciones');
    expect(await c.liveStatus().getAttribute('title')).toBe('En vivo');
  });

  it('switches between light and dark themes', async () => {
    const c = await f.open('overview');
    const before = await c.page.getAttribute('html', 'data-theme');
    await c.themeToggle().click();
    const after = await c.page.getAttribute('html', 'data-theme');
    expect(new Set([before, after])).toEqual(new Set(['light', 'dark']));
  });

  it('teaches with a working curl when there are no operations yet', async () => {
    const c = await f.open('overview');
    const curl = await c.copyFrom(c.copyDemoCurl());
    const res = await runCopiedCurl(curl);
    expect(res.status, `${await res.text()}\n${curl}`).toBe(200);
    // The new operation replaces the empty state live.
    await c.page.locator('[data-testid="count-total"]', { hasText: /^1$/ }).waitFor();
  });

  it('navigates with the number keys', async () => {
    const c = await f.open('overview');
    await c.page.keyboard.press('8');
    await c.page.waitForFunction(`window.location.hash === '#/tools'`);
    await c.page.keyboard.press('2');
    await c.page.waitForFunction(`window.location.hash === '#/operations'`);
  });
});
