import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { PathParamNames, RouteSpec } from '../contract/route.js';
import { describeIssues, SandboxError } from '../contract/errors.js';
import { answerJson } from './answer.js';
import { checkDepth } from './json-depth.js';

/** How a route takes its JSON body. */
export interface JsonBodyOptions {
  /**
   * What the body must hold, for messages (`a JSON array of payout items`). Given, the body is
   * required and checked as the payout API's table says, in order: no Content-Type answers
   * MISSING_CONTENT_TYPE, a type other than plain `application/json` (parameters allowed) 415, a
   * blank body EMPTY_JSON_BODY. Without it an empty body means `{}` and `+json` types are taken.
   */
  required?: string;
}

const unsupportedType = (type: string) =>
  new SandboxError('UNSUPPORTED_CONTENT_TYPE', `send application/json (got ${type || 'no content type'})`);

/** `req.rawBody` once its Content-Type passes the checks of a JSON body (see JsonBodyOptions). */
export function jsonBodyBytes(req: Request, opts: JsonBodyOptions = {}): Buffer {
  const raw = req.rawBody ?? Buffer.alloc(0);
  const type = String(req.headers['content-type'] ?? '');
  if (opts.required === undefined) {
    if (raw.length > 0 && !/^application\/(.+\+)?json\b/i.test(type)) throw unsupportedType(type);
  } else {
    if (type.trim() === '')
      throw new SandboxError('MISSING_CONTENT_TYPE', 'missing Content-Type header: send Content-Type: application/json');
    if (!/^application\/json\s*(;|$)/i.test(type)) throw unsupportedType(type);
  }
  return raw;
}

/** Parses a JSON body from `req.rawBody`, with the documented errors (see JsonBodyOptions). */
export function parseJsonBody(req: Request, opts: JsonBodyOptions = {}): unknown {
  const raw = jsonBodyBytes(req, opts);
  const { required } = opts;
  if (required === undefined && raw.length === 0) return {};
  const text = raw.toString('utf8');
  if (required !== undefined && text.trim() === '') throw new SandboxError('EMPTY_JSON_BODY', `the JSON body is empty: send ${required}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new SandboxError('INVALID_JSON', `the JSON body cannot be parsed: ${(err as Error).message}`);
  }
  return checkDepth(value, 'the JSON body');
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new SandboxError('VALIDATION_ERROR', `invalid ${where}: ${describeIssues(r.error)}`, r.error.issues);
  return r.data;
}

export interface RouteInput<Q, B, P = Record<string, string>> {
  params: P;
  query: Q;
  body: B;
  req: Request;
  res: Response;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;
/** The handler's `params`: parsed by the route's `params` schema, else the raw `:name` strings. */
export type ParamsOf<PS, P extends string> = z.ZodType extends PS ? Record<PathParamNames<P>, string> : Out<PS>;
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** How a route is mounted. */
export interface MountOptions {
  /** Runs before the route parses anything (e.g. authenticates the caller); an error it passes on is the answer. */
  before?: RequestHandler;
}

/**
 * The path parameters of a request, parsed by the route's `params` schema. A value that does not
 * parse names nothing: 404 NOT_FOUND with the schema's message and the raw value (`no operation abc`).
 */
export function parseParams<PS extends z.ZodType, P extends string>(
  spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, P, string | undefined, PS>,
  req: Request,
): ParamsOf<PS, P> {
  const raw = req.params as Record<string, string>;
  if (!spec.params) return raw as ParamsOf<PS, P>;
  const r = spec.params.safeParse(raw);
  if (r.success) return r.data as ParamsOf<PS, P>;
  const issue = r.error.issues[0];
  const name = String(issue?.path[0] ?? '');
  throw new SandboxError('NOT_FOUND', `${issue?.message ?? 'not found:'} ${raw[name] ?? ''}`);
}

const beforeOf = (opts: MountOptions): RequestHandler[] => (opts.before ? [opts.before] : []);

/**
 * Mounts one described JSON route: parses path params, query and body with the route's schemas, calls
 * the handler, answers its result as JSON with the route's status. Errors go to the error middleware.
 */
export function mountRoute<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  P extends string,
  M extends string | undefined,
  PS extends z.ZodType,
>(
  router: Router,
  spec: RouteSpec<Q, B, R, P, M, PS>,
  handler: (input: RouteInput<Out<Q>, Out<B>, ParamsOf<PS, P>>) => In<R> | z.output<R> | Promise<In<R> | z.output<R>>,
  opts: MountOptions = {},
): void {
  router[spec.method.toLowerCase() as Method](spec.path, ...beforeOf(opts), async (req: Request, res: Response, next: NextFunction) => {
    try {
      const started = performance.now();
      const params = parseParams(spec, req);
      const query = (spec.query ? parseWith(spec.query, req.query, 'query') : undefined) as Out<Q>;
      const body = (spec.body ? parseWith(spec.body, parseJsonBody(req), 'body') : undefined) as Out<B>;
      const result = await handler({ params, query, body, req, res });
      if (!res.headersSent) {
        // Server time of the handler, so benchmarks can tell it from the HTTP round trip.
        res.setHeader('Server-Timing', `app;dur=${(performance.now() - started).toFixed(2)}`);
        answerJson(res, spec.status ?? 200, result);
      }
    } catch (err) {
      next(err);
    }
  });
}

/**
 * Mounts one described route whose answer is not the JSON of a result (HTML, PDF, an event stream,
 * text, a form body): the handler answers through `res` itself. Path params are parsed as in
 * `mountRoute`; a thrown or rejected error goes to the error middleware.
 */
export function mountRaw<P extends string, PS extends z.ZodType>(
  router: Router,
  spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, P, string | undefined, PS>,
  handler: (input: { params: ParamsOf<PS, P>; req: Request; res: Response; next: NextFunction }) => void | Promise<void>,
  opts: MountOptions = {},
): void {
  router[spec.method.toLowerCase() as Method](spec.path, ...beforeOf(opts), async (req: Request, res: Response, next: NextFunction) => {
    try {
      await handler({ params: parseParams(spec, req), req, res, next });
    } catch (err) {
      next(err);
    }
  });
}

/**
 * For each path of `specs`, every other method answers 405 METHOD_NOT_ALLOWED with `Allow` listing
 * the described ones. Mount it after the routes of those paths.
 */
export function methodGuard(router: Router, specs: readonly RouteSpec[]): void {
  const methods = new Map<string, string[]>();
  for (const s of specs) methods.set(s.path, [...(methods.get(s.path) ?? []), s.method]);
  for (const [path, allowed] of methods) {
    const allow = [...new Set(allowed)].join(', ');
    router.all(path, (req, res, next) => {
      res.setHeader('Allow', allow);
      next(new SandboxError('METHOD_NOT_ALLOWED', `${path} accepts ${allow} only (got ${req.method})`));
    });
  }
}
