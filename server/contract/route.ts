import type { z } from 'zod';
import type { FaultTarget } from './faults.js';
import type { CallKind } from './call-kinds.js';

/**
 * One description of an HTTP endpoint, shared by the server's router, the console's typed client
 * and the OpenAPI document, so the three cannot drift apart.
 */
export interface RouteSpec<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends string = string,
  M extends string | undefined = string | undefined,
  PS extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Express-style path, e.g. `/sandbox/v1/operations/:id`; kept literal so typed clients can read its `:params`. */
  path: P;
  /**
   * Schemas of the `:params` (a `z.object` keyed by their names, e.g. `{ id: IdParam('operation') }`
   * from ./paging.ts). The router parses them before the handler; one that fails answers 404.
   */
  params?: PS;
  summary: string;
  tags: string[];
  query?: Q;
  body?: B;
  response: R;
  /** Success status; 200 unless given. */
  status?: number;
  /** Documented error codes, for the OpenAPI document. */
  errors?: string[];
  /** Body media types when not JSON (the merchant API takes forms). */
  bodyContentTypes?: string[];
  /** Success media type when not JSON (e.g. text/plain checkout address). */
  responseContentType?: M;
  /** The fault-rule target of this merchant API route (server/http/faults.ts reads it); control routes have none. */
  faultTarget?: Exclude<FaultTarget, 'any'>;
  /** Which merchant call this route is (contract/calls.ts classifies requests by it); control routes need none. */
  call?: CallKind;
  /** Free-form extra description (magic values, enums…). */
  description?: string;
}

export const defineRoute = <
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  const P extends string,
  const M extends string | undefined = undefined,
  PS extends z.ZodType = z.ZodType,
>(
  spec: RouteSpec<Q, B, R, P, M, PS>,
): RouteSpec<Q, B, R, P, M, PS> => spec;

/** The `:name` segments of an Express-style path, as a union of names (`never` when it has none). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The `:name` values of a path that the Express-style `pattern` matches (buildPath's inverse), decoded;
 * a segment that does not decode is kept as sent.
 */
export function pathParams(pattern: string, path: string): Record<string, string> {
  const parts = path.split('/');
  const out: Record<string, string> = {};
  pattern.split('/').forEach((segment, i) => {
    if (!segment.startsWith(':')) return;
    const raw = parts[i] ?? '';
    try {
      out[segment.slice(1)] = decodeURIComponent(raw);
    } catch {
      out[segment.slice(1)] = raw;
    }
  });
  return out;
}

/** Fills the `:name` segments of a path (URI-encoded) and appends the defined query values. */
export function buildPath(path: string, params: Record<string, string | number> = {}, query?: object): string {
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
  if (!query) return filled;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${filled}?${s}` : filled;
}
