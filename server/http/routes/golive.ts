import { Router } from 'express';
import { checkRoutes } from '../../contract/checks.js';
import { diagnosisRoutes } from '../../contract/diagnosis.js';
import type { SandboxContext } from '../../context.js';
import { diagnoseFields } from '../../domain/diagnosis/diagnose.js';
import { runGoliveCheck } from '../../domain/golive/run.js';
import { SandboxError } from '../../contract/errors.js';
import { mountRoute } from '../route.js';

/** Signature diagnosis and the go-live check. */
export function goliveRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, diagnosisRoutes.diagnoseSignature, ({ body }) => diagnoseFields(ctx, body));
  mountRoute(r, checkRoutes.runCheck, ({ body }) => runGoliveCheck(ctx, body));
  mountRoute(r, checkRoutes.listChecks, ({ query }) => {
    const merchant = query.merchant === undefined ? undefined : ctx.store.merchants.byPublicKey(query.merchant);
    if (query.merchant !== undefined && !merchant) throw new SandboxError('NOT_FOUND', `no merchant ${query.merchant}`);
    return { items: ctx.store.checks.list(query.limit, merchant?.id) };
  });
  mountRoute(r, checkRoutes.getCheck, ({ params }) => {
    const report = ctx.store.checks.get(params.id);
    if (!report) throw new SandboxError('NOT_FOUND', `no check report ${params.id} (reports are kept until the next reset)`);
    return report;
  });
  return r;
}
