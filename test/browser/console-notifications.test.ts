import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { control } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';

describe.skipIf(!hasChromium)('console: notifications', () => {
  const f = useConsoleFixture();
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver({ status: 500, body: 'down for maintenance' });
    await control(f.sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: receiver.url + '/notify' } });
    // Without retries the first failed attempt marks the delivery failed, so the test needs no time travel.
    await control(f.sb).updateSettings({ body: { retries_enabled: false } });
  });
  afterAll(() => receiver?.close());

  it('resends a failed notification from the notifications page and shows it delivered (in Spanish)', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const id = await f.opIdOf(fields.trans_id!);
    await control(f.sb).confirmOperation({ id });
    await eventually(async () => {
      const r = await control(f.sb).listNotifications({ query: { operation_id: id } });
      return r.items[0]?.status === 'failed';
    });
    const c = await f.open('notifications', { lang: 'es' });
    await c.failedFirst().check();
    const failed = c.notificationByStatus('failed').first();
    await failed.waitFor();
    expect(await failed.getByTestId('attempt').count()).toBe(1);
    // The engine's sentence, in the console's language; its own words on hover.
    expect(await failed.getByTestId('attempt-error').textContent()).toBe('HTTP 500: solo 200 o 203 cuentan como entregada');
    expect(await failed.getByTestId('attempt-error').getAttribute('title')).toBe('HTTP 500: only 200 or 203 count as delivered');
    receiver.reply({ status: 200, body: 'ok' });
    await failed.getByTestId('notification-resend').click();
    await c.page.locator(`[data-testid="notification"][data-status="delivered"]`).first().waitFor({ timeout: 12_000 });
    const r = await control(f.sb).listNotifications({ query: { operation_id: id } });
    expect(r.items[0]!.status).toBe('delivered');
    expect(r.items[0]!.attempts.map((a) => a.source)).toEqual(['automatic', 'manual']);
  });

  it('shows the request and the response of an attempt', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const id = await f.opIdOf(fields.trans_id!);
    receiver.reply({ status: 200, body: 'received-by-merchant' });
    await control(f.sb).confirmOperation({ id });
    const c = await f.open(`operations/${id}`);
    await c.notificationByStatus('delivered').waitFor({ timeout: 30_000 });
    await c.tid('attempt-toggle').first().click();
    // The opened attempt renders after the click's state update: wait for its content, then read it.
    await c.attempts().first().filter({ hasText: 'received-by-merchant' }).waitFor();
    const text = await c.attempts().first().textContent();
    expect(text).toContain('received-by-merchant');
    expect(text).toContain(`trans_ID=${fields.trans_id}`);
  });

  it('finds the notifications of one trans_id from the search box, in Spanish too', async () => {
    receiver.reply({ status: 200, body: 'ok' });
    const wanted = await createPayment(f.sb.url, 17);
    const other = await createPayment(f.sb.url, 17);
    for (const p of [wanted, other]) await control(f.sb).confirmOperation({ id: await f.opIdOf(p.fields.trans_id!) });
    const c = await f.open('notifications', { lang: 'es' });
    const cards = c.page.locator('.notif-wrap');
    await cards.filter({ hasText: other.fields.trans_id! }).waitFor();
    await c.tid('notif-search').fill(wanted.fields.trans_id!);
    await c.tid('notif-search').press('Enter');
    await c.page.waitForFunction(
      `(() => {
        const shown = [...document.querySelectorAll('[data-testid="notif-trans-id"]')];
        return shown.length > 0 && shown.every((e) => e.textContent === ${JSON.stringify(wanted.fields.trans_id)});
      })()`,
    );
    expect(await c.tid('notif-trans-id').allTextContents()).toEqual([wanted.fields.trans_id]);
    // An unknown trans_id says so in the console's language; clearing the box lists everything again.
    await c.tid('notif-search').fill('NO-SUCH-ORDER');
    await c.tid('notif-search').press('Enter');
    expect(await c.emptyState().locator('.empty-title').textContent()).toBe('No hay notificaciones del trans_id NO-SUCH-ORDER');
    await c.tid('notif-search').fill('');
    await cards.filter({ hasText: other.fields.trans_id! }).waitFor();
  });
});
