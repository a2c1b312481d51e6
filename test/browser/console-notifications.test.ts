import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';

describe.skipIf(!hasChromium)('console: notifications', () => {
  const f = useConsoleFixture();
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver({ status: 500, body: 'down for maintenance' });
    await api(f.sb.url, 'PATCH', '/sandbox/v1/merchants/pk_sandbox_demo', { success_url: receiver.url + '/notify' });
    // Without retries the first failed attempt marks the delivery failed, so the test needs no time travel.
    await api(f.sb.url, 'PATCH', '/sandbox/v1/settings', { retries_enabled: false });
  });
  afterAll(() => receiver?.close());

  it('resends a failed notification from the notifications page and shows it delivered', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const id = await f.opIdOf(fields.trans_id!);
    await api(f.sb.url, 'POST', `/sandbox/v1/operations/${id}/confirm`);
    await eventually(async () => {
      const r = await api(f.sb.url, 'GET', `/sandbox/v1/notifications?operation_id=${id}`);
      return r.body.items[0]?.status === 'failed';
    });
    const c = await f.open('notifications');
    await c.failedFirst().check();
    const failed = c.notificationByStatus('failed').first();
    await failed.waitFor();
    expect(await failed.getByTestId('attempt').count()).toBe(1);
    receiver.reply({ status: 200, body: 'ok' });
    await failed.getByTestId('notification-resend').click();
    await c.page.locator(`[data-testid="notification"][data-status="delivered"]`).first().waitFor({ timeout: 12_000 });
    const r = await api(f.sb.url, 'GET', `/sandbox/v1/notifications?operation_id=${id}`);
    expect(r.body.items[0].status).toBe('delivered');
    expect(r.body.items[0].attempts.map((a: { source: string }) => a.source)).toEqual(['automatic', 'manual']);
  });

  it('shows the request and the response of an attempt', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const id = await f.opIdOf(fields.trans_id!);
    receiver.reply({ status: 200, body: 'received-by-merchant' });
    await api(f.sb.url, 'POST', `/sandbox/v1/operations/${id}/confirm`);
    const c = await f.open(`operations/${id}`);
    await c.notificationByStatus('delivered').waitFor({ timeout: 30_000 });
    await c.tid('attempt-toggle').first().click();
    // The opened attempt renders after the click's state update: wait for its content, then read it.
    await c.attempts().first().filter({ hasText: 'received-by-merchant' }).waitFor();
    const text = await c.attempts().first().textContent();
    expect(text).toContain('received-by-merchant');
    expect(text).toContain(`trans_ID=${fields.trans_id}`);
  });
});
