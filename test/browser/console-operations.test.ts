import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { CH11_ERROR_REASONS } from '../../server/contract/checkout.js';
import { createPayment, creationPath, paymentFields } from '../helpers/payments.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { control, startSandbox } from '../helpers/sandbox.js';
import { consoleDir, hasChromium, launch, openConsole } from './pages/console-browser.js';
import { consolePage, type ConsolePage } from './pages/console.js';
import { parseCopiedCurl, runCopiedCurl } from './pages/copied-curl.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let browser: Browser;
let receiver: Receiver;
let context: BrowserContext | null = null;
let errors: string[] = [];

const opIdOf = async (transId: string): Promise<number> => {
  const r = await control(sb).listOperations({ query: { trans_id: transId } });
  return r.items[0]!.id;
};
const operation = (id: number) => control(sb).getOperation({ id });

async function open(hash = '', live = true, lang: 'en' | 'es' = 'en'): Promise<ConsolePage> {
  const o = await openConsole(browser, sb.url, { live, lang });
  context = o.context;
  errors = o.errors;
  const c = consolePage(o.page, sb.url);
  if (hash) await c.goto(hash);
  if (live) await c.waitLive();
  return c;
}

describe.skipIf(!hasChromium)('console: operations', () => {
  beforeAll(async () => {
    sb = await startSandbox({ consoleDir: consoleDir() });
    receiver = await startReceiver({ status: 200, body: 'ok' });
    await control(sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: receiver.url + '/notify' } });
    browser = await launch();
  });
  afterEach(async () => {
    await context?.close();
    context = null;
    // The client validates every answer against its route description: drift shows up as a console error.
    // (The browser's own "Failed to load resource" lines are the refusals a test provoked on purpose.)
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await sb?.stop();
  });

  it('shows a payment created through the merchant API in the open list without a reload', async () => {
    const c = await open('operations');
    const { fields } = await createPayment(sb.url, 17);
    await c.opRowByTransId(fields.trans_id!).waitFor({ timeout: 30_000 });
    expect(await c.opRowByTransId(fields.trans_id!).getByTestId('status-badge').getAttribute('data-status')).toBe('pending');
  });

  it('finds an operation by e-mail with the search box', async () => {
    const { fields } = await createPayment(sb.url, 17, {}, { shopper: { email: 'buscar.me@gmail.com' } });
    const c = await open('operations');
    await c.opsSearch().fill('buscar.me@gmail.com');
    await c.opsSearch().press('Enter');
    await c.page.waitForFunction(`document.querySelectorAll('[data-testid="op-row"]').length === 1`);
    expect(await c.opRows().first().getAttribute('data-trans-id')).toBe(fields.trans_id!);
  });

  it('confirms from the detail page and shows the delivered notification with its attempt', async () => {
    const { fields } = await createPayment(sb.url, 17);
    const id = await opIdOf(fields.trans_id!);
    const c = await open(`operations/${id}`);
    await c.action('confirm').click();
    await c.detailWithStatus('confirmed').waitFor();
    await c.notificationByStatus('delivered').waitFor({ timeout: 30_000 });
    await c.attempts().first().waitFor();
    expect(await c.attempts().first().getByTestId('attempt-status').textContent()).toBe('200');
    const timeline = await c.timeline().textContent();
    expect(timeline).toContain('operator');
  });

  it('shows the warnings a creation was accepted with, titled in English and Spanish', async () => {
    const fields = paymentFields(33, { amount: '15000.0000', time: '2026-11-23T21:00:43+00:00', order_note: 'gift' });
    const res = await fetch(sb.url + creationPath(33), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect(res.status, await res.text()).toBe(200);
    const id = await opIdOf(fields.trans_id!);
    const op = await operation(id);
    expect(op.warnings).toHaveLength(4);
    const c = await open(`operations/${id}`);
    await c.opWarnings().waitFor();
    expect(await c.opWarning().allTextContents()).toEqual(op.warnings.map((w) => `⚠ ${w}`));
    expect(await c.opWarnings().getAttribute('aria-label')).toBe('Accepted with warnings');
    if (process.env.SHOTS_DIR) await c.page.screenshot({ path: `${process.env.SHOTS_DIR}/op-warnings-en.png` });
    await c.langSwitch().selectOption('es');
    await c.page.waitForSelector('[data-testid="op-warnings"][aria-label="Aceptada con advertencias"]');
    expect(await c.opWarnings().textContent()).toContain('Aceptada con advertencias');
    // Each warning in Spanish from its code, the field and the value verbatim; the API's words on hover.
    const spanish = [
      '⚠ Content-Type: se envió "application/json" — el servicio pide campos de formulario en el canal 33 ' +
        '(application/x-www-form-urlencoded o multipart/form-data) — se leyó como un objeto JSON plano',
      '⚠ order_note: se envió "gift" — la solicitud de creación del servicio no tiene este campo — se ignoró',
      '⚠ amount: se envió "15000.0000" — el servicio pide 2 decimales — se leyó como 15000.00',
      '⚠ time: se envió "2026-11-23T21:00:43+00:00" — el servicio pide YYYY-MM-DD HH:MM:SS o YYYY-MM-DDTHH:MM:SS — ' +
        'se aceptó como fecha y hora ISO 8601, leída tal como llegó',
    ];
    expect(await c.opWarning().allTextContents()).toEqual(spanish);
    expect(await c.opWarning().first().getAttribute('title')).toBe(`Como lo envía la API: ${op.warnings[0]}`);
    // The creation event in the timeline says the same warnings in Spanish, its other details as data.
    const created = c.timeline().locator('li[data-kind="created"]');
    expect(await created.getByTestId('timeline-warning').allTextContents()).toEqual(spanish.map((w) => w.slice(2)));
    expect(await created.locator('code').textContent()).not.toContain('the service');
    if (process.env.SHOTS_DIR) await created.screenshot({ path: `${process.env.SHOTS_DIR}/timeline-warnings-es.png` });
    if (process.env.SHOTS_DIR) await c.opWarnings().screenshot({ path: `${process.env.SHOTS_DIR}/op-warnings-es.png` });

    // The creation's request-log entry: its note and its warnings in Spanish too.
    const entry = (await control(sb).listRequests({ query: { limit: 20 } })).items.find((e) => e.request_body.includes(fields.trans_id!))!;
    await c.goto('requests');
    await c.requestRow(entry.id).click();
    await c.requestNote().waitFor();
    expect(await c.requestNote().innerText()).toBe(`operación ${id}`);
    expect(await c.requestNote().getAttribute('title')).toBe(`Como lo guarda el registro de llamadas: operation ${id}`);
    expect(await c.requestWarnings().innerText()).toContain('amount: se envió "15000.0000" — el servicio pide 2 decimales');
    if (process.env.SHOTS_DIR) await c.page.screenshot({ path: `${process.env.SHOTS_DIR}/request-warnings-es.png` });
  });

  it('shows no warning box for a creation that followed the service', async () => {
    const { fields } = await createPayment(sb.url, 33);
    const c = await open(`operations/${await opIdOf(fields.trans_id!)}`);
    await c.detail().waitFor();
    await c.timeline().waitFor();
    expect(await c.opWarnings().count()).toBe(0);
  });

  it('rejects with a code and message that land on the timeline', async () => {
    const { fields } = await createPayment(sb.url, 17);
    const id = await opIdOf(fields.trans_id!);
    const c = await open(`operations/${id}`);
    await c.action('reject').click();
    await c.rejectCode().waitFor();
    // Channel 17 takes no reject extras (CHANNEL_REJECT_EXTRAS): neither list is offered.
    expect([await c.rejectReason().count(), await c.rejectCard().count()]).toEqual([0, 0]);
    await c.rejectCode().fill('BANK_DECLINED');
    await c.rejectMessage().fill('Declined by the bank');
    await c.rejectSubmit().click();
    await c.detailWithStatus('rejected').waitFor();
    const ev = (await operation(id)).events.find((e) => e.kind === 'rejected');
    expect(ev).toMatchObject({
      actor: 'operator',
      details: { rejection_code: 'BANK_DECLINED', rejection_message: 'Declined by the bank' },
    });
    expect(await c.timeline().textContent()).toContain('BANK_DECLINED');
  });

  it('offers the card failure codes 3001–3005 when rejecting a channel 36 operation', async () => {
    const { fields } = await createPayment(sb.url, 36);
    const id = await opIdOf(fields.trans_id!);
    const c = await open(`operations/${id}`);
    await c.action('reject').click();
    const options = await c.rejectCard().locator('option').allTextContents();
    expect(options.filter((o) => /^300[1-5]/.test(o))).toHaveLength(5);
    expect(await c.rejectReason().count()).toBe(0);
    await c.rejectCard().selectOption('3003');
    await c.rejectSubmit().click();
    await c.detailWithStatus('rejected').waitFor();
    expect((await operation(id)).events.find((e) => e.kind === 'rejected')!.details).toMatchObject({ card_failure_code: '3003' });
  });

  it('offers channel 11’s error_reason list (and no card codes) when rejecting a channel 11 operation', async () => {
    const { fields } = await createPayment(sb.url, 11);
    const id = await opIdOf(fields.trans_id!);
    const c = await open(`operations/${id}`);
    await c.action('reject').click();
    const options = await c.rejectReason().locator('option').allTextContents();
    expect(options).toEqual(['—', ...CH11_ERROR_REASONS]);
    expect(await c.rejectCard().count()).toBe(0);
    await c.rejectReason().selectOption('insufficient_funds');
    await c.rejectSubmit().click();
    await c.detailWithStatus('rejected').waitFor();
    expect((await operation(id)).events.find((e) => e.kind === 'rejected')!.details).toMatchObject({
      error_reason: 'insufficient_funds',
    });
  });

  for (const [lang, words] of [
    ['en', 'INVALID_TRANSITION: Not possible in its current status'],
    ['es', 'INVALID_TRANSITION: No es posible en su estado actual'],
  ] as const)
    it(`shows an API refusal in words instead of swallowing it, worded from its code (${lang})`, async () => {
      const { fields } = await createPayment(sb.url, 17);
      const id = await opIdOf(fields.trans_id!);
      // No live stream here: the console must not learn of the cancel before the click meets the 409.
      const c = await open(`operations/${id}`, false, lang);
      await c.detailWithStatus('pending').waitFor();
      // Another actor finishes the operation behind the console's back; the click then meets a 409.
      await control(sb).cancelOperation({ id });
      await c.action('confirm').click();
      await c.toastError().waitFor();
      expect(await c.toastError().textContent()).toContain(words);
      // The sandbox's own message stays a hover away.
      expect(await c.toastError().getAttribute('title')).toMatch(new RegExp(`^operation ${id} is cancelled`));
    });

  it('expires a pending operation on screen when the sandbox clock is advanced past its expiry', async () => {
    const { fields } = await createPayment(sb.url, 17, { time_expired: '60' });
    const id = await opIdOf(fields.trans_id!);
    const c = await open('tools');
    await c.clockMinutes().fill('61');
    await c.clockAdvance().click();
    await c.goto(`operations/${id}`);
    await c.detailWithStatus('expired').waitFor();
    expect((await operation(id)).status).toBe('expired');
  });

  it('copies the creation request as a curl that the sandbox accepts when run', async () => {
    const { fields } = await createPayment(sb.url, 41);
    const id = await opIdOf(fields.trans_id!);
    const c = await open(`operations/${id}`);
    await c.detail().waitFor();
    const curl = await c.copyFrom(c.action('copy-curl'));
    expect(parseCopiedCurl(curl).form.get('time')).not.toBe(fields.time);
    const res = await runCopiedCurl(curl);
    expect(res.status, `${await res.clone().text()}\n${curl}`).toBe(200);
    expect(await res.text()).toContain('/check-out/?channel=41');
  });

  it('shows a direct integration’s QR as a picture, its data URI cut short in the JSON and whole on the clipboard', async () => {
    const { fields, json } = await createPayment(sb.url, 22, { direct_integration: '1' });
    const sent = (json as { qr_code: string }).qr_code;
    expect(sent).toMatch(/^data:image\/png;base64,/);
    const c = await open(`operations/${await opIdOf(fields.trans_id!)}`);
    const picture = c.tid('detail-picture');
    await picture.waitFor();
    // The browser decoded the PNG: a real picture, not a broken-image box.
    await c.page.waitForFunction(`(() => {
      const img = document.querySelector('[data-testid="detail-picture"] img');
      return img.complete && img.naturalWidth > 0;
    })()`);
    const shown = (await c.tid('op-details').textContent())!;
    expect(shown).not.toContain(sent);
    expect(shown).toContain(`${sent.slice(0, 48)}… (${sent.length} characters`);
    expect(shown.length).toBeLessThan(2000);
    expect(await c.copyFrom(c.tid('copy-data-uri'))).toBe(sent);
  });
});
