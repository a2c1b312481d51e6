import { describe, expect, it } from 'vitest';
import { bankCredentials } from '../../server/checkout/test-credentials.js';
import { control } from '../helpers/sandbox.js';
import { newCheckout } from '../checkout/support.js';
import { hasChromium } from './pages/console-browser.js';
import { openCheckout, RETURNS, sel, useCheckoutBrowser } from './pages/checkout.js';

describe.skipIf(!hasChromium)('hosted checkout in a browser', () => {
  const fx = useCheckoutBrowser();

  it('channel 5: signs in to the test bank, passes the three steps and lands on url_ok', async () => {
    const creds = bankCredentials();
    const c = await newCheckout(fx.sb.url, 5, { filter_by: 'cl_test', ...RETURNS });
    const p = await openCheckout(fx.browser, c.address);
    try {
      await p.fill({ rut: creds.rut, password: 'nope' });
      await p.continueBank();
      await expect(p.page.textContent(sel.error)).resolves.toContain('RUT o clave incorrectos');
      await p.fill({ rut: creds.rut, password: creds.password });
      await p.continueBank();
      expect(await p.bankStep()).toBe('account');
      await p.page.check(sel.account(creds.accounts[0]!.id));
      await p.continueBank();
      await p.fill({ code: creds.activation_code });
      await p.continueBank();
      await p.fill(Object.fromEntries(Object.entries(creds.coordinates).map(([k, v]) => [`coord_${k}`, v])));
      await p.continueBank();
      expect(await p.bankStep()).toBe('sms');
      await p.fill({ code: creds.sms_code });
      await p.continueBank();
      await expect(p.page.textContent(sel.result)).resolves.toContain('Pago aprobado');
      await p.waitForMerchant('ok');
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('channel 17 wallet_push: waits, then follows a control-API confirmation to url_ok', async () => {
    const c = await newCheckout(fx.sb.url, 17, { filter_by: 'wallet_push', ...RETURNS });
    const p = await openCheckout(fx.browser, c.address);
    try {
      await p.page.waitForSelector(sel.waiting);
      await expect(p.page.textContent(sel.countdown)).resolves.toMatch(/^1[45]:\d\d$/);
      await control(fx.sb).confirmOperation({ id: c.id });
      await p.waitForMerchant('ok');
    } finally {
      await p.close();
    }
  });

  it('channel 36: a failing test card shows its code and returns to url_error', async () => {
    const c = await newCheckout(fx.sb.url, 36, { filter_by: 'card', ...RETURNS });
    const p = await openCheckout(fx.browser, c.address, { width: 1280, height: 800 });
    try {
      const yy = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
      await p.payByCard({ holder: 'Ana Gómez', number: '4000 0000 0000 9979', exp: `11/${yy}`, cvv: '123' });
      await p.page.waitForSelector(sel.rejectionCode);
      expect(await p.page.getAttribute(sel.rejectionCode, 'data-code')).toBe('3004');
      await p.waitForMerchant('error');
    } finally {
      await p.close();
    }
  });

  it('channel 41: the shopper cancels and goes to url_error', async () => {
    const c = await newCheckout(fx.sb.url, 41, RETURNS);
    const p = await openCheckout(fx.browser, c.address);
    try {
      await p.page.click(sel.shopperCancel);
      await p.waitForMerchant('error');
      const op = await control(fx.sb).getOperation({ id: c.id });
      expect(op.status).toBe('cancelled');
    } finally {
      await p.close();
    }
  });

  it('an open page follows a clock advance past expiry to url_error, and the address then shows the closed page', async () => {
    const c = await newCheckout(fx.sb.url, 40, RETURNS);
    const p = await openCheckout(fx.browser, c.address);
    try {
      await p.page.waitForSelector(sel.waiting);
      await control(fx.sb).advanceClock({ body: { minutes: 31 } });
      await p.waitForMerchant('error');
      await p.page.goto(c.address);
      expect(await p.page.getAttribute(sel.closedStatus, 'data-status')).toBe('expired');
      expect(await p.page.locator('form').count()).toBe(0);
    } finally {
      await p.close();
    }
  });
});
