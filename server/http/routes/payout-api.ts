import { Router, type NextFunction, type Request, type Response } from 'express';
import { payoutApiRoutes, PublicPayoutQuerySchema } from '../../contract/payout-api.js';
import type { SandboxContext } from '../../context.js';
import { authenticatePayoutRequest, payoutLogin, type PayoutCaller } from '../../domain/payout-auth.js';
import { createPayoutBatch, publicPayoutView } from '../../domain/payouts.js';
import { getSettings } from '../../domain/settings.js';
import { SandboxError } from '../errors.js';
import { beforeId, keysetPage } from '../paging.js';
import { methodGuard, parseJsonBody, parseParams, parseWith } from '../route.js';

const BATCH = 'a JSON array of payout items';

/** The batch: the transport checks of a required JSON body (parseJsonBody), then an array. */
function parseBatch(req: Request): unknown[] {
  const body = parseJsonBody(req, { required: BATCH });
  if (!Array.isArray(body)) {
    const hint = typeof body === 'object' && body !== null ? ' (wrap a single item in [ ])' : '';
    throw new SandboxError('INVALID_JSON_STRUCTURE', `the body must be ${BATCH}${hint}`);
  }
  return body;
}

/** Login bodies: JSON as the contract says; a urlencoded form too, as some HTTP clients send by default. */
function loginBody(req: Request): unknown {
  if (/^application\/x-www-form-urlencoded/i.test(String(req.headers['content-type'] ?? ''))) {
    return Object.fromEntries(new URLSearchParams((req.rawBody ?? Buffer.alloc(0)).toString('utf8')));
  }
  return parseJsonBody(req);
}

/**
 * Merchant payout API (contract §5): login, batch, queries. Every payout call authenticates first, so
 * an anonymous caller learns nothing about a body; the scheme word sent goes into the request log.
 */
export function payoutApiRouter(ctx: SandboxContext): Router {
  const r = Router();
  const { store } = ctx;
  const authed =
    (handler: (caller: PayoutCaller, req: Request, res: Response) => void) => (req: Request, res: Response, next: NextFunction) => {
      try {
        const caller = authenticatePayoutRequest(store, ctx.clock.now(), req.headers.authorization);
        res.locals.logNote = `payout auth scheme "${caller.scheme}", merchant ${caller.merchant.public_key}`;
        handler(caller, req, res);
      } catch (err) {
        if (err instanceof SandboxError && (err.code === 'UNAUTHORIZED' || err.code === 'TOKEN_EXPIRED')) {
          res.setHeader('WWW-Authenticate', `${getSettings(store).payout_auth_scheme ?? 'Bearer'} realm="payouts"`);
        }
        next(err);
      }
    };
  const note = (res: Response, text: string) => (res.locals.logNote = `${String(res.locals.logNote ?? '')}; ${text}`);

  r.post(payoutApiRoutes.payoutLogin.path, (req, res, next) => {
    try {
      const { token, merchant } = payoutLogin(store, ctx.clock.now(), loginBody(req));
      res.locals.logNote = `payout login of merchant ${merchant.public_key}`;
      res.json({ token });
    } catch (err) {
      next(err);
    }
  });

  r.post(
    payoutApiRoutes.createPayouts.path,
    authed(({ merchant }, req, res) => {
      const result = createPayoutBatch(ctx, merchant, parseBatch(req));
      const warned = result.data.flatMap((p, i) => p.warnings.map((w) => `item ${i}: ${w}`));
      note(res, `payroll ${result.payroll}: ${result.data.length} payouts${warned.length ? `; warnings: ${warned.join(' | ')}` : ''}`);
      res.status(201).json(result);
    }),
  );
  r.get(
    payoutApiRoutes.listPublicPayouts.path,
    authed(({ merchant }, req, res) => {
      const query = parseWith(PublicPayoutQuerySchema, req.query, 'query');
      const rows = store.payouts.list(
        { merchant_id: merchant.id, credit_note: query.credit_note, order_id: query.order_id, before_id: beforeId(query.cursor) },
        query.limit + 1,
      );
      const page = keysetPage(rows, query.limit);
      res.json({ ...page, items: page.items.map(publicPayoutView) });
    }),
  );
  r.get(
    payoutApiRoutes.getPublicPayout.path,
    authed(({ merchant }, req, res) => {
      // Parsed after authentication: an anonymous caller learns nothing, not even that an id is malformed.
      const { id } = parseParams(payoutApiRoutes.getPublicPayout, req);
      const p = store.payouts.get(id);
      // Another merchant's item answers as unknown: ids must not reveal other merchants' payouts.
      if (!p || p.merchant_id !== merchant.id) throw new SandboxError('NOT_FOUND', `no payout ${id} for this merchant`);
      res.json(publicPayoutView(p));
    }),
  );
  methodGuard(r, Object.values(payoutApiRoutes));
  return r;
}
