import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { SandboxError, type ErrorBody } from '../contract/errors.js';
import { answerJson, logNote } from './answer.js';
import { note } from '../contract/log-notes.js';
import { DISCARD_CAP, discardRest } from './drain.js';

export const errorBody = (code: string, message: string, extra?: { request_id?: string; details?: unknown }): ErrorBody => ({
  error: {
    code,
    message,
    ...(extra?.details !== undefined ? { details: extra.details } : {}),
    ...(extra?.request_id ? { request_id: extra.request_id } : {}),
  },
});

export const notFound: RequestHandler = (req, res) => {
  answerJson(res, 404, errorBody('NOT_FOUND', `no such endpoint: ${req.method} ${req.path}`));
};

/**
 * Maps every error to the documented shape; unknown errors become 500 INTERNAL_ERROR, logged with a
 * request id. A refusal that comes before the body was read (too large, forbidden) is answered
 * once the client finished sending: the rest is read and discarded up to DISCARD_CAP, past which
 * the answer goes out with `Connection: close` and the connection is cut.
 */
export function errorMiddleware(log: (msg: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    if (req.readableEnded) return answerError(err, req, res, log);
    void discardRest(req).then(({ ended, bytes }) => {
      if (res.headersSent || res.writableEnded) return;
      if (!ended) res.setHeader('Connection', 'close');
      if (bytes > 0 || !ended) {
        logNote(
          res,
          ended ? note('body_discarded', { bytes }) : note('body_cut', { bytes, cap_bytes: DISCARD_CAP.bytes, cap_ms: DISCARD_CAP.ms }),
        );
      }
      answerError(err, req, res, log);
    });
  };
}

function answerError(err: unknown, req: Request, res: Response, log: (msg: string) => void): void {
  const requestId = String(res.locals.requestId ?? '');
  if (err instanceof SandboxError) {
    answerJson(res, err.status, errorBody(err.code, err.message, { details: err.details }));
    return;
  }
  // body-parser style errors that carry a status (e.g. entity.too.large)
  const e = err as { status?: number; type?: string; message?: string };
  if (e?.type === 'entity.too.large' || e?.status === 413) {
    answerJson(res, 413, errorBody('PAYLOAD_TOO_LARGE', 'request body is larger than the sandbox accepts'));
    return;
  }
  // The router cannot decode a malformed percent-escape in a path parameter (`/operations/%E0%A4%A`).
  if (err instanceof URIError) {
    answerJson(res, 400, errorBody('VALIDATION_ERROR', `the path has a malformed percent-escape: ${req.path.slice(0, 200)}`));
    return;
  }
  log(`[${requestId}] ${req.method} ${req.originalUrl} failed: ${(err as Error)?.stack ?? String(err)}`);
  answerJson(res, 500, errorBody('INTERNAL_ERROR', 'unexpected sandbox failure; see the server log', { request_id: requestId }));
}
