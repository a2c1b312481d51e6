import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS, type CheckReport } from '../../server/contract/checks.js';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { alphabeticallySigned, postPayment } from '../helpers/payments.js';
import { control, DEMO } from '../helpers/sandbox.js';
import { correctHandler } from '../golive/handlers.js';
import { seriousViolations } from './pages/axe.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { golivePage } from './pages/console-golive.js';

describe.skipIf(!hasChromium)('console: go-live check and signature diagnosis', () => {
  const f = useConsoleFixture();

  it('runs the check from its screen, shows the checklist, opens a probe notification and exports Markdown and JSON', async () => {
    const handler = await correctHandler(DEMO.secret_key);
    try {
      await control(f.sb).updateMerchant({
        public_key: DEMO.public_key,
        body: { success_url: `${handler.url}/ok`, rejection_url: null, payout_url: `${handler.url}/payout` },
      });
      const c = await f.open(`golive/${DEMO.public_key}`);
      const g = golivePage(c.page);
      await g.missingUrls().waitFor();
      expect(await g.missingUrls().textContent()).toContain('rejection_url');
      await g.run().click();
      await g.report().waitFor();
      expect(await g.checks().count()).toBe(CHECK_IDS.length);
      expect(await c.page.getByTestId('golive-since').textContent()).toMatch(/since/);
      expect(await g.check('success_acknowledged').getAttribute('data-verdict')).toBe('pass');
      expect(await g.check('forged_signature_refused').getAttribute('data-verdict')).toBe('pass');
      expect(await g.check('rejection_acknowledged').getAttribute('data-verdict')).toBe('skipped');
      // What the handler answered, as text.
      await g.check('success_acknowledged').locator('summary').click();
      expect(await g.check('success_acknowledged').getByTestId('golive-answer-body').first().textContent()).toBe('order paid');
      await g.openNotifications('duplicate_acknowledged').click();
      await g.probeNotifications('duplicate_acknowledged').locator('[data-testid="attempt"]').first().waitFor();
      // The report with a probe's notifications open passes the accessibility audit too.
      expect(await seriousViolations(c.page)).toEqual([]);

      const [md] = await Promise.all([c.page.waitForEvent('download'), g.exportMarkdown().click()]);
      const markdown = readFileSync((await md.path())!, 'utf8');
      expect(markdown).toMatch(/^# Go-live check chk_/);
      expect(markdown).toContain('| Forged signature refused (`forged_signature_refused`) | ✅ pass |');
      const [json] = await Promise.all([c.page.waitForEvent('download'), g.exportJson().click()]);
      const report = JSON.parse(readFileSync((await json.path())!, 'utf8')) as CheckReport;
      expect(await control(f.sb).getCheck({ id: report.id })).toEqual(report);

      // A probe operation is labelled as the check's on its page.
      const probe = report.checks.find((x) => x.id === 'success_acknowledged')!.notification_ids[0]!;
      const n = await control(f.sb).getNotification({ id: probe });
      await c.goto(`operations/${n.operation_id}`);
      await g.probeLabel().waitFor();
      // The operations list leaves probes out until asked.
      await c.goto('operations');
      const row = c.page.locator(`[data-id="${n.operation_id}"]`);
      await c.page.getByTestId('filter-probes').check();
      await row.waitFor();
      await c.page.getByTestId('filter-probes').uncheck();
      await row.waitFor({ state: 'detached' });
    } finally {
      await handler.close();
    }
  });

  it("the request log shows a refused signature's diagnosis with the expected string beside the one signed", async () => {
    const { fields, values } = alphabeticallySigned(17);
    expect((await postPayment(f.sb.url, fields)).status).toBe(400);
    const c = await f.open('requests', { lang: 'es' });
    const g = golivePage(c.page);
    await g.requestRows().first().click();
    await g.requestDiagnosis().waitFor();
    expect(await g.requestDiagnosisRecipe().textContent()).toBe('La firma se construyó así: los campos van en orden alfabético.');
    const expected = CREATION_SIGNED_FIELDS.map((k) => fields[k]).join('') + '••••';
    expect(await g.requestDiagnosisExpected().textContent()).toContain(expected);
    expect(await g.requestDiagnosisSent().textContent()).toBe(values.join('') + '••••');
  });

  it('a multipart body gets the same diagnosis box, with the next refusal named, in English too', async () => {
    const { fields, values } = alphabeticallySigned(17, { time: '2021-08-03UTC12:31:50' });
    expect((await postPayment(f.sb.url, fields, 'multipart')).status).toBe(400);
    const c = await f.open('requests', { lang: 'en' });
    const g = golivePage(c.page);
    await g.requestRows().first().click();
    await g.requestDiagnosis().waitFor();
    expect(await g.requestDiagnosisRecipe().textContent()).toBe('The signature was built with: fields in alphabetical order.');
    expect(await g.requestDiagnosisSent().textContent()).toBe(values.join('') + '••••');
    expect(await c.page.getByTestId('request-diagnosis-signature').textContent()).toBe('••••');
    expect(await c.page.getByTestId('request-diagnosis-next').textContent()).toContain('INVALID_TIME');
  });
});
