import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control } from '../helpers/sandbox.js';
import { client2018Fields, formPost, phpStyleHandler, plugin2019Fields } from '../protocol/clients.js';
import { hasChromium } from './pages/console-browser.js';
import { MERCHANT, openCheckout, sel, useCheckoutBrowser } from './pages/checkout.js';

const SHOP = { publicKey: 'pk_tienda_chromium', secret: 'sk_tienda_chromium' };
const RETURN = { url_ok: `${MERCHANT}/ok`, url_error: `${MERCHANT}/error`, url_erro: `${MERCHANT}/error` };
let handler: Awaited<ReturnType<typeof phpStyleHandler>>;

describe.skipIf(!hasChromium)('legacy checkout pages in a browser', () => {
  const fx = useCheckoutBrowser();
  beforeAll(async () => {
    handler = await phpStyleHandler(SHOP.publicKey, SHOP.secret);
    await control(fx.sb).createMerchant({
      body: {
        name: 'Tienda WooCommerce',
        public_key: SHOP.publicKey,
        secret_key: SHOP.secret,
        protocol: 'legacy',
        success_url: handler.url,
      },
    });
  });
  afterAll(async () => {
    await handler?.close();
  });

  it('a 2019 plugin card payment: the test card pays, the handler gets the confirmation, the shopper returns to url_ok', async () => {
    const { url_erro: _, ...ret } = RETURN;
    const f = plugin2019Fields({ ...SHOP, channel: '3', fields: ret });
    const r = await formPost(`${fx.sb.url}/justpay/check-out/SecurePayment`, f);
    expect(r.status).toBe(200);
    const p = await openCheckout(fx.browser, r.text);
    try {
      await p.payByCard({ holder: 'Camila Rojas', number: '4111 1111 1111 1111', exp: '12/40', cvv: '123' });
      await expect(p.page.textContent(sel.result)).resolves.toContain('Pago aprobado');
      const got = await handler.order(f.trans_id!);
      expect(got.verified).toBe(true);
      expect(got.request).toMatchObject({ channel: '3', currency: 'COP', amount: '25000.00', payment_method: 'card' });
      await p.waitForMerchant('ok');
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('a declining test card shows its code (3001–3005) and sends the shopper to url_error', async () => {
    const { url_erro: _, ...ret } = RETURN;
    const r = await formPost(`${fx.sb.url}/justpay.cert/check-out/SecurePayment`, plugin2019Fields({ ...SHOP, channel: '3', fields: ret }));
    const p = await openCheckout(fx.browser, r.text);
    try {
      await p.payByCard({ holder: 'Camila Rojas', number: '4000000000009995', exp: '12/40', cvv: '123' });
      await expect(p.page.getAttribute(sel.rejectionCode, 'data-code')).resolves.toBe('3003');
      await p.waitForMerchant('error');
    } finally {
      await p.close();
    }
  });

  it('a 2018 channel 0 payment: the shopper chooses the bank transfer, picks a bank and authorises it', async () => {
    const f = client2018Fields({ ...SHOP, channel: '0', fields: { url_ok: RETURN.url_ok, url_erro: RETURN.url_erro } });
    const r = await formPost(`${fx.sb.url}/justpay/check-out/SecurePayment.php`, f);
    const p = await openCheckout(fx.browser, r.text);
    try {
      await Promise.all([p.page.waitForLoadState('load'), p.page.click('[data-testid="method-bank"]')]);
      await p.page.selectOption('[data-testid="bank-select"]', { index: 1 });
      await Promise.all([p.page.waitForLoadState('load'), p.page.click(sel.bankContinue)]);
      await p.page.click('[data-testid="bank-approve"]');
      await expect(p.page.textContent(sel.result)).resolves.toContain('Pago aprobado');
      const got = await handler.order(f.trans_ID!);
      expect(got.request).toMatchObject({ channel: '0', payment_method: 'bank_transfer' });
      await p.waitForMerchant('ok');
    } finally {
      await p.close();
    }
  });

  it('a wallet (channel 4) payment is approved in the wallet; cash (channel 2) shows a voucher to download', async () => {
    const wallet = client2018Fields({
      ...SHOP,
      channel: '4',
      fields: { url_ok: RETURN.url_ok, url_erro: RETURN.url_erro, curency: 'CLP' },
    });
    const p = await openCheckout(fx.browser, (await formPost(`${fx.sb.url}/justpay/check-out/SecurePayment`, wallet)).text);
    try {
      await p.page.click('[data-testid="bank-approve"]');
      await expect(p.page.textContent(sel.result)).resolves.toContain('Pago aprobado');
      expect((await handler.order(wallet.trans_ID!)).request.payment_method).toBe('wallet');
    } finally {
      await p.close();
    }
    const cash = plugin2019Fields({ ...SHOP, channel: '2', fields: { currency: 'MXN' } });
    const c = await openCheckout(fx.browser, (await formPost(`${fx.sb.url}/justpay/check-out/SecurePayment`, cash)).text);
    try {
      await c.page.waitForSelector('[data-testid="voucher-reference"]');
      const pdf = await c.page.getAttribute('[data-testid="voucher-pdf"]', 'href');
      const res = await fetch(fx.sb.url + pdf!);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    } finally {
      await c.close();
    }
  });

  it('the error page a 2018 client is sent to explains the code in Spanish and English', async () => {
    const r = await formPost(`${fx.sb.url}/justpay/check-out/SecurePayment`, client2018Fields({ ...SHOP, fields: { amount: null } }));
    const p = await openCheckout(fx.browser, r.text);
    try {
      await expect(p.page.textContent('[data-testid="legacy-error-es"]')).resolves.toContain('Falta amount');
      await expect(p.page.textContent('[data-testid="legacy-error-en"]')).resolves.toContain('amount is missing');
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
