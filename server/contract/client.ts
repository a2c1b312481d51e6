import type { z } from 'zod';
import { ErrorBodySchema } from './errors.js';
import { buildPath, type PathParamNames, type RouteSpec } from './route.js';
import { allRouteGroups } from './routes.js';

/**
 * The one typed client of the sandbox's control API, generated from the route descriptions the
 * server mounts and the OpenAPI document publishes (./routes.ts): every JSON route under
 * `/sandbox/v1/` becomes one method named like its description (`confirmOperation`,
 * `advanceClock`, …). The console's `call()`, the testkit, the scenario runner and the tests all go
 * through `callRoute`, so a changed route description fails to compile where a caller no longer
 * fits, and an answer that does not match its description fails loudly (CONTRACT_DRIFT). Needs only
 * zod and the global `fetch`, so the console bundles it too.
 */

/**
 * A sandbox answer that was not a success: its HTTP status and the documented
 * `{"error":{"code","message"}}` (or what went wrong on the way: NETWORK_ERROR, CONTRACT_DRIFT, HTTP_<status>).
 */
export class SandboxApiError extends Error {
  override readonly name = 'SandboxApiError';
  /** The sandbox's own words (`error.message`), without the call and status the full message adds. */
  readonly reason: string;
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    readonly code: string,
    message: string,
    /** `error.details` when the sandbox sent some (e.g. per-item payout problems). */
    readonly details?: unknown,
    /** `METHOD path` of the call, for the error text. */
    readonly request?: string,
    /**
     * `X-Sandbox-Signature-Diagnosis` of a refused signature or payout token: the
     * recipe's ingredients as `key=value; …`, or `unknown`. The request log has the full diagnosis.
     */
    readonly diagnosis?: string,
  ) {
    const why = diagnosis ? ` [diagnosis: ${diagnosis}]` : '';
    super(`${request ? `${request}: ` : ''}${status ? `${status} ` : ''}${code}: ${message}${why}`);
    this.reason = message;
  }
}

/** The typed error of a failed answer whose body was already read as text (with its diagnosis header, if any). */
export function errorOf(status: number, text: string, request: string, diagnosis?: string): SandboxApiError {
  try {
    const body = ErrorBodySchema.safeParse(JSON.parse(text));
    if (body.success) {
      const { code, message, details } = body.data.error;
      return new SandboxApiError(status, code, message, details, request, diagnosis);
    }
  } catch {
    // not JSON: the raw text below says what came back
  }
  return new SandboxApiError(status, `HTTP_${status}`, text.slice(0, 300) || 'request failed', undefined, request);
}

/** `fetch` that turns "nothing answered" into a SandboxApiError naming the call. */
export async function send(url: string, init: RequestInit, request: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw new SandboxApiError(0, 'NETWORK_ERROR', `the sandbox did not answer (${cause}); is it still running?`, undefined, request);
  }
}

type Groups = typeof allRouteGroups;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Every described route by name, with its exact schemas, path and media type. */
type AllRoutes = UnionToIntersection<Groups[keyof Groups]>;

/** Control routes: under `/sandbox/v1/` and answering JSON (the live event stream is not a call). */
type IsControl<S> =
  S extends RouteSpec<z.ZodType, z.ZodType, z.ZodType, infer P, infer M>
    ? P extends `/sandbox/v1/${string}`
      ? [M] extends [undefined]
        ? true
        : false
      : false
    : false;

export type ControlRouteName = { [K in keyof AllRoutes]: IsControl<AllRoutes[K]> extends true ? K : never }[keyof AllRoutes];
/** The description of one control route by name. */
export type ControlRoute<K extends ControlRouteName> = AllRoutes[K];

type In<S> = S extends z.ZodType ? z.input<S> : never;
/** A schema the description left out is inferred as plain `z.ZodType`. */
type Absent<S> = z.ZodType extends S ? true : false;
// `{} extends X` asks "may X be omitted entirely?" (every key optional); `{}` is meant here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- see above
type Part<K extends string, S> = Absent<S> extends true ? unknown : {} extends In<S> ? { [P in K]?: In<S> } : { [P in K]: In<S> };
type ParamsOf<P extends string> = [PathParamNames<P>] extends [never] ? unknown : { [N in PathParamNames<P>]: string | number };

/** What one call takes: its `:params` by name, plus `query` and `body` when the route has them. */
export type RouteInput<S> =
  S extends RouteSpec<infer Q, infer B, z.ZodType, infer P> ? ParamsOf<P> & Part<'query', Q> & Part<'body', B> : never;
