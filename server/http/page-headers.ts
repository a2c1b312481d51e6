/**
 * Security headers of the sandbox's own pages: the console is never framed; checkout pages may be
 * framed (merchants embed them) and run only the sandbox's own scripts.
 *
 * The console drives the control API with one click, so no other page may frame it (clickjacking).
 * Checkout pages may be framed, because merchants embed them (a published WooCommerce integration
 * opens the checkout in an iframe); their policy runs only the sandbox's own script file, which
 * also blocks inline handlers and `javascript:` navigations. Inline `style` attributes are plain
 * layout and stay allowed.
 */
export const CONSOLE_PAGE_HEADERS: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

export const CHECKOUT_PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; '),
};
