import type { RequestHandler } from 'express';
import { isIP } from 'node:net';
import type { ControlAccess } from './control-access.js';
import { SandboxError } from './errors.js';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

/** The name in a Host header (`127.0.0.1:4010`, `[::1]:4010`, `localhost`) without its port. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  const colon = h.lastIndexOf(':');
  return colon >= 0 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

/** A Host header that names this machine's loopback (absent counts: only non-browser clients omit it). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const name = hostName(host);
  return name === 'localhost' || name.endsWith('.localhost') || isLoopback(name);
}

const SHARE_HINT = 'start the sandbox with --control-token to share it';

/**
 * The control API answers loopback clients, and other machines only when the sandbox is shared and
 * they present the control token. It refuses browser requests from other origins, so no web page the
 * operator visits can drive the sandbox. The Host check stops DNS rebinding: a page on `evil.example`
 * re-pointed at 127.0.0.1 is same-origin for its browser, but its requests still carry
 * `Host: evil.example` (and it cannot know the token).
 */
export function controlGuard(opts: { access: ControlAccess; extraOrigins: string[] }): RequestHandler {
  return (req, _res, next) => {
    const loopbackClient = isLoopback(req.socket.remoteAddress);
    if (!loopbackClient || !isLoopbackHost(req.headers.host)) {
      if (!opts.access.shared) {
        return next(
          new SandboxError(
            'FORBIDDEN',
            loopbackClient
              ? 'the control API answers only to loopback host names (127.0.0.1, localhost, [::1])'
              : `the control API answers only on loopback; ${SHARE_HINT}`,
          ),
        );
      }
      if (!opts.access.authorized(req)) {
        return next(
          new SandboxError(
            'UNAUTHORIZED',
            'this sandbox is shared: send Authorization: Bearer <control token> (the console asks for it once)',
          ),
        );
      }
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.headers.host ?? ''}`;
      if (origin !== own && !opts.extraOrigins.includes(origin)) {
        return next(new SandboxError('FORBIDDEN', `requests from origin ${origin} are not allowed; use the console at ${own}`));
      }
    }
    next();
  };
}

/**
 * The console's page and assets: loopback clients always; other machines only on a shared sandbox
 * (the page holds no secret; it asks for the token before the control API answers it).
 */
export function consoleGuard(access: ControlAccess): RequestHandler {
  return (req, _res, next) => {
    if (access.shared || isLoopback(req.socket.remoteAddress)) return next();
    next(new SandboxError('FORBIDDEN', `the console answers only on loopback; ${SHARE_HINT}`));
  };
}
