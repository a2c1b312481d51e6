import type { z } from 'zod';
import { callRoute, SandboxApiError } from '@contract/client.js';
import { type PathParamNames, type RouteSpec } from '@contract/route.js';
import { tokenNeeded } from './access';

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

/** An answer that does not match its route description fails loudly: thrown in development, logged in builds. */
const onDrift = import.meta.env.DEV
  ? undefined
  : (err: SandboxApiError, json: unknown): unknown => {
      console.error(`[contract drift] ${err.message}`);
      // A build keeps working with what the server sent; the log above is the alarm.
      return json;
    };

/** Calls one described control-API route through the typed control client, as the operator. */
export async function call<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, P extends string>(
  spec: RouteSpec<Q, B, R, P, string | undefined, z.ZodType>,
  ...[opts = {} as CallOptions<Q, B, P>]: CallArgs<Q, B, P>
): Promise<Out<R>> {
  const input = { ...opts.params, query: opts.query, body: opts.body };
  try {
    return (await callRoute('', spec, input, { headers: ACTOR_HEADER, onDrift })) as Out<R>;
  } catch (err) {
    // A shared sandbox seen from another machine: ask for the control token (once per browser session).
    if (err instanceof SandboxApiError && err.code === 'UNAUTHORIZED') tokenNeeded();
    throw err;
  }
}
