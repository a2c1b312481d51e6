import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../server/contract/checks.js';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { alphabeticallySigned, paymentFields, postPayment } from '../helpers/payments.js';
import { startReceiver } from '../helpers/receiver.js';
import { control, DEMO } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { golivePage } from './pages/console-golive.js';

const shot = (name: string) => (process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/${name}.png` } : {});

describe.skipIf(!hasChromium)('console: texts the server sends, read in the console language', () => {
  const f = useConsoleFixture();

  it("a refused creation's diagnosis explains itself in Spanish, with nothing left in English", async () => {
    const { fields } = alphabeticallySigned(17);
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

  it("a go-live check against a handler that acknowledges everything: every verdict's evidence in Spanish", async () => {
    // The handler newcomers write first: 200 "ok" to whatever arrives, no signature check.
    const shop = await startReceiver();
    try {
      await control(f.sb).updateMerchant({
        public_key: DEMO.public_key,
        body: { success_url: `${shop.url}/notify.php`, rejection_url: `${shop.url}/notify.php`, payout_url: null },
      });
      expect((await postPayment(f.sb.url, paymentFields(17))).status).toBe(200);
      const unsigned = paymentFields(17, {}, { sign: false });
      unsigned.signature = createHash('sha256')
        .update(CREATION_SIGNED_FIELDS.map((k) => unsigned[k] ?? '').join(''))
        .digest('hex');
      expect((await postPayment(f.sb.url, unsigned)).status).toBe(400);

      const c = await f.open('golive', { lang: 'es' });
      const g = golivePage(c.page);
      // The screen opens on the newest earlier report: wait for this run's own.
      const [ran] = await Promise.all([
        c.page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/sandbox/v1/checks')),
        g.run().click(),
      ]);
      const { id } = (await ran.json()) as { id: string };
      await c.page.locator(`[data-testid="golive-report"][data-report="${id}"]`).waitFor();
      const evidence = (id: string) => g.check(id).getByTestId('golive-evidence').textContent();
      expect(await evidence('forged_signature_refused')).toMatch(
        /^Un éxito de otro pedido con una firma incorrecta pero bien formada: HTTP 200 en \d+ ms, aceptada\. Cualquiera que conozca /,
      );
      expect(await evidence('duplicate_acknowledged')).toMatch(
        /^La misma notificación otra vez \(id ntf_\w+\): HTTP 200 en \d+ ms, aceptada\.$/,
      );
      expect(await evidence('rejection_told_apart')).toMatch(/^El éxito y el rechazo obtuvieron la misma respuesta \(HTTP 200 en \d+ ms, /);
      expect(await evidence('payout_notification_acknowledged')).toBe(
        'omitida: el comercio no tiene URL para los pagos (payouts): configura payout_url',
      );
      expect(await evidence('answers_fast')).toMatch(/^Las 9 sondas aceptadas respondieron en menos de 3 s \(la más lenta, \d+ ms\)\.$/);
      const signatures = (await evidence('signatures_valid'))!;
      // This file's creations refused for their signature, the newest (this test's) last.
      expect(signatures).toMatch(/^\d+ creaci(?:ón|ones) rechazadas? con INVALID_SIGNATURE desde [^.]+\. Solicitud \d+ \(/);
      expect(signatures).toMatch(
        /Solicitud \d+ \([^)]+\): La firma se construyó así: se omite la clave secreta\. Firma el SHA-256 [^.]+\.$/,
      );
      // Times in the console's format, never the report's ISO text; no sentence left in English.
      const all = await c.page.getByTestId('golive-evidence').allTextContents();
      expect(all).toHaveLength(CHECK_IDS.length);
      for (const text of all) {
        expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
        expect(text).not.toMatch(/\b(skipped|acknowledged|since|creation|the merchant)\b/i);
      }
      expect(await g.report().locator('[lang="en"]').count()).toBe(0);
      await g.check('success_acknowledged').locator('summary').click();
      for (const id of ['success_acknowledged', 'forged_signature_refused', 'rejection_told_apart', 'signatures_valid'])
        await g.check(id).screenshot(shot(`golive-evidence-es-${id}`));

      // The same report in English reads as the server words it, times aside.
      const report = await control(f.sb).getCheck({ id });
      await c.langSwitch().selectOption('en');
      const forged = report.checks.find((x) => x.id === 'forged_signature_refused')!;
      await g.check('forged_signature_refused').getByTestId('golive-evidence').filter({ hasText: forged.evidence }).waitFor();
      expect(await evidence('forged_signature_refused')).toBe(forged.evidence);

      // A report kept from before evidence carried facts shows the server's English as it is.
      const old = { ...report, id: 'chk_00000000000000000000aaaa', checks: report.checks.map(({ evidence_facts: _f, ...x }) => x) };
      const merchant = f.sb.ctx.store.merchants.byPublicKey(DEMO.public_key)!;
      f.sb.ctx.store.checks.add(merchant.id, old, Date.now(), Date.now());
      await c.langSwitch().selectOption('es');
      await c.page.reload();
      await c.page.locator(`[data-testid="golive-report"][data-report="${old.id}"]`).waitFor();
      const english = g.check('signatures_valid').getByTestId('golive-evidence');
      expect(await english.getAttribute('lang')).toBe('en');
      expect(await english.textContent()).toBe(report.checks.find((x) => x.id === 'signatures_valid')!.evidence);
    } finally {
      await shop.close();
    }
  });
});
