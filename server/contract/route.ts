import type { z } from 'zod';

/**
 * One description of an HTTP endpoint, shared by the server's router, the console's typed client
 * and the OpenAPI document, so the three cannot drift apart.
 */
export interface RouteSpec<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Express-style path, e.g. `/sandbox/v1/operations/:id`. */
  path: string;
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
  responseContentType?: string;
  /** Free-form extra description (magic values, enums…). */
  description?: string;
}

export const defineRoute = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  spec: RouteSpec<Q, B, R>,
): RouteSpec<Q, B, R> => spec;
