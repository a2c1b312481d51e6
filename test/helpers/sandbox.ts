import { createHash } from 'node:crypto';
import {
  controlClient,
  controlRoutes,
  requestRoute,
  SandboxApiError,
  type ControlClient,
  type ControlOptions,
  type ControlRoute,
  type ControlRouteName,
  type RouteAnswer,
  type RouteOutput,
} from '../../server/contract/client.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../server/sandbox.js';
import { eventually } from './receiver.js';

/** Starts a sandbox on `:memory:` and a free port; stop it in afterAll/afterEach. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox & { url: string }> {
  const sb = createSandbox({ data: ':memory:', port: 0, log: () => {}, consoleDir: null, ...opts });
  await sb.start();
  return sb as Sandbox & { url: string };
}

/**
 * Resolves once the sandbox's delivery worker has nothing queued, in flight or unwritten: every
 * notification due so far has been sent and its attempt is in the attempt log. Tests that prove
 * something was NOT sent wait for this (and, where it helps, a later marker delivery) instead of
 * sleeping. Generous bound: this must happen.
 */
export async function deliveriesIdle(sb: Pick<Sandbox, 'ctx'>, timeoutMs = 30_000): Promise<void> {
  const d = sb.ctx.delivery;
  await eventually(
    async () => {
      const s = d.stats();
      return s.queued === 0 && s.in_flight === 0 && s.unwritten === 0;
    },
    timeoutMs,
    10,
  );
}

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export const DEMO = { public_key: 'pk_sandbox_demo', secret_key: 'sk_sandbox_demo', payout_token: 'tk_sandbox_demo' };

/** Creation signature: public_key time amount currency trans_id time_expired url_ok url_error channel + secret. */
export function creationSignature(f: Record<string, string>, secret = DEMO.secret_key): string {
  const order = ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel'];
  return sha256(order.map((k) => f[k] ?? '').join('') + secret);
}

/**
 * The typed client of a test sandbox's control API (server/contract/client.ts): paths, params, query
 * and bodies come from the route descriptions, answers are parsed by their schemas, and an error
 * answer throws a SandboxApiError (see `failure`). A changed route description fails to compile here.
 */
export const control = (sb: { url: string }, opts?: ControlOptions): ControlClient => controlClient(sb.url, opts);

/** The SandboxApiError (status, code, reason, details) a call failed with; throws when the call succeeded. */
export async function failure(call: Promise<unknown>): Promise<SandboxApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof SandboxApiError) return err;
    throw err;
  }
  throw new Error('the call succeeded; an error answer was expected');
}

/** One control route by name answering its success status with the parsed body, for tests that assert the status (201, …). */
export async function answer<K extends ControlRouteName>(
  sb: { url: string },
  name: K,
  ...[input]: Parameters<ControlClient[K]>
): Promise<RouteAnswer<RouteOutput<ControlRoute<K>>>> {
  const spec = controlRoutes().get(name)!;
  return (await requestRoute(sb.url, spec, (input ?? {}) as Record<string, unknown>)) as RouteAnswer<RouteOutput<ControlRoute<K>>>;
}

/**
 * One control route by name answering either its success (`status`, parsed `data`) or its error
 * answer (`status`, `error` with code and reason), for tests that assert both kinds of answer.
 */
export async function outcome<K extends ControlRouteName>(
  sb: { url: string },
  name: K,
  ...input: Parameters<ControlClient[K]>
): Promise<
  { status: number; data: RouteOutput<ControlRoute<K>>; error?: undefined } | { status: number; data?: undefined; error: SandboxApiError }
> {
  try {
    return await answer(sb, name, ...input);
  } catch (err) {
    if (err instanceof SandboxApiError && err.code !== 'CONTRACT_DRIFT' && err.code !== 'NETWORK_ERROR')
      return { status: err.status, error: err };
    throw err;
  }
}

/** Raw JSON call, for requests a typed call cannot send (malformed input on purpose) or routes outside the control API. */
export async function api<T = any>(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: T;
  try {
    json = JSON.parse(text) as T;
  } catch {
    json = text as T;
  }
  return { status: res.status, body: json, headers: res.headers };
}

/** Parsed JSON body, loosely typed for assertions. */
export const jsonOf = async (res: Response): Promise<any> => res.json();
