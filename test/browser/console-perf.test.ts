import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { seedConsoleOperations } from '../helpers/seed-operations.js';

const N = 100_000;

describe.skipIf(!hasChromium)('console: operations list at scale', () => {
  const f = useConsoleFixture();
  beforeAll(() => {
    // Seeded through the real store (the same repository the API uses), in one transaction.
    seedConsoleOperations(f.sb.ctx.store, N);
  }, 120_000);

  it(`shows the first page of ${N.toLocaleString('en')} operations within 1 s`, async () => {
    const c = await f.open('overview');
    const started = Date.now();
    await c.nav('operations').click();
    await c.opRows().first().waitFor();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(1000);
    expect(await c.opRows().first().getAttribute('data-trans-id')).toBe(`PERF-${N - 1}`);
  });

  it('renders only the visible rows and fetches the next keyset page on scroll', async () => {
    const c = await f.open('operations');
    await c.opRows().first().waitFor();
    // Virtualized: a screenful of rows in the DOM, not the whole page.
    expect(await c.opRows().count()).toBeLessThan(80);
    for (let i = 0; i < 3; i++) {
      await c.opsScroll().evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await c.page.waitForTimeout(150);
    }
    await c.page.waitForFunction(`/^[3-9]\\d\\d\\+?\\s/.test(document.querySelector('[data-testid="ops-count"]')?.textContent ?? '')`);
    expect(await c.opRows().count()).toBeLessThan(80);
  });
});
