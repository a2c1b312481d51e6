import type { RequestHandler } from 'express';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { SandboxContext } from '../context.js';
import { randomHexPool } from '../domain/random-hex.js';

const EXCERPT = 8192;
const SECRET_FIELDS = /("?(?:signature|secret_key|payout_token|payout_password|password|token|otp_code)"?\s*[=:]\s*"?)([^&"\s,}]+)/gi;

/** Keeps the first and last characters of a secret so support staff can still tell values apart. */
export const maskSecret = (v: string): string => (v.length <= 8 ? '••••' : `${v.slice(0, 4)}••••${v.slice(-2)}`);

export function maskBody(text: string): string {
  // A JSON null is no secret, and masking it would break the logged JSON (payout items answer otp_code: null).
  return text.replace(SECRET_FIELDS, (m, key: string, value: string) =>
    value === 'null' && !key.endsWith('"') ? m : key + maskSecret(value),
  );
}

/**
 * A payout token keeps a few characters so support staff can tell merchants apart; the control
 * token (Authorization on `/sandbox/` calls) and the console's session cookie show none of theirs.
 */
export function maskHeaders(headers: Record<string, string | string[] | undefined>, path: string): Record<string, string> {
  const out: Record<string, string> = {};
  // Routing is case-insensitive, so `/SANDBOX/v1/…` is a control call too.
  const mask = path.toLowerCase().startsWith('/sandbox/') ? () => '••••' : maskSecret;
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const s = Array.isArray(v) ? v.join(', ') : v;
    if (k === 'authorization') out[k] = s.replace(/^(\S+\s+)?(.*)$/, (_m, scheme = '', tok: string) => scheme + mask(tok));
    else out[k] = k === 'cookie' ? '••••' : s;
  }
  return out;
}

/** Polling, console reads and static files are not API calls worth keeping. */
function worthLogging(method: string, path: string): boolean {
  if (method === 'OPTIONS' || method === 'HEAD') return false;
  if (path === '/health' || path.endsWith('/status') || path.startsWith('/check-out/assets')) return false;
  if (
    method === 'GET' &&
    (path.startsWith('/sandbox/') || !(path.startsWith('/api/') || path.startsWith('/payments/') || path.startsWith('/check-out')))
  )
    return false;
  return true;
}

type Capture = (chunk: unknown) => void;
/** The capture of each response being logged (a WeakMap: nothing is added to the response object). */
const captures = new WeakMap<object, Capture>();
const patched = new WeakSet<object>();

/**
 * Copies what a response writes to its capture, if it has one. Done ONCE per response prototype
 * (Express's per-app `app.response`, the lean front's FrontResponse), not per response: overriding
 * `write`/`end` on each response object gave every one of them its own shape, and Node's HTTP
 * internals then ran slower on all of them (issue 22; test/http/request-log-capture.test.ts).
 * The logging middleware patches the prototype of what it sees; app.ts patches both of the app's
 * up front (the front switches a failed creation's response to app.response mid-request).
 */
export function captureResponseWrites(proto: object): void {
  if (patched.has(proto)) return;
  patched.add(proto);
  const target = proto as { write: (...a: unknown[]) => unknown; end: (...a: unknown[]) => unknown };
  const { write, end } = target;
  target.write = function (this: object, ...args: unknown[]) {
    captures.get(this)?.(args[0]);
    return write.apply(this, args);
  };
  target.end = function (this: object, ...args: unknown[]) {
    captures.get(this)?.(args[0]);
    return end.apply(this, args);
  };
}

/** Assigns a request id and records every API call with its response (secrets masked), batched. */
export function requestLog(ctx: SandboxContext): RequestHandler {
  const newRequestId = randomHexPool(6);
  return (req, res, next) => {
    const requestId = newRequestId();
    res.locals.requestId = requestId;
    if (!worthLogging(req.method, req.path)) return next();
    const started = performance.now();
    const at = ctx.clock.now();
    const chunks: Buffer[] = [];
    let captured = 0;
    captureResponseWrites(Object.getPrototypeOf(res) as object);
    captures.set(res, (chunk) => {
      if (captured >= EXCERPT || chunk == null || typeof chunk === 'function') return;
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      chunks.push(buf.subarray(0, EXCERPT - captured));
      captured += buf.length;
    });
    res.on('finish', () => {
      const body = req.rawBody ?? Buffer.alloc(0);
      const type = String(req.headers['content-type'] ?? '');
      const bodyText = type.startsWith('multipart/')
        ? `[multipart body, ${body.length} bytes]\n` + body.subarray(0, EXCERPT).toString('utf8')
        : body.subarray(0, EXCERPT).toString('utf8');
      ctx.store.requests.add({
        at,
        request_id: requestId,
        method: req.method,
        path: req.originalUrl.slice(0, 2000),
        status: res.statusCode,
        latency_ms: Math.round((performance.now() - started) * 100) / 100,
        request_headers: maskHeaders(req.headers, req.originalUrl),
        request_body: maskBody(bodyText),
        // Responses carry secrets too (a created merchant answers its keys).
        response_body: maskBody(Buffer.concat(chunks).toString('utf8')),
        note: (res.locals.logNote as string | undefined) ?? null,
        warnings: (res.locals.logWarnings as string[] | undefined) ?? [],
        diagnosis: (res.locals.logDiagnosis as Diagnosis | undefined) ?? null,
      });
      ctx.events.emit('request.logged', { method: req.method, path: req.path, status: res.statusCode });
    });
    next();
  };
}
