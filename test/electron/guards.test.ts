import { describe, expect, it } from 'vitest';
import { decideNavigation, isPermissionAllowed, originOf, SANDBOX_CSP, windowOpenResponse, withCsp } from '../../electron/guards.js';
import { childWindowOptions } from '../../electron/window-options.js';

const ORIGIN = 'http://127.0.0.1:4010';

describe('navigation guard', () => {
  it('allows pages of the sandbox origin', () => {
    expect(decideNavigation('http://127.0.0.1:4010/', ORIGIN)).toBe('allow');
    expect(decideNavigation('http://127.0.0.1:4010/check-out/?channel=17&tokenID=a&platform=1', ORIGIN)).toBe('allow');
  });

  it('sends other http(s) origins to the system browser', () => {
    expect(decideNavigation('https://merchant.example/ok', ORIGIN)).toBe('external');
    expect(decideNavigation('http://example.com/', ORIGIN)).toBe('external');
  });

  it('treats another port, another host name or https on the same host as another origin', () => {
    expect(decideNavigation('http://127.0.0.1:4011/', ORIGIN)).toBe('external');
    expect(decideNavigation('http://localhost:4010/', ORIGIN)).toBe('external');
    expect(decideNavigation('https://127.0.0.1:4010/', ORIGIN)).toBe('external');
  });

  it('is not fooled by user-info that looks like the sandbox host', () => {
    expect(decideNavigation('http://127.0.0.1:4010@evil.example/', ORIGIN)).toBe('external');
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:http://127.0.0.1:4010/5f0c',
    'about:blank',
    'ftp://example.com/',
    'chrome://gpu',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(decideNavigation(url, ORIGIN)).toBe('deny');
  });
});

describe('new windows', () => {
  it('a same-origin window opens with the locked-down options', () => {
    const opts = childWindowOptions('x');
    expect(windowOpenResponse(decideNavigation(`${ORIGIN}/check-out/`, ORIGIN), opts)).toEqual({
      action: 'allow',
      overrideBrowserWindowOptions: opts,
    });
  });

  it('external and refused URLs never get an Electron window', () => {
    const opts = childWindowOptions('x');
    expect(windowOpenResponse(decideNavigation('https://example.com/', ORIGIN), opts)).toEqual({ action: 'deny' });
    expect(windowOpenResponse(decideNavigation('file:///tmp/x', ORIGIN), opts)).toEqual({ action: 'deny' });
  });
});

describe('permission handler', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'midi',
    'midiSysex',
    'clipboard-read',
    'openExternal',
    'fullscreen',
    'pointerLock',
    'hid',
    'serial',
    'usb',
    'unknown',
  ])('denies %s to the sandbox itself', (permission) => {
    expect(isPermissionAllowed(permission, `${ORIGIN}/`, ORIGIN)).toBe(false);
  });

  it('lets only the sandbox pages write text to the clipboard (the copy buttons)', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', `${ORIGIN}/merchants`, ORIGIN)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', ORIGIN, ORIGIN)).toBe(true);
  });

  it('denies clipboard writes to any other origin or an unknown requester', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', ORIGIN)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', '', ORIGIN)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'file:///x', ORIGIN)).toBe(false);
  });
});

