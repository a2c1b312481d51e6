import { Router } from 'express';
import { paymentRoutes } from '../../contract/payments.js';
import type { SandboxContext } from '../../context.js';
import { manualNotify, queryOperations } from '../../domain/merchant-api.js';
import { SandboxError } from '../../contract/errors.js';
import { answerJson } from '../answer.js';
import { parseFormBody } from '../form-body.js';
import { methodGuard, mountRaw, mountRoute } from '../route.js';

/** The merchant's operation query and the sandbox-only manual notify. */
export function merchantApiRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, paymentRoutes.queryOperations, ({ query, res }) => {
    res.locals.logMerchant = query.public_key;
    return queryOperations(ctx, query);
  });
  // A form body (or JSON, or multipart), read by the merchant API's own parser rather than the route's JSON one.
  mountRaw(r, paymentRoutes.manualNotify, async ({ req, res }) => {
    const body = await parseFormBody(req);
    res.locals.logMerchant = body.fields.public_key;
    if (body.repeated.length) throw new SandboxError('INVALID_BODY', `fields sent more than once: ${body.repeated.join(', ')}`);
    const op = manualNotify(ctx, body.fields);
    answerJson(res, 200, { ok: true, operation_id: op.id, trans_id: op.trans_id, status: 'confirmed' });
  });
  methodGuard(r, [paymentRoutes.queryOperations, paymentRoutes.manualNotify]);
  return r;
}
