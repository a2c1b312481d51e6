import type { RequestHandler } from 'express';
import { isIP } from 'node:net';
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

/**
 * The control API answers only on loopback (unless allowed) and refuses browser requests from
 * other origins, so no web page the operator visits can drive the sandbox. The Host check stops DNS
 * rebinding: a page on `evil.example` re-pointed at 127.0.0.1 is same-origin for its browser, but
 * its requests still carry `Host: evil.example`.
 */
export function controlGuard(opts: { allowRemote: boolean; extraOrigins: string[] }): RequestHandler {
  return (req, _res, next) => {
    if (!opts.allowRemote && !isLoopback(req.socket.remoteAddress)) {
      return next(new SandboxError('FORBIDDEN', 'the control API answers only on loopback'));
    }
    if (!opts.allowRemote && !isLoopbackHost(req.headers.host)) {
      return next(new SandboxError('FORBIDDEN', 'the control API answers only to loopback host names (127.0.0.1, localhost, [::1])'));
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
