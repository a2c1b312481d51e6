import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import type { RouteSpec } from '../contract/route.js';
import { describeIssues, SandboxError } from '../contract/errors.js';

export { describeIssues } from '../contract/errors.js';

/** Parses a JSON body from `req.rawBody` (empty means `{}`), with the documented errors. */
export function parseJsonBody(req: Request): unknown {
  const raw = req.rawBody ?? Buffer.alloc(0);
  if (raw.length === 0) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new SandboxError('UNSUPPORTED_CONTENT_TYPE', `send application/json (got ${type || 'no content type'})`);
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new SandboxError('INVALID_JSON', `the JSON body cannot be parsed: ${(err as Error).message}`);
  }
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new SandboxError('VALIDATION_ERROR', `invalid ${where}: ${describeIssues(r.error)}`, r.error.issues);
  return r.data;
}

export interface RouteInput<Q, B> {
  params: Record<string, string>;
  query: Q;
  body: B;
  req: Request;
  res: Response;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/**
 * Mounts one described JSON route: parses query and body with the spec's schemas, calls the
 * handler, answers its result as JSON with the spec's status. Errors go to the error middleware.
 */
export function mountRoute<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  router: Router,
  spec: RouteSpec<Q, B, R>,
  handler: (input: RouteInput<Out<Q>, Out<B>>) => In<R> | z.output<R> | Promise<In<R> | z.output<R>>,
): void {
  const method = spec.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  router[method](spec.path, async (req, res, next) => {
    try {
      const started = performance.now();
      const query = (spec.query ? parseWith(spec.query, req.query, 'query') : undefined) as Out<Q>;
      const body = (spec.body ? parseWith(spec.body, parseJsonBody(req), 'body') : undefined) as Out<B>;
      const result = await handler({ params: req.params as Record<string, string>, query, body, req, res });
      if (!res.headersSent) {
        // Server time of the handler, so benchmarks can tell it from the HTTP round trip.
        res.setHeader('Server-Timing', `app;dur=${(performance.now() - started).toFixed(2)}`);
        res.status(spec.status ?? 200).json(result);
      }
    } catch (err) {
      next(err);
    }
  });
}
