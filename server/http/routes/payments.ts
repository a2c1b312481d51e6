import { Router, type RequestHandler, type Response } from 'express';
import type { CreationPath } from '../../contract/common.js';
import { paymentRoutes } from '../../contract/payments.js';
import type { RouteSpec } from '../../contract/route.js';
import type { SandboxContext } from '../../context.js';
import { createOperation } from '../../domain/create-operation.js';
import { nestedCreationField } from '../../domain/creation-fields.js';
import { answer, logNote } from '../answer.js';
import { SandboxError } from '../../contract/errors.js';
import { diagnoseCreation } from '../../domain/diagnosis/diagnose.js';
import { diagnosisHeader } from '../../domain/diagnosis/signature-search.js';
import type { NamesOthers } from '../control-access.js';
import { parseFormBody } from '../form-body.js';
import { methodGuard } from '../route.js';

/** The two creation routes (spec "Create payment operation"), each with the path name the channel table uses. */
export const creationRoutes: readonly { spec: RouteSpec; path: CreationPath }[] = [
  { spec: paymentRoutes.createPayment, path: 'SecurePayment' },
  { spec: paymentRoutes.createPaymentPhp, path: 'SecurePayment.php' },
];

/**
 * The creation endpoint for a POST on one of its paths. Parses the body already read into
 * req.rawBody, runs the use case, answers the checkout address as text/plain or the
 * direct-integration JSON. Uses only what Node's request and response have (see listener.ts).
 */
export function createPaymentHandler(ctx: SandboxContext, path: CreationPath, namesOthers: NamesOthers): RequestHandler {
  return async (req, res, next) => {
    let fields: Record<string, string> | null = null;
    try {
      const body = await parseFormBody(req, { nested: nestedCreationField });
      fields = body.fields;
      res.locals.logMerchant = fields.public_key;
      const result = await createOperation(ctx, { ...body, path });
      logNote(res, `operation ${result.operation.id}`);
      res.locals.logWarnings = result.warnings;
      if (result.kind === 'direct') answer(res, 200, 'application/json', JSON.stringify(result.body));
      else answer(res, 200, 'text/plain', result.url);
    } catch (err) {
      if (fields && err instanceof SandboxError && err.code === 'INVALID_SIGNATURE') explainSignature(ctx, fields, res, namesOthers(req));
      next(err);
    }
  };
}

/**
 * Contract §10: the refusal keeps its answer; the log entry gets the diagnosis and the answer its
 * ingredients as a header. Another merchant's key is named only to those who could read the log
 * anyway (`namesOthersTo`: a loopback client, or the control token).
 */
function explainSignature(ctx: SandboxContext, fields: Record<string, string>, res: Response, nameOthers: boolean): void {
  const diagnosis = diagnoseCreation(ctx, fields);
  if (!diagnosis) return;
  res.locals.logDiagnosis = diagnosis;
  res.setHeader('X-Sandbox-Signature-Diagnosis', diagnosisHeader(diagnosis, nameOthers));
}

/** Other methods on the creation paths: 405 with `Allow` (the POSTs are mounted before, in app.ts). */
export function paymentsRouter(): Router {
  const r = Router();
  methodGuard(
    r,
    creationRoutes.map((c) => c.spec),
  );
  return r;
}
