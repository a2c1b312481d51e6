import type { Request, RequestHandler } from 'express';
import { randomBytes } from 'node:crypto';
import type { FaultTarget } from '../contract/faults.js';
import { allRoutes } from '../contract/routes.js';
import type { SandboxContext } from '../context.js';
import { hasApiFaults, takeApiFault } from '../domain/faults.js';
import { payoutTokenOwner } from '../domain/payout-auth.js';
import { SandboxError } from './errors.js';
import { maskBody, maskHeaders } from './request-log.js';
import { trimEnd } from '../contract/trim.js';

type ApiTarget = Exclude<FaultTarget, 'any'>;

const pathKey = (method: string, path: string) => `${method} ${trimEnd(path.toLowerCase(), '/')}`;

/** `METHOD path` → target, from the route descriptions that name one (contract §3), so a described route cannot be missed. */
const TARGETS = new Map<string, ApiTarget>(
  allRoutes().flatMap((s) => (s.faultTarget ? [[pathKey(s.method, s.path), s.faultTarget] as const] : [])),
);

/** The fault target of a merchant API request (its described method and path); everything else passes untouched. */
export function faultTargetOf(method: string, path: string): ApiTarget | null {
  return TARGETS.get(pathKey(method === 'HEAD' ? 'GET' : method, path)) ?? null;
}

/** public_key of a form or JSON body; null for multipart and unreadable bodies (sandbox-wide rules still apply). */
function publicKeyOfBody(req: Request): string | null {
  const raw = req.rawBody;
  if (!raw || raw.length === 0) return null;
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const text = raw.toString('utf8');
  if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(text).get('public_key');
  if (type.startsWith('application/json')) {
    try {
      const v: unknown = JSON.parse(text);
      if (typeof v === 'object' && v !== null && 'public_key' in v && typeof v.public_key === 'string') return v.public_key;
    } catch {
      // the route itself answers INVALID_JSON
    }
  }
  return null;
}

function merchantOf(ctx: SandboxContext, req: Request, target: ApiTarget): string | null {
  if (target === 'operations_query') return typeof req.query.public_key === 'string' ? req.query.public_key : null;
  if (target === 'payouts') {
    const token =
      String(req.headers.authorization ?? '')
        .trim()
        .split(/\s+/)
        .pop() ?? '';
    return token ? (payoutTokenOwner(ctx.store, ctx.clock.now(), token).merchant?.public_key ?? null) : null;
  }
  return publicKeyOfBody(req);
}

/**
 * A dropped connection never finishes a response, so the request-log middleware (which writes on
 * `finish`) would not see it; this writes its entry, with status 0, before the socket is cut.
 */
function logDropped(ctx: SandboxContext, req: Request, requestId: string, note: string): void {
  ctx.store.requests.add({
    at: ctx.clock.now(),
    request_id: requestId,
    method: req.method,
    path: req.originalUrl.slice(0, 2000),
    status: 0,
    latency_ms: 0,
    request_headers: maskHeaders(req.headers, req.originalUrl),
    request_body: maskBody((req.rawBody ?? Buffer.alloc(0)).subarray(0, 8192).toString('utf8')),
    response_body: '',
    note,
  });
}

/**
 * Fault injection on the merchant API (issue 11). Mounted after the raw-body reader and before the
 * merchant routes. A fired fault is marked in the request log through `res.locals.logNote`.
 */
export function faultInjection(ctx: SandboxContext): RequestHandler {
  return (req, res, next) => {
    const target = faultTargetOf(req.method, req.path);
    // No rule for this target (the usual case): no transaction, no second parse of the body.
    if (!target || !hasApiFaults(ctx, target)) return next();
    let fault;
    try {
      fault = takeApiFault(ctx, target, merchantOf(ctx, req, target));
    } catch (err) {
      return next(err);
    }
    const note = fault.note;
    if (!note) return next();
    // Routes may set their own note later (e.g. the created operation); the fault stays first.
    let routeNote: unknown;
    Object.defineProperty(res.locals, 'logNote', {
      configurable: true,
      enumerable: true,
      get: () => (typeof routeNote === 'string' && routeNote ? `${note}; ${routeNote}` : note),
      set: (v: unknown) => void (routeNote = v),
    });
    const act = () => {
      switch (fault.outcome) {
        case 'creation_error':
          return next(
            new SandboxError(
              'CREATION_ERROR',
              'Payment could not be created with the provider; retry with a new trans_id (injected fault)',
            ),
          );
        case 'server_error':
          return next(new SandboxError('INTERNAL_ERROR', 'unexpected provider failure (injected fault)'));
        case 'drop_connection':
          logDropped(ctx, req, String(res.locals.requestId ?? randomBytes(6).toString('hex')), note);
          req.socket.destroy();
          return;
        default:
          return next();
      }
    };
    if (fault.latencyMs > 0) setTimeout(act, fault.latencyMs);
    else act();
  };
}
