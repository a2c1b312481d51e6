// Navigation, new-window, permission and CSP rules of the desktop window. The decisions are pure
// functions (unit-tested without Electron); the installers below only wire them to Electron events.
import type { BrowserWindowOptions, Session, WebContents, WindowOpenResponse } from './electron-types.js';

/** What to do with a navigation or a new-window request. */
export type NavigationDecision = 'allow' | 'external' | 'deny';

/** `http://HOST:PORT` of the sandbox, from its base URL. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** True only for http(s) URLs whose origin is exactly the sandbox's (scheme, host and port). */
export function isSandboxUrl(url: string, sandboxOrigin: string): boolean {
  return originOf(url) === sandboxOrigin;
}

/**
 * The window shows only the sandbox. Other http(s) pages (a merchant's url_ok, the provider docs)
 * go to the system browser, where the user's own browser protections apply; every other scheme
 * (file:, javascript:, data:, blob:, about:, custom protocols) is refused.
 */
export function decideNavigation(url: string, sandboxOrigin: string): NavigationDecision {
  if (isSandboxUrl(url, sandboxOrigin)) return 'allow';
  return originOf(url) === null ? 'deny' : 'external';
}

/**
 * The only permission granted: writing text to the clipboard from the sandbox's own pages, which
 * the console's copy buttons need (Chromium asks for it before every navigator.clipboard.writeText;
 * a plain browser grants it too). Camera, microphone, geolocation, notifications, clipboard reads and
 * everything else are denied, and nothing is granted to any other origin.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string, sandboxOrigin: string): boolean {
  return permission === 'clipboard-sanitized-write' && isSandboxUrl(requestingUrl, sandboxOrigin);
}

/**
 * Content-Security-Policy of the sandbox's pages in the window. Scripts only from the sandbox itself
 * (no inline script, no eval); inline styles stay allowed because server-rendered pages and UI
 * libraries set them and they cannot run code; images may be data:/blob: URLs (QR codes, receipts).
 * form-action is left out on purpose: the hosted checkout's form ends in a redirect to the merchant's
 * url_ok, which the will-redirect guard already sends to the system browser.
 */
// One literal (not joined parts) so the electronegativity scan can parse and evaluate the policy.
export const SANDBOX_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self'; media-src 'none'; object-src 'none'; base-uri 'self'; " +
  "frame-ancestors 'none'";

/**
 * Response headers with the sandbox CSP added. Only the sandbox's responses are touched. A policy the
 * server sends itself (the console's frame-ancestors, a checkout page's own) is kept beside it: a
 * browser enforces every policy it is given, so the window is never less locked down than either.
 */
export function withCsp(url: string, headers: Record<string, string[]> | undefined, sandboxOrigin: string): Record<string, string[]> {
  const out = { ...(headers ?? {}) };
  if (!isSandboxUrl(url, sandboxOrigin)) return out;
  const own = Object.keys(out).filter((k) => k.toLowerCase() === 'content-security-policy');
  const kept = own.flatMap((k) => out[k] ?? []);
  for (const k of own) delete out[k];
  out['Content-Security-Policy'] = [...kept, SANDBOX_CSP];
  return out;
}

/** Answer to setWindowOpenHandler: same-origin pages open in a window as locked down as the main one. */
export function windowOpenResponse(decision: NavigationDecision, childOptions: BrowserWindowOptions): WindowOpenResponse {
  return decision === 'allow' ? { action: 'allow', overrideBrowserWindowOptions: childOptions } : { action: 'deny' };
}

export interface GuardDeps {
  /** The sandbox origin, e.g. http://127.0.0.1:4010. */
  origin: string;
  /** Options for windows the console opens (same security preferences as the main window). */
  childWindowOptions: BrowserWindowOptions;
  /** Opens an http(s) URL in the system browser. */
  openExternal: (url: string) => void;
}

/** Wires the decisions to one webContents (call it from app 'web-contents-created', so child windows get it too). */
export function installContentsGuards(contents: WebContents, deps: GuardDeps): void {
  const onNavigate = (event: { preventDefault(): void }, url: string) => {
    const decision = decideNavigation(url, deps.origin);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') deps.openExternal(url);
  };
  contents.on('will-navigate', onNavigate);
  contents.on('will-redirect', onNavigate);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideNavigation(url, deps.origin);
    if (decision === 'external') deps.openExternal(url);
    return windowOpenResponse(decision, deps.childWindowOptions);
  });
}

/** Wires the permission handlers and the CSP header to the session that shows the sandbox. */
export function installSessionGuards(session: Session, origin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl ?? '', origin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin, origin));
  session.webRequest.onHeadersReceived({ urls: [`${origin}/*`] }, (details, callback) => {
    callback({ responseHeaders: withCsp(details.url, details.responseHeaders, origin) });
  });
}
