import { describe, expect, it } from 'vitest';
import { newCheckout } from '../checkout/support.js';
import { control } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { openCheckout, sel, useCheckoutBrowser } from './pages/checkout.js';

// The hosted pages as a class meets them: in the shopper's language (address, browser, switch), in
// the system's theme, and staying on the sandbox when the merchant's return address is on a domain
// reserved for examples (the documents' https://shop.example/ok). SHOTS_DIR=… keeps screenshots.
const shot = (name: string) => (process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true } : undefined);
const EXAMPLE_RETURNS = { url_ok: 'https://shop.example/ok', url_error: 'https://shop.example/error' };

/** Words that only an English page would show; a Spanish page must contain none of them. */
const ENGLISH = /\b(Card declined|Insufficient funds|Payment|Secure|Reference|Time left|Cancel|Approve|Choose)\b/;

describe.skipIf(!hasChromium)('hosted checkout: language, theme, and return addresses it cannot open', () => {
  const fx = useCheckoutBrowser();

  it('speaks the browser’s language, switches on request, and keeps the choice on the pages that follow', async () => {
    const c = await newCheckout(fx.sb.url, 36, { filter_by: 'card' });
    const p = await openCheckout(fx.browser, c.address, { width: 1280, height: 900 }, { locale: 'en-US' });
    try {
      expect(await p.page.getAttribute('html', 'lang')).toBe('en');
      expect(await p.page.textContent('h1')).toBe('Pay by card');
      expect(await p.page.textContent('[data-testid="lang-en"]')).toBe('EN');
      await Promise.all([p.page.waitForURL(/lang=es/), p.page.click('[data-testid="lang-es"]')]);
      expect(await p.page.getAttribute('html', 'lang')).toBe('es');
      expect(await p.page.textContent('h1')).toBe('Paga con tarjeta');
      // The choice outlives the address: a declined card's page (after a form post) is still Spanish.
      const yy = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
      await p.payByCard({ holder: 'Ana Gómez', number: '4000 0000 0000 9995', exp: `11/${yy}`, cvv: '123' });
      await p.page.waitForSelector(sel.rejectionCode);
      expect(await p.page.textContent(sel.rejectionCode)).toBe('Código 3003: Fondos insuficientes');
      const main = (await p.page.textContent('main'))!;
      expect(main).not.toMatch(ENGLISH);
      expect(main).not.toMatch(/resources\/|\.json\b/);
    } finally {
      await p.close();
    }
  });

  it('reads lang= from the address and shows every text of a page in that language', async () => {
    const c = await newCheckout(fx.sb.url, 41);
    for (const lang of ['es', 'en'] as const) {
      const p = await openCheckout(
        fx.browser,
        `${c.address}&lang=${lang}`,
        { width: 1280, height: 900 },
        { locale: lang === 'es' ? 'en-US' : 'es-MX' },
      );
      try {
        expect(await p.page.getAttribute('html', 'lang')).toBe(lang);
        expect(await p.page.textContent('h1')).toBe(lang === 'es' ? 'Paga con transferencia SPEI' : 'Pay by SPEI transfer');
        const body = (await p.page.textContent('body'))!;
        if (lang === 'es') expect(body).not.toMatch(ENGLISH);
        else expect(body).not.toMatch(/\b(Pago|Tiempo|Cancelar|Referencia|Esperando)\b/);
        await p.page.screenshot(shot(`checkout-41-${lang}-light`));
      } finally {
        await p.close();
      }
    }
  });

  it('follows the system’s dark theme, with readable text on every surface', async () => {
    const c = await newCheckout(fx.sb.url, 17, { filter_by: 'instant_key' });
    for (const scheme of ['light', 'dark'] as const) {
      const p = await openCheckout(fx.browser, `${c.address}&lang=en`, { width: 1280, height: 900 }, { colorScheme: scheme });
      try {
        const colours = (await p.page.evaluate(`({
          body: getComputedStyle(document.body).backgroundColor,
          card: getComputedStyle(document.querySelector('.card')).backgroundColor,
          text: getComputedStyle(document.querySelector('.card h1')).color,
        })`)) as { body: string; card: string; text: string };
        const light = (c: string) => {
          const [r, g, b] = (c.match(/\d+/g) ?? []).map(Number);
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 128;
        };
        expect(light(colours.body), `${scheme} body ${colours.body}`).toBe(scheme === 'light');
        expect(light(colours.card), `${scheme} card ${colours.card}`).toBe(scheme === 'light');
        expect(light(colours.text), `${scheme} text ${colours.text}`).toBe(scheme === 'dark');
        await p.page.screenshot(shot(`checkout-17-en-${scheme}`));
      } finally {
        await p.close();
      }
    }
  });

  it('after approval, a return address on shop.example keeps the shopper on the paid page with the link', async () => {
    const c = await newCheckout(fx.sb.url, 17, { filter_by: 'wallet_push', ...EXAMPLE_RETURNS });
    const p = await openCheckout(fx.browser, c.address, { width: 1280, height: 900 }, { colorScheme: 'dark' });
    try {
      await p.page.waitForSelector(sel.waiting);
      await control(fx.sb).confirmOperation({ id: c.id });
      await p.page.waitForURL(/done=1/, { timeout: 15_000 });
      await p.page.waitForSelector('[data-testid="stays-on-page"]');
      expect(await p.page.textContent(sel.result)).toContain('Pago aprobado');
      expect(await p.page.textContent('[data-testid="return-url"]')).toBe('https://shop.example/ok');
      expect(await p.page.getAttribute('[data-testid="back-to-merchant"]', 'href')).toBe('https://shop.example/ok');
      await p.page.screenshot(shot('checkout-17-es-dark-paid'));
      // The page's own redirect timer would have fired by now (2.5 s); it has none.
      expect(await p.page.locator('body').getAttribute('data-redirect-to')).toBeNull();
      expect(new URL(p.page.url()).origin).toBe(fx.sb.url);
    } finally {
      await p.close();
    }
  });

  it('channel 41: a SPEI transfer lands while the page is open and the shopper sees the paid page', async () => {
    const c = await newCheckout(fx.sb.url, 41, { ...EXAMPLE_RETURNS, amount: '1234.56' });
    const p = await openCheckout(fx.browser, `${c.address}&lang=en`, { width: 1280, height: 900 });
    try {
      await p.page.waitForSelector('[data-testid="clabe"]');
      const clabe = (await p.page.textContent('[data-testid="clabe"]'))!.replace(/\s/g, '');
      const rfc = (await p.page.textContent('[data-testid="shopper-rfc"]'))!;
      const op = await control(fx.sb).getOperation({ id: c.id });
      const sent = await control(fx.sb).injectTransfer({ body: { clabe, amount: op.amount, rfc } });
      expect(sent, JSON.stringify(sent)).toMatchObject({ matched_operation_id: c.id });
      await p.page.waitForSelector('[data-testid="stays-on-page"]', { timeout: 15_000 });
      expect(await p.page.textContent(sel.result)).toContain('Payment approved');
      expect(await p.page.getAttribute('[data-testid="back-to-merchant"]', 'href')).toBe('https://shop.example/ok');
      await p.page.screenshot(shot('checkout-41-en-light-paid'));
    } finally {
      await p.close();
    }
  });
});
