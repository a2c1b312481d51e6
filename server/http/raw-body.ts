import type { RequestHandler } from 'express';
import { SandboxError } from '../contract/errors.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The raw request body, read once (empty Buffer when none). */
    rawBody?: Buffer;
  }
}

/**
 * Reads the whole body into `req.rawBody` with a size limit (413 PAYLOAD_TOO_LARGE).
 * Routes parse it according to their own rules, and the request log keeps an excerpt.
 * Past the limit nothing more is kept; the error middleware reads and discards the rest before
 * it answers (see drain.ts), so the client can finish sending and read the 413.
 */
export function rawBody(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    if (req.rawBody !== undefined) return next();
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limitBytes) {
      req.rawBody = Buffer.alloc(0);
      return next(new SandboxError('PAYLOAD_TOO_LARGE', `request body over ${limitBytes} bytes`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limitBytes) {
        failed = true;
        req.rawBody = Buffer.alloc(0);
        next(new SandboxError('PAYLOAD_TOO_LARGE', `request body over ${limitBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (failed) return;
      req.rawBody = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      next();
    });
    req.on('error', (err) => {
      if (!failed) {
        failed = true;
        next(new SandboxError('INVALID_BODY', `could not read the request body: ${err.message}`));
      }
    });
  };
}
