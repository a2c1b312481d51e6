import { Router, type RequestHandler, type Response } from 'express';
import type { CreationPath } from '../../contract/common.js';
import { paymentRoutes } from '../../contract/payments.js';
import { SERVICE_PREFIXES } from '../../contract/calls.js';
import type { RouteSpec } from '../../contract/route.js';
import type { SandboxContext } from '../../context.js';
import { createOperation, type CreationRequest, type CreationResult } from '../../domain/create-operation.js';
import { dialectOf } from '../../domain/protocol/dialect.js';
import { serveDialectCreation, type DialectCreation } from '../../domain/protocol/serve-dialect.js';
import { legacyErrorAddress } from '../../contract/protocol.js';
import { nestedCreationField } from '../../domain/creation-fields.js';
import { answer, logNote } from '../answer.js';
import { note } from '../../contract/log-notes.js';
import { SandboxError } from '../../contract/errors.js';
import { diagnoseCreation } from '../../domain/diagnosis/diagnose.js';
import { signatureHint } from '../../domain/diagnosis/wording.js';
import { diagnosisHeader } from '../diagnosis-header.js';
import type { NamesOthers } from '../control-access.js';
import { parseFormBody } from '../form-body.js';
import { methodGuard } from '../route.js';

/** The service's two creation routes, each with the path name the channel table uses. */
export const creationRoutes: readonly { spec: RouteSpec; path: CreationPath }[] = [
  { spec: paymentRoutes.createPayment, path: 'SecurePayment' },
  { spec: paymentRoutes.createPaymentPhp, path: 'SecurePayment.php' },
];

/**
 * Every address a creation is served at: the two paths, and under each service prefix (`/justpay`,
 * `/justpay.cert`) those two and the older `/check-out/SecurePayment(.php)` the 2018 and 2019
 * integrations post to. contract/calls.ts classifies the same addresses.
 */
export const creationAddresses: readonly { address: string; path: CreationPath }[] = creationRoutes.flatMap(({ spec, path }) => [
  { address: spec.path, path },
  ...SERVICE_PREFIXES.flatMap((prefix) => [
    { address: prefix + spec.path, path },
    { address: `${prefix}/check-out/${path}`, path },
  ]),
]);

/**
 * The creation endpoint for a POST on one of its paths (also under a service prefix). Parses the
 * body already read into req.rawBody, runs the use case, answers the checkout address as
 * text/plain or the direct-integration JSON. A creation in an older dialect goes to its own use
 * case (one key lookup decides it). Uses only what Node's request and response have (see listener.ts).
 */
export function createPaymentHandler(ctx: SandboxContext, path: CreationPath, namesOthers: NamesOthers): RequestHandler {
  return async (req, res, next) => {
    let creation: CreationRequest | null = null;
    try {
      const body = await parseFormBody(req, { nested: nestedCreationField });
      res.locals.logMerchant = body.fields.public_key;
      const call = res.locals.call;
      const prefix = call?.prefix || undefined;
      const sentPath = prefix ? prefix + (call?.path ?? req.path) : req.path;
      // Literals, not `{ ...body, path }`: a spread followed by more keys gives each object a hidden
      // class of its own (V8), and every read of a request's fields a lookup that never caches.
      const { fields, repeated, encoding } = body;
      creation = { fields, repeated, encoding, path, prefix, sentPath };
      const dialect = dialectOf(fields);
      if (dialect) return await answerDialect(ctx, res, { fields, repeated, encoding, path, dialect, sentPath });
      answerCreation(res, await createOperation(ctx, creation));
    } catch (err) {
      if (creation && err instanceof SandboxError && err.code === 'INVALID_SIGNATURE')
        return next(await explainSignature(ctx, creation, err, res, namesOthers(req)));
      next(err);
    }
  };
}

function answerCreation(res: Response, result: CreationResult, headers: Record<string, string> = {}): void {
  logNote(res, note('operation', { operation: result.operation.id }));
  res.locals.logWarnings = result.warnings;
  if (result.kind === 'direct') answer(res, 200, 'application/json', JSON.stringify(result.body), headers);
  else answer(res, 200, 'text/plain', result.url, headers);
}

/**
 * A creation in the 2018 or 2019 dialect: answered in the dialect's style for a legacy merchant
 * (200 with the checkout address or the error address), else as today, a refusal carrying the
 * dialect in its message, the `X-Sandbox-Protocol` header and the migration on the log entry.
 */
async function answerDialect(ctx: SandboxContext, res: Response, creation: DialectCreation) {
  const headers = { 'X-Sandbox-Protocol': creation.dialect };
  const outcome = await serveDialectCreation(ctx, creation);
  if (outcome.style === 'current') return answerCreation(res, outcome.result, headers);
  if (outcome.style === 'legacy') {
    const r = outcome.result;
    if (r.kind === 'address') return answerCreation(res, { ...r }, headers);
    logNote(res, note('dialect_refused', { dialect: creation.dialect, code: r.code, message: r.message }));
    return answer(res, 200, 'text/plain', legacyErrorAddress(ctx.baseUrl(), r.code), headers);
  }
  res.setHeader('X-Sandbox-Protocol', creation.dialect);
  if (outcome.migration) res.locals.logMigration = outcome.migration;
  // An INVALID_SIGNATURE refusal gets its diagnosis from the handler's catch, as any other.
  throw outcome.error;
}

/**
 * A refused signature keeps its code and status; the log entry gets the diagnosis and the answer its
 * ingredients as a header. Many clients show only the answer body, so the message ends with a short
 * hint when a recipe is found, and with the refusal the request meets once signed right. Another
 * merchant's key is named only to those who could read the log anyway (a loopback client, or the
 * control token): for anyone else such a recipe gives no hint.
 */
async function explainSignature(ctx: SandboxContext, creation: CreationRequest, err: SandboxError, res: Response, nameOthers: boolean) {
  const diagnosis = await diagnoseCreation(ctx, creation);
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
