import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { control, DEMO } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { merchantEdit, payoutsPage } from './pages/console-payouts.js';

const SHOTS = '/tmp/shots/payouts';
const item = (n: number, amount: number, channel = 'https://beneficiary.example/otp') => ({
  order_id: 9000 + n,
  credit_note: `CN-UI-${Date.now()}-${n}`,
  account_id: '000123456789',
  account_type: 'corriente',
  vat_id: '12345678-5',
  vat_id_type: 'RUT',
  name: 'Juana Pérez',
  amount,
  channel,
  bank: 37,
});

describe.skipIf(!hasChromium)('console: payouts screen and payout login', () => {
  const f = useConsoleFixture();
  let ids: number[] = [];
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const res = await fetch(f.sb.url + '/api/transactions/', {
      method: 'POST',
      headers: { authorization: `Token ${DEMO.payout_token}`, 'content-type': 'application/json' },
      body: JSON.stringify([item(1, 1000), item(2, 1001, 'transferencia')]),
    });
    ids = ((await res.json()) as { data: { id: number }[] }).data.map((d) => d.id);
  });

  it('shows transfer_status in words and the warnings, and forces each value 2–5', async () => {
    const c = await f.open('payouts', { size: 'small' });
    const p = payoutsPage(c.page);
    const [even, odd] = ids as [number, number];
    await p.transferStatusIs(even, 1).waitFor();
    expect(await p.transferStatus(even).innerText()).toContain('in process');
    expect(await p.warningCount(odd).innerText()).toContain('2');
    await p.expand(odd).click();
    expect(await p.warnings().innerText()).toContain('channel: sent "transferencia"');
    for (const n of [2, 5, 4, 3]) {
      await p.forceValue(even).selectOption(String(n));
      await p.force(even).click();
      await p.transferStatusIs(even, n).waitFor();
      expect((await control(f.sb).getPayout({ id: even })).transfer_status).toBe(n);
    }
    expect(await p.transferStatus(even).innerText()).toContain('rejected');
    await c.page.screenshot({ path: `${SHOTS}/payouts-en.png` });
    const overflow = Number(await c.page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(overflow).toBeLessThanOrEqual(0);
  }, 60_000);

  it('shows transfer_status words and the warnings in Spanish', async () => {
    await control(f.sb).forceTransferStatus({ id: ids[1]!, body: { transfer_status: 4 } });
    const c = await f.open('payouts', { size: 'small', lang: 'es' });
    const p = payoutsPage(c.page);
    await p.transferStatusIs(ids[1]!, 4).waitFor();
    expect(await p.transferStatus(ids[1]!).innerText()).toContain('rechazado por el banco');
    await p.expand(ids[1]!).click();
    expect(await p.warnings().innerText()).toContain(
      'channel: se envió "transferencia"; el servicio pide una dirección http(s) que reciba la referencia y el OTP',
    );
    expect(await p.warnings().innerText()).toContain('order_id: se envió 9002; el servicio pide un String; se guardó como "9002"');
    await c.page.screenshot({ path: `${SHOTS}/payouts-es.png` });
  }, 60_000);

  it('edits the payout login in the merchant editor, and the new password logs in', async () => {
    const c = await f.open('merchants', { size: 'small' });
    const p = payoutsPage(c.page);
    await merchantEdit(c.page, DEMO.public_key).click();
    expect(await p.editUsername().inputValue()).toBe('payout_demo');
    await p.editPassword().fill('pw_changed_in_console');
    await c.page.screenshot({ path: `${SHOTS}/merchant-editor.png` });
    await p.editSave().click();
    await p.editSave().waitFor({ state: 'detached' });
    const login = (password: string) =>
      fetch(f.sb.url + '/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'payout_demo', password }),
      });
    expect((await login('pw_changed_in_console')).status).toBe(200);
    expect((await login('pw_sandbox_demo')).status).toBe(401);
  }, 60_000);
});
