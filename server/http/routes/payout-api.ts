import { Router, type Request, type RequestHandler, type Response } from 'express';
import { SandboxError } from '../../contract/errors.js';
import { payoutApiRoutes } from '../../contract/payout-api.js';
import type { SandboxContext } from '../../context.js';
import { authenticatePayoutRequest, payoutLogin, type PayoutCaller } from '../../domain/payouts/auth.js';
import { merchantPayout, merchantPayouts } from '../../domain/payouts/queries.js';
import { createPayoutBatch } from '../../domain/payouts/batch.js';
import { publicPayoutView } from '../../domain/payouts/views.js';
import { readSandboxSettings } from '../../store/settings.js';
import { diagnosisHeader } from '../diagnosis-header.js';
import { diagnosePayoutToken } from '../../domain/diagnosis/token.js';
import { readReplayMark, REPLAY_HEADER } from '../../replay/replay-marker.js';
import { answerJson, logNote } from '../answer.js';
import { note } from '../../contract/log-notes.js';
import type { NamesOthers } from '../control-access.js';
import { beforeId, keysetPage } from '../paging.js';
import { methodGuard, mountRaw, mountRoute, parseJsonBody } from '../route.js';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Who a payout API call comes from, set by `withPayoutCaller` before the route reads anything. */
    payoutCaller?: PayoutCaller;
  }
}

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

/** Login bodies: JSON as documented; a urlencoded form too, as some HTTP clients send by default. */
function loginBody(req: Request): unknown {
  if (/^application\/x-www-form-urlencoded/i.test(String(req.headers['content-type'] ?? ''))) {
    return Object.fromEntries(new URLSearchParams((req.rawBody ?? Buffer.alloc(0)).toString('utf8')));
  }
  return parseJsonBody(req);
}

/**
 * Authenticates a payout API call before its route parses anything, so an anonymous caller learns
 * nothing about a body, a query or an id. The scheme word sent goes into the request log; a refusal
 * names the scheme expected (`WWW-Authenticate`) and, like a refused signature, what
 * was sent in the token's place: on the log entry, and as `X-Sandbox-Signature-Diagnosis`.
 */
function withPayoutCaller(ctx: SandboxContext, namesOthers: NamesOthers): RequestHandler {
  return (req, res, next) => {
    try {
      const caller = authenticatePayoutRequest(ctx.store, ctx.clock.now(), req.headers.authorization);
      res.locals.payoutCaller = caller;
      res.locals.identified = true;
      res.locals.logMerchant = caller.merchant.public_key;
      logNote(res, note('payout_auth', { scheme: caller.scheme, merchant: caller.merchant.public_key }));
      next();
    } catch (err) {
      if (err instanceof SandboxError && (err.code === 'UNAUTHORIZED' || err.code === 'TOKEN_EXPIRED')) {
        res.setHeader('WWW-Authenticate', `${readSandboxSettings(ctx.store.settings).payout_auth_scheme ?? 'Bearer'} realm="payouts"`);
      }
      const diagnosis =
        err instanceof SandboxError && err.code === 'UNAUTHORIZED'
          ? diagnosePayoutToken(ctx.store, ctx.clock.now(), req.headers.authorization)
          : null;
      if (diagnosis) {
        res.locals.logDiagnosis = diagnosis;
        res.setHeader('X-Sandbox-Signature-Diagnosis', diagnosisHeader(diagnosis, namesOthers(req)));
      }
      next(err);
    }
  };
}

const callerOf = (res: Response): PayoutCaller => {
  const caller = res.locals.payoutCaller;
  if (!caller) throw new Error('payout route mounted without withPayoutCaller');
  return caller;
};

/** Merchant payout API: login, batch, queries. */
export function payoutApiRouter(ctx: SandboxContext, namesOthers: NamesOthers): Router {
  const r = Router();
  const before = withPayoutCaller(ctx, namesOthers);

  mountRaw(r, payoutApiRoutes.payoutLogin, ({ req, res }) => {
    const { token, merchant } = payoutLogin(ctx.store, ctx.clock.now(), loginBody(req));
    logNote(res, note('payout_login', { merchant: merchant.public_key }));
    res.locals.logMerchant = merchant.public_key;
    answerJson(res, 200, { token });
  });

  mountRaw(
    r,
    payoutApiRoutes.createPayouts,
    ({ req, res }) => {
      // An incident replay's items name production's beneficiaries: their callbacks wait for the operator's word.
      const replay = readReplayMark(req.headers[REPLAY_HEADER]);
      const holdCallbacks = replay !== null && !replay.sendPayoutCallbacks;
      const { payroll, data, warnings } = createPayoutBatch(ctx, callerOf(res).merchant, parseBatch(req), { holdCallbacks });
      logNote(res, note('payroll', { payroll, count: data.length }, warnings));
      answerJson(res, 201, { payroll, data });
    },
    { before },
  );

  mountRoute(
    r,
    payoutApiRoutes.listPublicPayouts,
    ({ query, res }) => {
      const { credit_note, order_id, cursor, limit } = query;
      const rows = merchantPayouts(ctx.store, callerOf(res).merchant, { credit_note, order_id, before_id: beforeId(cursor) }, limit + 1);
      const page = keysetPage(rows, limit);
      return { ...page, items: page.items.map(publicPayoutView) };
    },
    { before },
  );

  mountRoute(
    r,
    payoutApiRoutes.getPublicPayout,
    ({ params, res }) => publicPayoutView(merchantPayout(ctx.store, callerOf(res).merchant, params.id)),
    {
      before,
    },
  );

  methodGuard(r, Object.values(payoutApiRoutes));
  return r;
}
