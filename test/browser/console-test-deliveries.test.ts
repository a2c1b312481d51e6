import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { control, sha256 } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { morePage } from './pages/console-more.js';

/** Notification signature (standard layout): time channel amount currency trans_ID secret. */
const notificationSignature = (f: Record<string, string>) =>
  sha256(`${f.time}${f.channel}${f.amount}${f.currency}${f.trans_ID}sk_sandbox_demo`);

describe.skipIf(!hasChromium)('console: test deliveries', () => {
  const f = useConsoleFixture();
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver({ status: 200, body: 'ok' });
    await control(f.sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: receiver.url + '/notify' } });
  });
  afterAll(() => receiver?.close());

  const confirmedPayment = async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const id = await f.opIdOf(fields.trans_id!);
    await control(f.sb).confirmOperation({ id });
    await eventually(async () => (await control(f.sb).listNotifications({ query: { operation_id: id } })).items[0]?.status === 'delivered');
    return { id, transId: fields.trans_id! };
  };

  it('sends a broken-signature test delivery from the notifications screen, marked as a test in its attempts', async () => {
    const { id, transId } = await confirmedPayment();
    const before = receiver.received.length;
    const c = await f.open('notifications');
    const m = morePage(c.page);
    const original = c.page.locator(`[data-testid="notification"][data-test=""]`).first();
    await original.getByTestId('test-delivery-open').click();
    await original.getByTestId('test-delivery-broken_signature').click();
    const test = m.notificationWithTest('broken_signature').first();
    await test.waitFor();
    expect(await test.getByTestId('notification-test-label').textContent()).toContain('TEST');
    expect(await test.getByTestId('attempt-test').count()).toBe(1);
    // The merchant got the same fields with a signature that does not verify.
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.fields.trans_ID).toBe(transId);
    expect(got[0]!.fields.signature).not.toBe(notificationSignature(got[0]!.fields));
    const rows = (await control(f.sb).listNotifications({ query: { operation_id: id } })).items;
    expect(rows.map((n) => n.test_label).sort()).toEqual(['broken_signature', null].sort());
  });

  it('sends a changed-fields test delivery from the operation detail', async () => {
    const { id } = await confirmedPayment();
    const before = receiver.received.length;
    const c = await f.open(`operations/${id}`);
    const m = morePage(c.page);
    await m.testMenuOpen().first().click();
    await m.testDelivery('changed_fields').first().click();
    await m.testFields().fill('amount=1.00');
    await m.testSend().click();
    await m.notificationWithTest('changed_fields').waitFor();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.fields.amount).toBe('1.00');
    // Re-signed by default: the edited payload still verifies.
    expect(got[0]!.fields.signature).toBe(notificationSignature(got[0]!.fields));
  });
});
