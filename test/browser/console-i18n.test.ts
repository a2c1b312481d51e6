import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/sandbox.js';
import { paymentFields } from '../helpers/payments.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';

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

  it('shows the signature inspector in Spanish: its rows, layouts, diagnosis and parse error', async () => {
    const c = await f.open('tools');
    await c.langSwitch().selectOption('es');
    await c.sigInspector().locator('h2', { hasText: 'Inspector de firmas' }).waitFor();
    await c.sigMerchant().selectOption(DEMO.public_key);
    // Signed with amount "10.50", pasted with "10.5": the inspector finds the two-decimals mistake.
    const signed = paymentFields(17, { amount: '10.50' });
    await c.sigInput().fill(new URLSearchParams({ ...signed, amount: '10.5' }).toString());
    await c.sigDiagnosis().waitFor();
    expect(await c.sigDiagnosis().textContent()).toBe('Coincide cuando amount va con dos decimales: "10.50".');
    expect(await c.sigVerdict().textContent()).toContain('no coincide');
    expect(await c.sigInspector().locator('th', { hasText: /^\+ / }).textContent()).toBe('+ clave secreta');
    if (process.env.SHOTS_DIR) await c.sigInspector().screenshot({ path: `${process.env.SHOTS_DIR}/signature-inspector-es.png` });
    await c.sigMode('notification').click();
    expect(await c.sigLayout().locator('option').allTextContents()).toEqual(['estándar', 'legacy (public_key primero)']);
    await c.sigInput().fill('{"amount": "10.50",');
    expect(await c.sigParseError().textContent()).toMatch(/^No se puede leer el JSON pegado: \S/);
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
    // Pasted into a shell as it is: the answer is the checkout address, on a line of its own.
    const out = await new Promise<string>((resolve, reject) =>
      execFile('bash', ['-c', curl], (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    expect(out, curl).toMatch(new RegExp(`^${f.sb.url}/check-out/\\?channel=17&tokenID=\\w+&platform=1\\n$`));
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
