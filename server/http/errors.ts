import type { ErrorRequestHandler, RequestHandler } from 'express';
import { errorCatalogue, type ErrorBody, type ErrorCode } from '../contract/errors.js';

/** The one error type of the sandbox: a documented code, its HTTP status and a human message. */
export class SandboxError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    status?: number,
  ) {
    super(message);
    this.status = status ?? errorCatalogue[code];
  }
}

export const errorBody = (code: string, message: string, extra?: { request_id?: string; details?: unknown }): ErrorBody => ({
  error: { code, message, ...(extra?.details !== undefined ? { details: extra.details } : {}), ...(extra?.request_id ? { request_id: extra.request_id } : {}) },
});

export const notFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('NOT_FOUND', `no such endpoint: ${req.method} ${req.path}`));
};

/** Maps every error to the documented shape; unknown errors become 500 INTERNAL_ERROR, logged with a request id. */
export function errorMiddleware(log: (msg: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const requestId = String(res.locals.requestId ?? '');
    if (err instanceof SandboxError) {
      res.status(err.status).json(errorBody(err.code, err.message, { details: err.details }));
      return;
    }
    // body-parser style errors that carry a status (e.g. entity.too.large)
    const e = err as { status?: number; type?: string; message?: string };
    if (e?.type === 'entity.too.large' || e?.status === 413) {
      res.status(413).json(errorBody('PAYLOAD_TOO_LARGE', 'request body is larger than the sandbox accepts'));
      return;
    }
    // The router cannot decode a malformed percent-escape in a path parameter (`/operations/%E0%A4%A`).
    if (err instanceof URIError) {
      res.status(400).json(errorBody('VALIDATION_ERROR', `the path has a malformed percent-escape: ${req.path.slice(0, 200)}`));
      return;
    }
    log(`[${requestId}] ${req.method} ${req.originalUrl} failed: ${(err as Error)?.stack ?? String(err)}`);
    res.status(500).json(errorBody('INTERNAL_ERROR', 'unexpected sandbox failure; see the server log', { request_id: requestId }));
  };
}
