import { beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { eventually, startReceiver } from '../helpers/receiver.js';
import { control } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { focusIndicator, tabTo } from './pages/console.js';

const focusedTestId = (c: { page: { evaluate: (s: string) => Promise<unknown> } }) =>
  c.page.evaluate(`document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName`);

describe.skipIf(!hasChromium)('console by keyboard alone, with visible focus', () => {
  const f = useConsoleFixture();
  beforeAll(async () => {
    const receiver = await startReceiver({ status: 200, body: 'ok' });
    await control(f.sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: receiver.url + '/notify' } });
  });

  it('opens an operation from the list and confirms it; focus then rests on the page heading', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const c = await f.open('operations');
    await tabTo(c.page, `[data-testid="op-row"][data-trans-id="${fields.trans_id}"]`);
    await c.page.keyboard.press('Enter');
    await c.detailWithStatus('pending').waitFor();
    await tabTo(c.page, '[data-testid="action-confirm"]');
    await c.page.keyboard.press('Enter');
    await c.detailWithStatus('confirmed').waitFor();
    await c.page.waitForFunction(`document.activeElement?.tagName === 'H1'`);
    expect((await focusIndicator(c.page)).visible).toBe(true);
  });

  it('rejects with a card code from the dialog: focus moves in, Tab stays in, Escape and the end give focus back', async () => {
    const { fields } = await createPayment(f.sb.url, 36, { filter_by: 'card' });
    const id = await f.opIdOf(fields.trans_id!);
    const c = await f.open(`operations/${id}`);
    await c.detailWithStatus('pending').waitFor();
    await tabTo(c.page, '[data-testid="action-reject"]');
    await c.page.keyboard.press('Enter');
    await c.rejectSubmit().waitFor();
    expect(await focusedTestId(c)).toBe('reject-code');
    // Escape closes the dialog and gives focus back to the button that opened it.
    await c.page.keyboard.press('Escape');
    await c.rejectSubmit().waitFor({ state: 'detached' });
    expect(await focusedTestId(c)).toBe('action-reject');
    expect((await focusIndicator(c.page)).visible).toBe(true);

    await c.page.keyboard.press('Enter');
    await c.rejectSubmit().waitFor();
    await tabTo(c.page, '[data-testid="reject-card"]', { back: true });
    await c.page.keyboard.press('ArrowDown');
    const card = await c.rejectCard().inputValue();
    expect(card).toMatch(/^\d{4}$/);
    expect(await c.rejectCode().inputValue()).toBe(card);
    await tabTo(c.page, '[data-testid="reject-submit"]');
    // Tab past the last control wraps inside the dialog instead of escaping to the page behind it.
    await c.page.keyboard.press('Tab');
    expect(await c.page.evaluate(`Boolean(document.activeElement?.closest('[role="dialog"]'))`)).toBe(true);
    await tabTo(c.page, '[data-testid="reject-submit"]');
    await c.page.keyboard.press('Enter');
    await c.detailWithStatus('rejected').waitFor();
    await c.page.waitForFunction(`document.activeElement?.tagName === 'H1'`);
    expect((await focusIndicator(c.page)).visible).toBe(true);
    const op = await control(f.sb).getOperation({ id });
    expect(op.events.find((e) => e.kind === 'rejected')!.details).toMatchObject({
      card_failure_code: card,
      rejection_code: card,
    });
  });

  it('injects a SPEI transfer prefilled from a pending operation; focus stays on the send button', async () => {
    const { fields } = await createPayment(f.sb.url, 41, { amount: '321.00' }, { shopper: { Num_doc_identi: 'MAGA800101AB1' } });
    const id = await f.opIdOf(fields.trans_id!);
    const c = await f.open('');
    await c.page.keyboard.press('3');
    await c.speiPrefill().waitFor();
    await tabTo(c.page, '[data-testid="spei-prefill"]');
    await c.page.keyboard.press('ArrowDown');
    expect(await c.speiPrefill().inputValue()).toBe(String(id));
    expect(await c.speiField('amount').inputValue()).toBe('321.00');
    await tabTo(c.page, '[data-testid="spei-submit"]');
    await c.page.keyboard.press('Enter');
    await c.page.locator('[data-testid="spei-row"][data-result="matched"]').first().waitFor();
    expect(await focusedTestId(c)).toBe('spei-submit');
    expect((await focusIndicator(c.page)).visible).toBe(true);
    expect((await control(f.sb).getOperation({ id })).status).toBe('confirmed');
  });

  it('resends a notification; the new attempt appears and focus stays on the resend button', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const id = await f.opIdOf(fields.trans_id!);
    await control(f.sb).confirmOperation({ id });
    await eventually(async () => (await control(f.sb).listNotifications({ query: { operation_id: id } })).items[0]?.status === 'delivered');
    const c = await f.open(`operations/${id}`);
    await c.notificationByStatus('delivered').waitFor();
    await tabTo(c.page, '[data-testid="notification-resend"]');
    await c.page.keyboard.press('Enter');
    await c.page.waitForFunction(`document.querySelectorAll('[data-testid="attempt"]').length === 2`, undefined, { timeout: 20_000 });
    expect(await focusedTestId(c)).toBe('notification-resend');
    expect((await focusIndicator(c.page)).visible).toBe(true);
  });
});

describe.skipIf(!hasChromium)('console: live updates are announced politely and never move focus', () => {
  const f = useConsoleFixture();

  it('a payment arriving in the open list updates the polite count while the search box keeps focus', async () => {
    await createPayment(f.sb.url, 17);
    const c = await f.open('operations');
    await c.opRows().first().waitFor();
    const count = c.tid('ops-count');
    expect(await count.getAttribute('role')).toBe('status');
    const before = await count.textContent();
    await c.page.keyboard.press('/');
    expect(await focusedTestId(c)).toBe('ops-search');
    const { fields } = await createPayment(f.sb.url, 5);
    await c.opRowByTransId(fields.trans_id!).waitFor();
    await c.page.waitForFunction(`document.querySelector('[data-testid="ops-count"]')?.textContent !== ${JSON.stringify(before)}`);
    expect(await focusedTestId(c)).toBe('ops-search');
  });

  it('a status change from outside is spoken by the detail page’s status region while focus stays put', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const id = await f.opIdOf(fields.trans_id!);
    const c = await f.open(`operations/${id}`);
    await c.detailWithStatus('pending').waitFor();
    await tabTo(c.page, '[data-testid="action-checkout"]');
    const region = c.tid('op-status-live');
    expect(await region.getAttribute('role')).toBe('status');
    await control(f.sb).confirmOperation({ id });
    await c.detailWithStatus('confirmed').waitFor();
    expect(await region.textContent()).toBe('Status: Confirmed');
    expect(await focusedTestId(c)).toBe('action-checkout');
  });
});
