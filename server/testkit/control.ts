import type { z } from 'zod';
import { buildPath, type PathParamNames, type RouteSpec } from '../contract/route.js';
import { allRouteGroups } from '../contract/routes.js';
import { errorOf, SandboxApiError, send } from './errors.js';

/**
 * The typed control-API client, generated from the route descriptions the server mounts and the
 * OpenAPI document publishes (server/contract/routes.ts): every JSON route under `/sandbox/v1/`
 * becomes one method named like its description (`confirmOperation`, `advanceClock`, …). A route
 * added to the contract appears here with its types; there is no second list to keep in step.
 */

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
}

/** Calls one described route: fills its path, sends query and JSON body, validates the answer. */
export async function callRoute(
  baseUrl: string,
  spec: RouteSpec,
  input: Record<string, unknown> = {},
  opts: ControlOptions = {},
): Promise<unknown> {
  const { query, body, ...params } = input;
  const path = buildPath(spec.path, params as Record<string, string | number>, query as object | undefined);
  const request = `${spec.method} ${path}`;
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let payload: string | undefined;
  if (body !== undefined || spec.method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  const res = await send(baseUrl + path, { method: spec.method, headers, body: payload }, request);
  const text = await res.text();
  if (!res.ok) throw errorOf(res.status, text, request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SandboxApiError(res.status, 'CONTRACT_DRIFT', `answer is not JSON: ${text.slice(0, 200)}`, undefined, request);
  }
  const parsed = spec.response.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new SandboxApiError(res.status, 'CONTRACT_DRIFT', `answer does not match the contract: ${issues.join('; ')}`, json, request);
  }
  return parsed.data;
}

/** A typed client of every control route of the sandbox at `baseUrl` (`http://HOST:PORT`). */
export function controlClient(baseUrl: string, opts: ControlOptions = {}): ControlClient {
  const client: Record<string, (input?: Record<string, unknown>) => Promise<unknown>> = {};
  for (const [name, spec] of controlRoutes()) client[name] = (input) => callRoute(baseUrl, spec, input, opts);
  // Built at run time from the same descriptions the type reads; a test checks both name lists agree.
  return client as unknown as ControlClient;
}