/** What one call answers: the route's response schema, parsed. */
export type RouteOutput<S> = S extends RouteSpec<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

type Method<S> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as in Part: every input key optional
  {} extends RouteInput<S> ? (input?: RouteInput<S>) => Promise<RouteOutput<S>> : (input: RouteInput<S>) => Promise<RouteOutput<S>>;

export type ControlClient = { [K in ControlRouteName]: Method<AllRoutes[K]> };

export const isControlRoute = (spec: RouteSpec): boolean => spec.path.startsWith('/sandbox/v1/') && spec.responseContentType === undefined;

/** The control routes by name, read from the shared descriptions; a name used twice is a contract bug. */
export function controlRoutes(): Map<string, RouteSpec> {
  const routes = new Map<string, RouteSpec>();
  for (const group of Object.values(allRouteGroups satisfies Record<string, Record<string, RouteSpec>>)) {
    for (const [name, spec] of Object.entries(group)) {
      if (!isControlRoute(spec)) continue;
      if (routes.has(name)) throw new Error(`two control routes are named ${name}; route names must be unique`);
      routes.set(name, spec);
    }
  }
  return routes;
}

export interface ControlOptions {
  /** Extra headers on every call, e.g. `{ authorization: 'Bearer T' }` for a shared sandbox's control token. */
  headers?: Record<string, string>;
  /** Bound on one call, so a hung sandbox fails the caller instead of hanging it; none unless given. */
  timeoutMs?: number;
  /**
   * What an answer that does not match its route description becomes. Unset: a SandboxApiError with code
   * CONTRACT_DRIFT is thrown. Given: its result is the answer (the console's builds log and go on).
   */
  onDrift?: (error: SandboxApiError, json: unknown) => unknown;
}

/** A success answer: its HTTP status (200, 201, …) and the body parsed by the route's response schema. */
export interface RouteAnswer<T = unknown> {
  status: number;
  data: T;
}

/**
 * Calls one described route: fills its path, sends query and JSON body, validates the answer.
 * Answers the status with the parsed body; any error answer throws a SandboxApiError.
 */
export async function requestRoute(
  baseUrl: string,
  spec: RouteSpec,
  input: Record<string, unknown> = {},
  opts: ControlOptions = {},
): Promise<RouteAnswer> {
  const { query, body, ...params } = input;
  const path = buildPath(spec.path, params as Record<string, string | number>, query as object | undefined);
  const request = `${spec.method} ${path}`;
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let payload: string | undefined;
  if (body !== undefined || spec.method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  const signal = opts.timeoutMs === undefined ? undefined : AbortSignal.timeout(opts.timeoutMs);
  const res = await send(baseUrl + path, { method: spec.method, headers, body: payload, signal }, request);
  const text = await res.text();
  if (!res.ok) throw errorOf(res.status, text, request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const err = new SandboxApiError(res.status, 'CONTRACT_DRIFT', `answer is not JSON: ${text.slice(0, 200)}`, undefined, request);
    if (opts.onDrift) return { status: res.status, data: opts.onDrift(err, text) };
    throw err;
  }
  const parsed = spec.response.safeParse(json);
  if (parsed.success) return { status: res.status, data: parsed.data };
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  const err = new SandboxApiError(res.status, 'CONTRACT_DRIFT', `answer does not match the contract: ${issues.join('; ')}`, json, request);
  if (opts.onDrift) return { status: res.status, data: opts.onDrift(err, json) };
  throw err;
}

/** `requestRoute` for callers that need only the parsed body. */
export async function callRoute(
  baseUrl: string,
  spec: RouteSpec,
  input: Record<string, unknown> = {},
  opts: ControlOptions = {},
): Promise<unknown> {
  return (await requestRoute(baseUrl, spec, input, opts)).data;
}

/** A typed client of every control route of the sandbox at `baseUrl` (`http://HOST:PORT`; `''` in the console). */
export function controlClient(baseUrl: string, opts: ControlOptions = {}): ControlClient {
  const client: Record<string, (input?: Record<string, unknown>) => Promise<unknown>> = {};
  for (const [name, spec] of controlRoutes()) client[name] = (input) => callRoute(baseUrl, spec, input, opts);
  // Built at run time from the same descriptions the type reads; a test checks both name lists agree.
  return client as unknown as ControlClient;
}
