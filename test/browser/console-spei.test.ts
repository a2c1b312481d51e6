import { describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { control } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';

describe.skipIf(!hasChromium)('console: SPEI', () => {
  const f = useConsoleFixture();

  it('prefills a transfer from a pending channel-41 operation and confirms it when injected', async () => {
    const { fields } = await createPayment(f.sb.url, 41, { amount: '2345.67' }, { shopper: { Num_doc_identi: 'MAGA800101AB1' } });
    const id = await f.opIdOf(fields.trans_id!);
    const c = await f.open('spei');
    await c.speiPrefill().selectOption(String(id));
    expect(await c.speiField('amount').inputValue()).toBe('2345.67');
    expect(await c.speiField('rfc').inputValue()).toBe('MAGA800101AB1');
    await c.speiSubmit().click();
    await c.page.locator('[data-testid="spei-row"][data-result="matched"]').first().waitFor();
    const op = await control(f.sb).getOperation({ id });
    expect(op.status).toBe('confirmed');
  });

  it('records an edited transfer with another amount as not applied, with its reason in the console’s language', async () => {
    const { fields } = await createPayment(f.sb.url, 41, { amount: '999.10' }, { shopper: { Num_doc_identi: 'LOPJ900202CD2' } });
    const id = await f.opIdOf(fields.trans_id!);
    const c = await f.open('spei', { lang: 'es' });
    await c.speiPrefill().selectOption(String(id));
    await c.speiField('amount').fill('999.00');
    await c.speiSubmit().click();
    const row = c.page.locator('[data-testid="spei-row"][data-result="unmatched"]').first();
    await row.waitFor();
    expect(await row.getByTestId('spei-reason').textContent()).toBe(
      `no hay operación pendiente con RFC LOPJ900202CD2 y monto 999.00 MXN; este RFC tiene 1 operación pendiente: ${id} (999.10 MXN); ` +
        'el monto debe coincidir exactamente, centavos incluidos',
    );
    const op = await control(f.sb).getOperation({ id });
    expect(op.status).toBe('pending');
  });

  it('shows a refused transfer (bad CLABE) in words and stores nothing', async () => {
    const c = await f.open('spei');
    await c.speiField('clabe').fill('123');
    await c.speiField('amount').fill('10.00');
    await c.speiField('rfc').fill('XAXX010101000');
    await c.speiSubmit().click();
    await c.toastError().waitFor();
    expect(await c.toastError().textContent()).toContain('VALIDATION_ERROR');
    const ledger = await control(f.sb).listTransfers();
    expect(ledger.items.some((t) => t.clabe === '123')).toBe(false);
  });
});
