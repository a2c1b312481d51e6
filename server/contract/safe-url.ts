/*
 * The one rule for addresses the sandbox or its console puts in a link or navigates to (a checkout
 * page's return to url_ok / url_error, its bank-app hop, the console's checkout link): an absolute
 * http(s) URL with a host, nothing else. Stored values are not trusted for this, whatever checked them
 * on the way in: a bundle, a scenario or an older data dir may hold `javascript:`, `data:` or `file:`.
 */

/** Longest address accepted as a link target; longer stored values are shown as text, never followed. */
export const MAX_LINK_URL_LENGTH = 2048;

/**
 * The URL as the browser will read it (the parser's own serialisation, so what was checked is exactly
 * what is rendered), or null when `raw` is not an absolute http(s) URL with a host.
 */
export function safeHttpUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_LINK_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.hostname === '' ? null : url.href;
}

export const isSafeHttpUrl = (raw: unknown): raw is string => safeHttpUrl(raw) !== null;

/** Names reserved for examples, documentation and tests (RFC 2606, RFC 6761): nobody serves them. */
const RESERVED_NAMES = ['example', 'test', 'invalid', 'example.com', 'example.net', 'example.org'];

/**
 * Whether an address is on a domain reserved for examples and tests (`shop.example`, `x.test`,
 * `a.invalid`, `example.com/.net/.org`, `*.localhost`), which no browser can open: a page that
 * navigated there by itself would end on "This site can't be reached". Plain `localhost` is a
 * merchant's own machine, reachable, and is not one of them.
 */
export function isExampleAddress(raw: string): boolean {
  let host: string;
  try {
    host = new URL(raw).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return host.endsWith('.localhost') || RESERVED_NAMES.some((name) => host === name || host.endsWith(`.${name}`));
}
