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
import { signatureHint } from '../../domain/diagnosis/wording.js';
import { diagnosisHeader } from '../diagnosis-header.js';
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
      if (fields && err instanceof SandboxError && err.code === 'INVALID_SIGNATURE')
        return next(explainSignature(ctx, fields, err, res, namesOthers(req)));
      next(err);
    }
  };
}

/**
 * A refused signature keeps its code and status; the log entry gets the diagnosis and the answer its
 * ingredients as a header. Many clients show only the answer body, so the message ends with a short
 * hint when a recipe is found, and with the refusal the request meets once signed right. Another
 * merchant's key is named only to those who could read the log anyway (a loopback client, or the
 * control token): for anyone else such a recipe gives no hint.
 */
function explainSignature(ctx: SandboxContext, fields: Record<string, string>, err: SandboxError, res: Response, nameOthers: boolean) {
  const diagnosis = diagnoseCreation(ctx, fields);
  if (!diagnosis) return err;
  res.locals.logDiagnosis = diagnosis;
  const header = diagnosisHeader(diagnosis, nameOthers);
  res.setHeader('X-Sandbox-Signature-Diagnosis', header);
  const notes: string[] = [];
  const r = diagnosis.recipe;
  if (r && header !== 'unknown' && (nameOthers || r.secret !== 'other_merchant')) notes.push(signatureHint(r));
  if (diagnosis.next_problem)
    notes.push(`once signed right, this request meets ${diagnosis.next_problem.code}: ${diagnosis.next_problem.message}`);
  return notes.length ? new SandboxError(err.code, `${err.message} (${notes.join('; ')})`, err.details, err.status) : err;
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
