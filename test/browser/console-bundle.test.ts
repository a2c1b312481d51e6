import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { morePage } from './pages/console-more.js';

describe.skipIf(!hasChromium)('console: export and import', () => {
  const f = useConsoleFixture();

  it('exports the sandbox as a JSON download without secrets by default', async () => {
    await createPayment(f.sb.url, 17);
    const c = await f.open('tools');
    const m = morePage(c.page);
    expect(await m.exportSecrets().isChecked()).toBe(false);
    const [download] = await Promise.all([c.page.waitForEvent('download'), m.exportButton().click()]);
    expect(download.suggestedFilename()).toMatch(/^sandbox-export-\d{4}-\d{2}-\d{2}\.json$/);
    const bundle = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(bundle.format).toBe('pasarela-sandbox-bundle');
    expect(bundle.secrets_included).toBe(false);
    expect(bundle.merchants[0].secret_key).toBeNull();
    expect(bundle.operations.length).toBeGreaterThan(0);
  });

  it('importing an export into the same sandbox reports its rows as skipped', async () => {
    await createPayment(f.sb.url, 17);
    const c = await f.open('tools');
    const m = morePage(c.page);
    const [download] = await Promise.all([c.page.waitForEvent('download'), m.exportButton().click()]);
    const file = await download.path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    await m.importFile().setInputFiles(file);
    await m.importReport().waitFor();
    const ops = m.importRow('operations');
    expect(await ops.getByTestId('import-skipped').textContent()).toBe(String(exported.operations.length));
    expect(await ops.getByTestId('import-imported').textContent()).toBe('0');
  });

  it('a file that is not a bundle is refused in words', async () => {
    const c = await f.open('tools');
    const m = morePage(c.page);
    await m.importFile().setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
    await c.toastError().waitFor();
    expect(await c.toastError().textContent()).toContain('notes.json is not a sandbox export bundle');
    expect(await m.importReport().count()).toBe(0);
  });
});
