import { Router, type RequestHandler } from 'express';
import type { CreationPath } from '../../channels/types.js';
import type { SandboxContext } from '../../context.js';
import { createOperation } from '../../domain/create-operation.js';
import { SandboxError } from '../errors.js';
import { parseFormBody } from '../form-body.js';

const PATHS: readonly CreationPath[] = ['SecurePayment', 'SecurePayment.php'];

/** Non-POST methods on a merchant API path: 405 with `Allow`. */
export const onlyPost = (what: string): RequestHandler => (req, res, next) => {
  if (req.method === 'POST') return next();
  res.setHeader('Allow', 'POST');
  next(new SandboxError('METHOD_NOT_ALLOWED', `${what} accepts POST only (got ${req.method})`));
};

/**
 * The creation endpoint on both paths (spec "Create payment operation"). Parses the body already
 * read into req.rawBody, runs the use case, answers the checkout address as text/plain or the
 * direct-integration JSON. Described in server/contract/payments.ts.
 */
export function paymentsRouter(ctx: SandboxContext): Router {
  const r = Router();
  for (const path of PATHS) {
    r.all(`/payments/check-out/${path}`, onlyPost(`/payments/check-out/${path}`), async (req, res, next) => {
      try {
        const body = await parseFormBody(req, (f) => f.channel?.trim() === '17');
        const result = await createOperation(ctx, { ...body, path });
        res.locals.logNote = `operation ${result.operation.id}`;
        if (result.kind === 'direct') res.status(200).json(result.body);
        else res.status(200).type('text/plain').send(result.url);
      } catch (err) {
        next(err);
      }
    });
  }
  return r;
}
