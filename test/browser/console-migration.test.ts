import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { control, DEMO } from '../helpers/sandbox.js';
import { client2018Fields, formPost, plugin2019Fields } from '../protocol/clients.js';
import { seriousViolations } from './pages/axe.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { migrationPage } from './pages/console-migration.js';

const keys = { publicKey: DEMO.public_key, secret: DEMO.secret_key };

describe.skipIf(!hasChromium)('console: a merchant’s migration to the current request format', () => {
  const f = useConsoleFixture();

  it('lists each shape seen with its changes and dry run, exports Markdown, and switches the merchant to legacy', async () => {
    const hostile = '<img src=x onerror=alert(1)>|**';
    await formPost(
      `${f.sb.url}/justpay/check-out/SecurePayment`,
      plugin2019Fields({ ...keys, channel: '1', fields: { name_shopper: hostile } }),
    );
    await formPost(`${f.sb.url}/justpay/check-out/SecurePayment`, client2018Fields({ ...keys, channel: '4', fields: { curency: 'CLP' } }));
    const c = await f.open(`migration/${DEMO.public_key}`, { lang: 'es' });
    const m = migrationPage(c.page);
    await m.shapes().first().waitFor();
    expect(await m.shapes().count()).toBe(2);
    expect(await m.change('curency').locator('td').nth(2).textContent()).toBe('currency');
    expect(await m.shape('2019').locator('[data-testid="migration-equivalent"]').textContent()).toContain('17 (bankredirect)');
    expect(await m.shape('2019').getByTestId('migration-verified').getAttribute('data-status')).toBe('200');
    expect(await c.page.textContent('h1')).toBe('Migración');
    expect(await seriousViolations(c.page)).toEqual([]);
    if (process.env.SHOT_DIR) await c.page.screenshot({ path: `${process.env.SHOT_DIR}/migration.png`, fullPage: true });

    const [md] = await Promise.all([c.page.waitForEvent('download'), m.exportMarkdown().click()]);
    const markdown = readFileSync((await md.path())!, 'utf8');
    expect(markdown).toMatch(/^# Migration to the current request format/);
    expect(markdown).toContain('## 1. 2018 request format');
    // What a client sent is escaped: no live tag, no table broken by its pipe.
    expect(markdown).not.toMatch(/(^|[^\\])<img/m);
    expect(markdown).toContain('\\<img');
    expect(markdown).toContain('\\|\\*\\*');

    expect(await m.protocol().getAttribute('data-protocol')).toBe('current');
    await m.toggleProtocol().click();
    await c.page.locator('[data-testid="migration-protocol"][data-protocol="legacy"]').waitFor();
    const demo = (await control(f.sb).listMerchants()).items.find((x) => x.public_key === DEMO.public_key)!;
    expect([demo.protocol, demo.notification_signature_layout]).toEqual(['legacy', 'legacy']);

    // Served now, and the operation is marked with its format.
    const paid = plugin2019Fields({ ...keys, channel: '2' });
    expect((await formPost(`${f.sb.url}/justpay/check-out/SecurePayment`, paid)).status).toBe(200);
    await c.goto(`operations/${await f.opIdOf(paid.trans_id!)}`);
    await m.protocolLabel().waitFor();
    expect(await m.protocolLabel().textContent()).toBe('formato 2019 · canal 2');
    await control(f.sb).updateMerchant({
      public_key: DEMO.public_key,
      body: { protocol: 'current', notification_signature_layout: 'standard' },
    });
  });
});
