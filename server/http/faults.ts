import type { Request, RequestHandler } from 'express';
import type { FaultTarget } from '../contract/faults.js';
import { classifyCall } from '../contract/calls.js';
import type { SandboxContext } from '../context.js';
import { hasApiFaults, takeApiFault } from '../domain/faults.js';
import { payoutTokenOwner } from '../domain/payouts/auth.js';
import { SandboxError } from '../contract/errors.js';
import { logNote } from './answer.js';
import { logEntry } from './request-log.js';

type ApiTarget = Exclude<FaultTarget, 'any'>;

/** The fault target of a merchant API request (its route description names it); everything else passes untouched. */
export const faultTargetOf = (method: string, path: string): ApiTarget | null => classifyCall(method, path)?.route?.faultTarget ?? null;

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
 * Fault injection on the merchant API. Mounted after the raw-body reader and before the merchant
 * routes. A fired fault is the first note of the request's log entry.
 */
export function faultInjection(ctx: SandboxContext): RequestHandler {
  return (req, res, next) => {
    // The request log classified the request already (it runs first in every chain).
    const call = res.locals.call === undefined ? classifyCall(req.method, req.path) : res.locals.call;
    const target = call?.route?.faultTarget ?? null;
    // No rule for this target (the usual case): no transaction, no second parse of the body.
    if (!target || !hasApiFaults(ctx, target)) return next();
    let fault;
    try {
      fault = takeApiFault(ctx, target, merchantOf(ctx, req, target));
    } catch (err) {
      return next(err);
    }
    if (fault.notes.length === 0) return next();
    for (const n of fault.notes) logNote(res, n);
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
          // A cut connection never finishes its response, so the request log's `finish` never comes.
          ctx.store.requests.add(logEntry(req, res, { at: ctx.clock.now(), status: 0 }));
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
