import { describe, expect, it } from 'vitest';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { control } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { morePage } from './pages/console-more.js';

describe.skipIf(!hasChromium)('console: faults', () => {
  const f = useConsoleFixture();

  it('a CREATION_ERROR rule added in the console makes the next creation fail, once', async () => {
    await control(f.sb).clearFaults();
    const c = await f.open('faults');
    const m = morePage(c.page);
    await m.faultKind().selectOption('creation_error');
    await m.faultRemaining().fill('1');
    await m.faultAdd().click();
    await m.faultRow('creation_error').waitFor();
    const failed = await postPayment(f.sb.url, paymentFields(17));
    expect(failed.status).toBe(400);
    expect(failed.json?.error?.code).toBe('CREATION_ERROR');
    // The counter is spent: the creation after it goes through.
    expect((await postPayment(f.sb.url, paymentFields(17))).status).toBe(200);
    // The console shows the firing live.
    await c.page.waitForFunction(`document.querySelector('[data-testid="fault-row-fired"]')?.textContent === '1'`);
  });

  it('a rule switched off in the console stops firing', async () => {
    await control(f.sb).clearFaults();
    await control(f.sb).addFault({ body: { kind: 'creation_error' } });
    const c = await f.open('faults');
    const m = morePage(c.page);
    await m.faultToggle().uncheck();
    await c.page.locator('[data-testid="fault-row"][data-enabled="false"]').waitFor();
    expect((await postPayment(f.sb.url, paymentFields(17))).status).toBe(200);
  });

  it('a rule deleted in the console is gone from the sandbox', async () => {
    await control(f.sb).clearFaults();
    await control(f.sb).addFault({ body: { kind: 'server_error' } });
    const c = await f.open('faults');
    const m = morePage(c.page);
    await m.faultDelete().click();
    await c.emptyState().waitFor();
    expect((await control(f.sb).listFaults()).rules).toEqual([]);
  });

  it('a rule the sandbox refuses is explained in words and nothing is added', async () => {
    await control(f.sb).clearFaults();
    const c = await f.open('faults');
    const m = morePage(c.page);
    await m.faultKind().selectOption('latency');
    await m.faultLatency().fill('999999');
    await m.faultAdd().click();
    await c.toastError().waitFor();
    expect(await c.toastError().textContent()).toContain('VALIDATION_ERROR');
    expect((await control(f.sb).listFaults()).rules).toEqual([]);
  });
});
