import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox } from '../../helpers/sandbox.js';
import { launch } from './console-browser.js';

/**
 * Where the merchant's return addresses land in browser tests (answered locally, never the network).
 * Not a domain reserved for examples: the pages go back to it by themselves.
 */
export const MERCHANT = 'https://tienda.acme-pagos.co';
/** Creation fields that point the return addresses at MERCHANT. */
export const RETURNS = { url_ok: `${MERCHANT}/ok`, url_error: `${MERCHANT}/error` };

/** Selectors of the hosted checkout pages, in one place. */
export const sel = {
  result: '[data-testid="result"]',
  closedStatus: '[data-testid="closed-status"]',
  waiting: '[data-testid="waiting"]',
  countdown: '[data-testid="countdown"] b',
  bankStep: '[data-testid="test-bank"]',
  bankContinue: '[data-testid="bank-continue"]',
  error: '[data-testid="error"]',
  field: (name: string) => `[data-testid="field-${name}"]`,
  account: (id: string) => `[data-testid="account-${id}"]`,
  card: (name: string) => `[data-testid="card-${name}"]`,
  cardSubmit: '[data-testid="card-submit"]',
  rejectionCode: '[data-testid="rejection-code"]',
  shopperCancel: '[data-testid="shopper-cancel"]',
} as const;

/** A checkout page in its own browser context, with the merchant's return pages stubbed. */
export async function openCheckout(
  browser: Browser,
  address: string,
  viewport = { width: 390, height: 844 },
  options: { locale?: string; colorScheme?: 'light' | 'dark' } = {},
) {
  // A Latin-American shopper's browser unless a test says otherwise: the pages answer in Spanish.
  const context: BrowserContext = await browser.newContext({ viewport, locale: 'es-CO', ...options });
  await context.route(`${MERCHANT}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>merchant</h1>' }));
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(address);
  return {
    page,
    errors,
    close: () => context.close(),
    /** Current step of the test bank (data-step). */
    bankStep: () => page.getAttribute(sel.bankStep, 'data-step'),
    async fill(values: Record<string, string>) {
      for (const [k, v] of Object.entries(values)) await page.fill(sel.field(k), v);
    },
    async continueBank() {
      await Promise.all([page.waitForLoadState('load'), page.click(sel.bankContinue)]);
    },
    async payByCard(card: { holder: string; number: string; exp: string; cvv: string }) {
      for (const [k, v] of Object.entries(card)) await page.fill(sel.card(k), v);
      await page.click(sel.cardSubmit);
    },
    waitForMerchant: (path: 'ok' | 'error', timeout = 8000) => page.waitForURL(`${MERCHANT}/${path}`, { timeout }),
  };
}

/** A sandbox and a browser for one file of checkout-page tests: started before its tests, stopped after. */
export function useCheckoutBrowser() {
  const state = { sb: null as Awaited<ReturnType<typeof startSandbox>> | null, browser: null as Browser | null };
  beforeAll(async () => {
    state.sb = await startSandbox();
    state.browser = await launch();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.sb?.stop();
  });
  return {
    get sb() {
      if (!state.sb) throw new Error('sandbox not started');
      return state.sb;
    },
    get browser(): Browser {
      if (!state.browser) throw new Error('browser not started');
      return state.browser;
    },
  };
}
