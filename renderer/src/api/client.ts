import type { z } from 'zod';
import { ErrorBodySchema } from '@contract/errors.js';
import { buildPath, type PathParamNames, type RouteSpec } from '@contract/route.js';
import { tokenNeeded } from './access';

/** An API failure in words: the server's `{"error":{"code","message"}}`, or what went wrong on the way. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** The path's `:params` by name: required when the path has some, absent otherwise. */
type ParamsOption<P extends string> = [PathParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: { [N in PathParamNames<P>]: string | number } };

export type CallOptions<Q, B, P extends string = string> = ParamsOption<P> & {
  query?: In<Q>;
  body?: In<B>;
};

/** The options argument may be left out only when the path has no params. */
type CallArgs<Q, B, P extends string> = [PathParamNames<P>] extends [never] ? [opts?: CallOptions<Q, B, P>] : [opts: CallOptions<Q, B, P>];

/** Every control-API call says it comes from the console so the timeline shows "operator". */
export const ACTOR_HEADER = { 'X-Sandbox-Actor': 'operator' } as const;

/** Drift between the server and the contract fails loudly: thrown in development, logged in builds. */
function checkDrift<R extends z.ZodType>(spec: RouteSpec<z.ZodType, z.ZodType, R>, json: unknown): z.output<R> {
  const r = spec.response.safeParse(json);
  if (r.success) return r.data;
  const msg = `[contract drift] ${spec.method} ${spec.path}: ${r.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.')}: ${i.message}`)
    .join('; ')}`;
  if (import.meta.env.DEV) throw new ApiError('CONTRACT_DRIFT', msg, 0);
  console.error(msg);
  // A build keeps working with what the server sent; the log above is the alarm.
  return json as z.output<R>;
}

async function readError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = ErrorBodySchema.safeParse(JSON.parse(text));
    if (body.success) return new ApiError(body.data.error.code, body.data.error.message, res.status);
  } catch {
    // not JSON: fall through to the raw text
  }
  return new ApiError(`HTTP_${res.status}`, text.slice(0, 300) || res.statusText || 'request failed', res.status);
}

/** Calls one described control-API route; validates the answer with the route's response schema. */
export async function call<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, P extends string>(
  spec: RouteSpec<Q, B, R, P, string | undefined, z.ZodType>,
  ...[opts = {} as CallOptions<Q, B, P>]: CallArgs<Q, B, P>
): Promise<Out<R>> {
  const url = buildPath(spec.path, opts.params, opts.query as object | undefined);
  const headers: Record<string, string> = { ...ACTOR_HEADER, Accept: 'application/json' };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  } else if (spec.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }
  let res: Response;
  try {
    res = await fetch(url, { method: spec.method, headers, body });
  } catch (err) {
    throw new ApiError('NETWORK_ERROR', `the sandbox did not answer (${(err as Error).message}); is it still running?`, 0);
  }
  if (!res.ok) {
    const err = await readError(res);
    // A shared sandbox seen from another machine: ask for the control token (once per browser session).
    if (err.code === 'UNAUTHORIZED') tokenNeeded();
    throw err;
  }
  const json: unknown = await res.json();
  return checkDrift(spec, json) as Out<R>;
}

/** Human words for any thrown value, for error boxes and toasts. */
export function describeError(err: unknown): { code: string; message: string } {
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  if (err instanceof Error) return { code: 'ERROR', message: err.message };
  return { code: 'ERROR', message: String(err) };
}
