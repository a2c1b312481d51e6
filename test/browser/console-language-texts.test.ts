import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { DEMO } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { golivePage } from './pages/console-golive.js';

const shot = (name: string) => (process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/${name}.png` } : {});

describe.skipIf(!hasChromium)('console: texts the server sends, read in the console language', () => {
  const f = useConsoleFixture();

  it("a refused creation's diagnosis explains itself in Spanish, with nothing left in English", async () => {
    const fields = paymentFields(17, {}, { sign: false });
    fields.signature = createHash('sha256')
      .update(
        [...CREATION_SIGNED_FIELDS]
          .sort()
          .map((k) => fields[k] ?? '')
          .join('') + DEMO.secret_key,
      )
      .digest('hex');
    expect((await postPayment(f.sb.url, fields)).status).toBe(400);
    const c = await f.open('requests', { lang: 'es' });
    const g = golivePage(c.page);
    await g.requestRows().first().click();
    await g.requestDiagnosis().waitFor();
    expect(await c.page.getByTestId('request-diagnosis-explanation').textContent()).toBe(
      `Firma el SHA-256 en hexadecimal y minúsculas de ${CREATION_SIGNED_FIELDS.join(' ')} seguido de la clave secreta, ` +
        'con los valores exactamente como se envían y nada entre ellos.',
    );
    expect(await g.requestDiagnosis().locator('[lang="en"]').count()).toBe(0);
    await g.requestDiagnosis().screenshot(shot('diagnosis-es'));
  });

  it('a payout call refused for an unknown token: why, and the header to send, in Spanish', async () => {
    const r = await fetch(`${f.sb.url}/api/transactions/?credit_note=none`, { headers: { authorization: 'Bearer lt_never_issued' } });
    expect(r.status).toBe(401);
    const c = await f.open('requests', { lang: 'es' });
    const g = golivePage(c.page);
    await g.requestRows().first().click();
    await g.requestDiagnosis().waitFor();
    expect(await g.requestDiagnosisRecipe().textContent()).toMatch(
      /^El token no es el payout_token de ningún comercio .* los \d+ más recientes\): /,
    );
    expect(await g.requestDiagnosisExpected().textContent()).toBe('Authorization: <cualquier palabra de esquema, p. ej. Bearer> ••••');
    expect(await g.requestDiagnosis().locator('[lang="en"]').count()).toBe(0);
  });

  it('the test-values tables read in Spanish, and in English when switched', async () => {
    const c = await f.open('tools', { lang: 'es' });
    const cards = c.page.locator('[data-testid="test-values"] details[data-section="cards"]');
    await cards.locator('summary').click();
    const declined = cards.locator('table.table tbody tr', { hasText: '4000000000009995' });
    expect(await declined.textContent()).toContain('Fondos insuficientes');
    expect(await cards.getByTestId('tv-description').textContent()).toMatch(/^ — Tarjetas de prueba del canal 36/);
    expect(await cards.locator('th', { hasText: /_es$/ }).count()).toBe(0);
    const creation = c.page.locator('[data-testid="test-values"] details[data-section="creation"]');
    await creation.locator('summary').click();
    const signature = creation.locator('table.kv table.kv tr', { has: c.page.locator('th', { hasText: /^INVALID_SIGNATURE$/ }) });
    expect(await signature.locator('td code').textContent()).toBe('firmar con otro secreto');
    await c.page.getByTestId('test-values').screenshot(shot('test-values-es'));
    await c.langSwitch().selectOption('en');
    await declined.locator('td', { hasText: 'Insufficient funds' }).waitFor();
    expect(await cards.getByTestId('tv-description').textContent()).toMatch(/^ — Sandbox test cards of channel 36/);
  });

  it('go-live check titles and advice in Spanish', async () => {
    const c = await f.open('golive', { lang: 'es' });
    await c.page.getByTestId('golive-run').click();
    const check = c.page.locator('[data-testid="golive-check"][data-check="forged_signature_refused"]');
    await check.waitFor();
    expect(await check.getByTestId('golive-title').textContent()).toBe('Firma falsificada rechazada');
    expect(await check.textContent()).toContain('Cualquiera que conozca un número de pedido puede marcarlo como pagado');
  });
});
