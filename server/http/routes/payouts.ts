import { Router, type Request } from 'express';
import { payoutRoutes } from '../../contract/payouts.js';
import type { SandboxContext } from '../../context.js';
import { authenticatePayoutRequest } from '../../domain/payout-auth.js';
import { getSettings } from '../../domain/settings.js';
import { createPayoutBatch, decidePayout, payoutView, payrollView, processPendingPayouts } from '../../domain/payouts.js';
import { SandboxError } from '../errors.js';
import { mountRoute } from '../route.js';
import { actorOf } from './operations.js';

const idOf = (raw: string | undefined): number => {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw new SandboxError('NOT_FOUND', `no payout ${raw ?? ''}`);
  return Number(raw);
};

/** Transport checks of the payout API, in order: content type, empty body, JSON, array. */
function parseBatch(req: Request): unknown[] {
  const type = req.headers['content-type'];
  if (type === undefined || type.trim() === '') {
    throw new SandboxError('MISSING_CONTENT_TYPE', 'missing Content-Type header: send Content-Type: application/json');
  }
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new SandboxError('UNSUPPORTED_CONTENT_TYPE', `unsupported Content-Type ${type}: the payout API takes application/json`);
  }
  const raw = req.rawBody ?? Buffer.alloc(0);
  if (raw.toString('utf8').trim() === '') throw new SandboxError('EMPTY_JSON_BODY', 'the JSON body is empty: send a JSON array of payout items');
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new SandboxError('INVALID_JSON', `the JSON body cannot be parsed: ${(err as Error).message}`);
  }
  if (!Array.isArray(body)) {
    const hint = typeof body === 'object' && body !== null ? ' (wrap a single item in [ ])' : '';
    throw new SandboxError('INVALID_JSON_STRUCTURE', `the body must be a JSON array of payout items${hint}`);
  }
  return body;
}

/** Merchant endpoint `POST /api/transactions/` (contract §5). Mounted after the control API. */
export function payoutApiRouter(ctx: SandboxContext): Router {
  const r = Router();
  const path = payoutRoutes.createPayouts.path;
  r.post(path, (req, res, next) => {
    try {
      // Authentication comes first: an anonymous caller learns nothing about the body's problems.
      const merchant = authenticatePayoutRequest(ctx.store, req.headers.authorization);
      const result = createPayoutBatch(ctx, merchant, parseBatch(req));
      res.locals.logNote = `payroll ${result.payroll}: ${result.transactions.length} payouts`;
      res.status(201).json(result);
    } catch (err) {
      if (err instanceof SandboxError && err.code === 'UNAUTHORIZED') {
        res.setHeader('WWW-Authenticate', `${getSettings(ctx.store).payout_auth_scheme} realm="payouts"`);
      }
      next(err);
    }
  });
  r.all(path, (req, _res, next) => next(new SandboxError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here: POST a JSON array of payout items`)));
  return r;
}

/** Control API of payouts (contract §8). */
export function payoutsRouter(ctx: SandboxContext): Router {
  const r = Router();
  const { store } = ctx;

  mountRoute(r, payoutRoutes.listPayouts, ({ query }) => {
    const rows = store.payouts.list(
      { payroll_id: query.payroll, merchant_id: query.mid_id, status: query.status, before_id: query.cursor ? Number(query.cursor) : undefined },
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const processAt = new Map<number, number | undefined>();
    const items = page.map((p) => {
      if (!processAt.has(p.payroll_id)) processAt.set(p.payroll_id, store.payouts.processAtOf(p.payroll_id));
      return payoutView(ctx, p, processAt.get(p.payroll_id));
    });
    return { items, next_cursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null };
  });

  mountRoute(r, payoutRoutes.listPayrolls, ({ query }) => {
    const rows = store.payouts.listPayrolls({ merchant_id: query.mid_id, before_id: query.cursor ? Number(query.cursor) : undefined }, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return { items: page.map(payrollView), next_cursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null };
  });

  // Before `/payouts/:id` routes so "process" is never read as an id.
  mountRoute(r, payoutRoutes.processPayouts, ({ body }) => processPendingPayouts(ctx, body.payroll));

  mountRoute(r, payoutRoutes.getPayout, ({ params }) => {
    const p = store.payouts.get(idOf(params.id));
    if (!p) throw new SandboxError('NOT_FOUND', `no payout ${params.id}`);
    return payoutView(ctx, p);
  });
  mountRoute(r, payoutRoutes.approvePayout, ({ params, req }) => payoutView(ctx, decidePayout(ctx, idOf(params.id), 'approved', actorOf(req) === 'operator' ? 'operator' : 'control_api')));
  mountRoute(r, payoutRoutes.rejectPayout, ({ params, req }) => payoutView(ctx, decidePayout(ctx, idOf(params.id), 'rejected', actorOf(req) === 'operator' ? 'operator' : 'control_api')));
  return r;
}
