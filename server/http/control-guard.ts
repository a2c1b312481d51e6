import type { RequestHandler } from 'express';
import { isIP } from 'node:net';
import { SandboxError } from './errors.js';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

/**
 * The control API answers only on loopback (unless allowed) and refuses browser requests from
 * other origins, so no web page the operator visits can drive the sandbox.
 */
export function controlGuard(opts: { allowRemote: boolean; extraOrigins: string[] }): RequestHandler {
  return (req, _res, next) => {
    if (!opts.allowRemote && !isLoopback(req.socket.remoteAddress)) {
      return next(new SandboxError('FORBIDDEN', 'the control API answers only on loopback'));
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
