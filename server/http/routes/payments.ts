import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { CreationPath } from '../../channels/types.js';
import type { SandboxContext } from '../../context.js';
import { createOperation } from '../../domain/create-operation.js';
import { nestedCreationField } from '../../domain/creation-fields.js';
import { diagnoseCreation } from '../../domain/diagnose.js';
import { diagnosisHeader } from '../../domain/signature-diagnosis.js';
import { isLoopback } from '../control-guard.js';
import { SandboxError } from '../errors.js';
import { parseFormBody } from '../form-body.js';

export const CREATION_PATHS: readonly CreationPath[] = ['SecurePayment', 'SecurePayment.php'];
export const creationRoute = (path: CreationPath) => `/payments/check-out/${path}`;

/** Non-POST methods on a merchant API path: 405 with `Allow`. */
export const onlyPost =
  (what: string): RequestHandler =>
  (req, res, next) => {
    if (req.method === 'POST') return next();
    res.setHeader('Allow', 'POST');
    next(new SandboxError('METHOD_NOT_ALLOWED', `${what} accepts POST only (got ${req.method})`));
  };

/**
 * The creation endpoint (spec "Create payment operation") for a POST on either path. Parses the
 * body already read into req.rawBody, runs the use case, answers the checkout address as
 * text/plain or the direct-integration JSON. Described in server/contract/payments.ts.
 */
export function createPaymentHandler(ctx: SandboxContext, path: CreationPath): RequestHandler {
  return async (req, res, next) => {
    let fields: Record<string, string> | null = null;
    try {
      const body = await parseFormBody(req, { nested: nestedCreationField });
      fields = body.fields;
      const result = await createOperation(ctx, { ...body, path });
      res.locals.logNote = `operation ${result.operation.id}`;
      res.locals.logWarnings = result.warnings;
      if (result.kind === 'direct') answer(res, 'application/json', JSON.stringify(result.body));
      else answer(res, 'text/plain', result.url);
    } catch (err) {
      if (fields && err instanceof SandboxError && err.code === 'INVALID_SIGNATURE') explainSignature(ctx, fields, req, res);
      next(err);
    }
  };
}

/**
 * Contract §10: the refusal keeps its answer; the log entry gets the diagnosis and the answer its
 * ingredients as a header. Another merchant's key is named only to a loopback caller (the log
 * itself is read through the guarded control API).
 */
function explainSignature(ctx: SandboxContext, fields: Record<string, string>, req: Request, res: Response): void {
  const diagnosis = diagnoseCreation(ctx, fields);
  if (!diagnosis) return;
  res.locals.logDiagnosis = diagnosis;
  res.setHeader('X-Sandbox-Signature-Diagnosis', diagnosisHeader(diagnosis, isLoopback(req.socket.remoteAddress)));
}

/**
 * A creation's 200, written directly with the headers Express's `res.json` / `res.type().send()`
 * would send (type with charset, length). Those helpers cost ~5 % of a creation's CPU (mime lookup,
 * content-type parsing to add the charset, freshness check) to produce these same two headers
 * (profile, issue 22); test/http/front.test.ts checks a creation does not go through them.
 */
function answer(res: Response, type: string, body: string): void {
  res.writeHead(200, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Other methods on the creation paths: 405 with `Allow` (POSTs are answered before, see app.ts). */
export function paymentsRouter(): Router {
  const r = Router();
  for (const path of CREATION_PATHS) r.all(creationRoute(path), onlyPost(creationRoute(path)));
  return r;
}