describe('content security policy', () => {
  const directives = new Map(SANDBOX_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('scripts only from the sandbox: no inline script, no eval', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(SANDBOX_CSP).not.toContain('unsafe-eval');
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('no plugins, no framing of the console, connections only to the sandbox', () => {
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
  });

  it('is added to sandbox responses', () => {
    const h = withCsp(`${ORIGIN}/`, { 'Content-Type': ['text/html'] }, ORIGIN);
    expect(h['Content-Security-Policy']).toEqual([SANDBOX_CSP]);
    expect(h['Content-Type']).toEqual(['text/html']);
  });

  it("a page that sends its own policy keeps it, and the sandbox's is enforced beside it", () => {
    const own = { 'content-security-policy': ["frame-ancestors 'none'"] };
    expect(withCsp(`${ORIGIN}/`, own, ORIGIN)).toEqual({ 'Content-Security-Policy': ["frame-ancestors 'none'", SANDBOX_CSP] });
  });

  it('responses of other origins are left alone', () => {
    expect(withCsp('https://example.com/', { a: ['b'] }, ORIGIN)).toEqual({ a: ['b'] });
  });

  it('the sandbox origin is scheme, host and port of the base URL', () => {
    expect(originOf('http://127.0.0.1:4010')).toBe(ORIGIN);
    expect(originOf('http://127.0.0.1:4010/x?y')).toBe(ORIGIN);
    expect(originOf('file:///x')).toBeNull();
  });
});

describe('guard installers', () => {
  type Listener = (...args: unknown[]) => unknown;
  function fakeContents() {
    const on = new Map<string, Listener>();
    let openHandler: Listener = () => undefined;
    const contents = {
      on: (name: string, fn: Listener) => void on.set(name, fn),
      setWindowOpenHandler: (fn: Listener) => void (openHandler = fn),
    };
    return { contents, on, open: (url: string) => openHandler({ url }) };
  }
  const navEvent = () => {
    const e = { prevented: false, preventDefault: () => void (e.prevented = true) };
    return e;
  };

  async function install() {
    const { installContentsGuards } = await import('../../electron/guards.js');
    const f = fakeContents();
    const opened: string[] = [];
    // The fake carries only what the installer touches.
    installContentsGuards(f.contents as never, {
      origin: ORIGIN,
      childWindowOptions: childWindowOptions('x'),
      openExternal: (u) => void opened.push(u),
    });
    return { ...f, opened };
  }

  it('an external link is stopped in the window and opened in the system browser', async () => {
    const g = await install();
    const e = navEvent();
    g.on.get('will-navigate')!(e, 'https://merchant.example/ok');
    expect(e.prevented).toBe(true);
    expect(g.opened).toEqual(['https://merchant.example/ok']);
  });

  it('a redirect to another origin is stopped too (checkout ending at url_ok)', async () => {
    const g = await install();
    const e = navEvent();
    g.on.get('will-redirect')!(e, 'https://merchant.example/ok');
    expect(e.prevented).toBe(true);
    expect(g.opened).toEqual(['https://merchant.example/ok']);
  });

  it('a file: or javascript: navigation is stopped and never handed to the OS', async () => {
    const g = await install();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)']) {
      const e = navEvent();
      g.on.get('will-navigate')!(e, url);
      expect(e.prevented).toBe(true);
    }
    expect(g.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(g.opened).toEqual([]);
  });

  it('same-origin navigation proceeds untouched', async () => {
    const g = await install();
    const e = navEvent();
    g.on.get('will-navigate')!(e, `${ORIGIN}/operations`);
    expect(e.prevented).toBe(false);
    expect(g.opened).toEqual([]);
  });

  it('window.open of an external page goes to the system browser, not a new window', async () => {
    const g = await install();
    expect(g.open('https://docs.example/')).toEqual({ action: 'deny' });
    expect(g.opened).toEqual(['https://docs.example/']);
  });

  it('webview attachment is refused', async () => {
    const g = await install();
    const e = navEvent();
    g.on.get('will-attach-webview')!(e);
    expect(e.prevented).toBe(true);
  });

  it('the session denies permission requests and checks, and adds the CSP to sandbox responses only', async () => {
    const { installSessionGuards } = await import('../../electron/guards.js');
    let request: Listener = () => undefined;
    let check: Listener = () => undefined;
    let headers: Listener = () => undefined;
    let filter: unknown;
    const session = {
      setPermissionRequestHandler: (fn: Listener) => void (request = fn),
      setPermissionCheckHandler: (fn: Listener) => void (check = fn),
      webRequest: { onHeadersReceived: (f: unknown, fn: Listener) => void ((filter = f), (headers = fn)) },
    };
    installSessionGuards(session as never, ORIGIN);
    const granted: boolean[] = [];
    request(null, 'media', (g: boolean) => granted.push(g), { requestingUrl: `${ORIGIN}/` });
    request(null, 'geolocation', (g: boolean) => granted.push(g), {});
    expect(granted).toEqual([false, false]);
    expect(check(null, 'notifications', ORIGIN)).toBe(false);
    expect(filter).toEqual({ urls: [`${ORIGIN}/*`] });
    let out: { responseHeaders?: Record<string, string[]> } = {};
    headers({ url: `${ORIGIN}/`, responseHeaders: {} }, (r: typeof out) => void (out = r));
    expect(out.responseHeaders?.['Content-Security-Policy']).toEqual([SANDBOX_CSP]);
  });
});
