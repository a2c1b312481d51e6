import type { RequestHandler } from 'express';
import { clientScheme, isLoopbackClient, isLoopbackHost } from './client-address.js';
import type { ControlAccess } from './control-access.js';
import { SandboxError } from '../contract/errors.js';
import { SENT_BY_HEADER } from '../delivery/sent-by.js';

const SHARE_HINT = 'start the sandbox with --control-token to share it';

/**
 * The control API answers loopback clients, and other machines only when the sandbox is shared and
 * they present the control token. It refuses browser requests from other origins, so no web page the
 * operator visits can drive the sandbox. The Host check stops DNS rebinding: a page on `evil.example`
 * re-pointed at 127.0.0.1 is same-origin for its browser, but its requests still carry
 * `Host: evil.example` (and it cannot know the token).
 */
export function controlGuard(opts: { access: ControlAccess; extraOrigins: string[]; trustProxy?: boolean }): RequestHandler {
  return (req, res, next) => {
    // A notification, callback, probe or replayed call of a sandbox, relayed back by a proxy: never the operator.
    if (req.headers[SENT_BY_HEADER] !== undefined)
      return next(
        new SandboxError(
          'FORBIDDEN',
          'this request was sent by a sandbox (a notification, callback, probe or replayed call); the control API never answers those',
        ),
      );
    const loopbackClient = isLoopbackClient(req, opts.trustProxy ?? false);
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
      const own = `${clientScheme(req, opts.trustProxy ?? false)}://${req.headers.host ?? ''}`;
      if (origin !== own && !opts.extraOrigins.includes(origin)) {
        return next(new SandboxError('FORBIDDEN', `requests from origin ${origin} are not allowed; use the console at ${own}`));
      }
    }
    res.locals.identified = true;
    next();
  };
}

/**
 * The console's page and assets: loopback clients always; other machines only on a shared sandbox
 * (the page holds no secret; it asks for the token before the control API answers it).
 */
export function consoleGuard(access: ControlAccess, trustProxy = false): RequestHandler {
  return (req, _res, next) => {
    if (access.shared || isLoopbackClient(req, trustProxy)) return next();
    next(new SandboxError('FORBIDDEN', `the console answers only on loopback; ${SHARE_HINT}`));
  };
}
