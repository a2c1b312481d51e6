import { Router } from 'express';
import { paymentRoutes } from '../../contract/payments.js';
import type { SandboxContext } from '../../context.js';
import { manualNotify, queryOperations } from '../../domain/merchant-api.js';
import { SandboxError } from '../errors.js';
import { parseFormBody } from '../form-body.js';
import { mountRoute } from '../route.js';
import { onlyPost } from './payments.js';

/** The merchant query and notify APIs (contract §3). */
export function merchantApiRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, paymentRoutes.queryOperations, ({ query }) => queryOperations(ctx, query));
  r.all('/api/operations', (req, res, next) => {
    res.setHeader('Allow', 'GET');
    next(new SandboxError('METHOD_NOT_ALLOWED', `/api/operations accepts GET only (got ${req.method})`));
  });

  r.all('/api/notify', onlyPost('/api/notify'), async (req, res, next) => {
    try {
      const body = await parseFormBody(req);
      if (body.repeated.length) throw new SandboxError('INVALID_BODY', `fields sent more than once: ${body.repeated.join(', ')}`);
      const op = manualNotify(ctx, body.fields);
      res.json({ ok: true, operation_id: op.id, trans_id: op.trans_id, status: 'confirmed' });
    } catch (err) {
      next(err);
    }
  });

  return r;
}
