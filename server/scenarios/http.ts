import { requestRoute, SandboxApiError, type RouteInput, type RouteOutput } from '../contract/client.js';
import type { RouteSpec } from '../contract/route.js';
import { ownField } from '../contract/common.js';
import type { StepText } from '../contract/step-texts.js';
import { text } from './step-words.js';

/** One HTTP answer as a scenario step sees it. */
export interface Answer {
  status: number;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

/** Bounded time for one call: a hung sandbox fails the step instead of the run hanging forever. */
const CALL_TIMEOUT_MS = 30_000;

export type Body = { json: unknown } | { form: Record<string, string> } | { multipart: Record<string, string> };

/**
 * Calls one control route through the typed control client (server/contract/client.ts). An error
 * answer is an Answer too (a step may expect it); `data` is the parsed body of a success. An answer
 * that does not match its route description, or none at all, answers status 0 with its code, so no
 * expectation passes.
 */
export async function control<S extends RouteSpec>(
  base: string,
  spec: S,
  input: RouteInput<S>,
): Promise<Answer & { data?: RouteOutput<S> }> {
  try {
    const a = await requestRoute(base, spec, input as Record<string, unknown>, { timeoutMs: CALL_TIMEOUT_MS });
    return { status: a.status, text: JSON.stringify(a.data), json: a.data, data: a.data as RouteOutput<S> };
  } catch (err) {
    if (!(err instanceof SandboxApiError)) throw err;
    const status = err.code === 'CONTRACT_DRIFT' ? 0 : err.status;
    return { status, text: err.message, json: { error: { code: err.code, message: err.reason } } };
  }
}

/**
 * Calls the merchant API over HTTP as a merchant's server does: forms, multipart or JSON, the raw
 * answer kept (a scenario checks error answers and sends malformed requests on purpose).
 */
export async function call(base: string, method: string, path: string, body?: Body, headers: Record<string, string> = {}): Promise<Answer> {
  let payload: string | FormData | undefined;
  const h: Record<string, string> = { ...headers };
  if (body && 'json' in body) {
    payload = JSON.stringify(body.json);
    h['content-type'] = 'application/json';
  } else if (body && 'form' in body) {
    payload = new URLSearchParams(body.form).toString();
    h['content-type'] = 'application/x-www-form-urlencoded; charset=utf-8';
  } else if (body && 'multipart' in body) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(body.multipart)) fd.append(k, v);
    payload = fd;
  }
  const res = await fetch(base + path, { method, headers: h, body: payload, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** `error.code` of a documented error answer. */
export const errorCode = (a: Answer): string | undefined => {
  const e = ownField(a.json, 'error');
  const c = ownField(e, 'code');
  return typeof c === 'string' ? c : undefined;
};

/** Short description of an answer for reports. */
export function describeAnswer(a: Answer): string {
  const code = errorCode(a);
  const msg = ownField(ownField(a.json, 'error'), 'message');
  if (code) return `${a.status} ${code}${typeof msg === 'string' ? `: ${msg.slice(0, 160)}` : ''}`;
  return `${a.status} ${a.text.slice(0, 120).replace(/\s+/g, ' ')}`;
}

/**
 * Checks an answer against `{http_status, error_code}`; with neither, any 2xx is expected
 * (`okStatus` when given exactly). Answers the failures.
 */
export function checkCall(a: Answer, expect: { http_status?: number; error_code?: string } | undefined, okStatus?: number): StepText[] {
  const failures: StepText[] = [];
  const code = errorCode(a);
  const answer = describeAnswer(a);
  if (expect?.http_status !== undefined && a.status !== expect.http_status)
    failures.push(text('expected_http', { expected: expect.http_status, answer }));
  if (expect?.error_code !== undefined && code !== expect.error_code)
    failures.push(text('expected_error', { expected: expect.error_code, answer }));
  if (expect?.http_status === undefined && expect?.error_code === undefined) {
    const ok = okStatus === undefined ? a.status >= 200 && a.status < 300 : a.status === okStatus;
    if (!ok)
      failures.push(okStatus ? text('expected_success_status', { expected: okStatus, answer }) : text('expected_success', { answer }));
  }
  return failures;
}
