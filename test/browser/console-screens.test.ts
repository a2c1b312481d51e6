import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { control, DEMO } from '../helpers/sandbox.js';
import { hasChromium, SIZES } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';

const SHOTS = '/tmp/shots/console';
const SCREENS = ['overview', 'operations', 'operation', 'spei', 'notifications', 'payouts', 'merchants', 'requests', 'tools'] as const;

const payoutItem = (n: number, amount: number) => ({
  order_id: `ORD-SHOT-${n}`,
  credit_note: `CN-SHOT-${Date.now()}-${n}`,
  account_id: '000123456789',
  account_type: 'current',
  vat_id: '12345678-5',
  vat_id_type: 'RUT',
  name: 'Juana Pérez',
  amount,
  channel: 'https://beneficiary.example/otp',
  bank: 37,
});

describe.skipIf(!hasChromium)('console: every screen at 1280×800 and 1920×1080', () => {
  const f = useConsoleFixture();
  let receiver: Receiver;
  let opId = 0;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    receiver = await startReceiver({ status: 200, body: 'ok' });
    const base = f.sb.url;
    const sandbox = control(f.sb);
    await sandbox.updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: receiver.url + '/notify' } });
    for (const ch of [17, 41, 36, 5, 38, 41, 17]) await createPayment(base, ch);
    const first = await createPayment(base, 41, { amount: '1500.50' });
    const ops = (await sandbox.listOperations({ query: { limit: 20 } })).items;
    opId = ops.find((o) => o.trans_id === first.fields.trans_id!)!.id;
    await sandbox.confirmOperation({ id: ops[1]!.id });
    await sandbox.rejectOperation({ id: ops[2]!.id, body: { rejection_code: 'R01', rejection_message: 'Declined' } });
    const m = (await sandbox.listMerchants()).items[0]!;
    await sandbox.injectTransfer({ body: { clabe: m.clabe!, amount: '1.23', rfc: 'XAXX010101000' } });
    await fetch(base + '/api/transactions/', {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO.payout_token}`, 'content-type': 'application/json' },
      body: JSON.stringify([payoutItem(1, 1000), payoutItem(2, 1001)]),
    });
  });

  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    it(`lays out every screen without horizontal overflow at ${SIZES[size].width}×${SIZES[size].height}`, async () => {
      const c = await f.open('', { size });
      for (const screen of SCREENS) {
        await c.goto(screen === 'operation' ? `operations/${opId}` : screen);
        // Lazy screens and their data are in once no loading placeholder is left.
        await c.page.waitForFunction(`!document.querySelector('.loading')`);
        await c.page.waitForTimeout(150);
        await c.page.screenshot({ path: `${SHOTS}/${screen}-${SIZES[size].width}x${SIZES[size].height}.png` });
        const overflow = Number(await c.page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
        expect(overflow, `${screen} overflows horizontally`).toBeLessThanOrEqual(0);
        expect(await c.page.locator('[data-testid="error-box"]').count(), `${screen} shows an error`).toBe(0);
      }
      // Dark theme of the busiest screens.
      await c.themeToggle().click();
      for (const screen of ['overview', 'operation'] as const) {
        await c.goto(screen === 'operation' ? `operations/${opId}` : screen);
        await c.page.waitForTimeout(200);
        await c.page.screenshot({ path: `${SHOTS}/${screen}-dark-${SIZES[size].width}x${SIZES[size].height}.png` });
      }
    }, 60_000);
  }
});
