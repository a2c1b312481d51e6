import type { Request, RequestHandler, Response } from 'express';
import { classifyCall, type Call } from '../contract/calls.js';
import type { SandboxContext } from '../context.js';
import { randomHexPool } from '../domain/random-hex.js';
import { EXCERPT, type EntryInput } from '../store/request-log-entry.js';
import { note, notesText } from '../contract/log-notes.js';
import { warningTexts } from '../contract/warnings.js';
import { readReplayMark, REPLAY_HEADER } from '../replay/replay-marker.js';

/** Calls of one incident replay the log keeps: a large archive must not push every other entry out of it. */
export const REPLAY_LOG_SHARE = 200;

/**
 * Polling, console reads and static files are not API calls worth keeping: every change is kept,
 * and of the reads, the merchant service's calls and the checkout pages (also a read of a service
 * path no route serves, so a wrong path a merchant tried is seen).
 */
function worthLogging(method: string, path: string, call: Call | null): boolean {
  if (method === 'OPTIONS' || method === 'HEAD') return false;
  if (path === '/health' || path.endsWith('/status') || path.startsWith('/check-out/assets')) return false;
  if (method !== 'GET') return true;
  if (call) return call.kind !== 'control';
  return /^(\/justpay(\.cert)?)?\/(api|payments|check-out)(\/|$)/i.test(path);
}

const excerpt = (body: string | Buffer | undefined): string =>
  body === undefined ? '' : Buffer.isBuffer(body) ? body.subarray(0, EXCERPT).toString('utf8') : body.slice(0, EXCERPT);

/**
 * The request-log entry of one request as it stands: its line, headers and body excerpt, the answer
 * `answer()` kept, the notes and warnings routes added (the log's writer masks secrets). `extra`
 * gives what the caller knows better (the time it started, the status of a cut connection).
 */
export function logEntry(req: Request, res: Response, extra: Partial<EntryInput> & Pick<EntryInput, 'at'>): EntryInput {
  const raw = req.rawBody ?? Buffer.alloc(0);
  const multipart = String(req.headers['content-type'] ?? '').startsWith('multipart/');
  const body = excerpt(raw);
  return {
    request_id: res.locals.requestId,
    method: req.method,
    path: req.originalUrl,
    status: res.statusCode,
    request_headers: req.headers,
    request_body: multipart ? `[multipart body, ${raw.length} bytes]\n${body}` : body,
    // Answers carry secrets too (a created merchant answers its keys): masked like the request.
    response_body: excerpt(res.locals.answerBody),
    note: notesText(res.locals.logNotes ?? []),
    note_details: res.locals.logNotes ?? [],
    warnings: warningTexts(res.locals.logWarnings ?? []),
    warning_details: res.locals.logWarnings ?? [],
    diagnosis: res.locals.logDiagnosis ?? null,
    migration: res.locals.logMigration ?? null,
    call_kind: res.locals.call?.kind ?? null,
    public_key: res.locals.logMerchant ?? null,
    anonymous: !res.locals.identified,
    ...extra,
  };
}

/** Assigns a request id and records every API call with its answer (secrets masked), batched. */
export function requestLog(ctx: SandboxContext): RequestHandler {
  const newRequestId = randomHexPool(6);
  // Replays run one at a time: the current one's count is all there is to keep.
  const replayed = { id: -1, calls: 0 };
  return (req, res, next) => {
    res.locals.requestId = newRequestId();
    const call = classifyCall(req.method, req.path);
    res.locals.call = call;
    if (!worthLogging(req.method, req.path, call)) return next();
    const replay = readReplayMark(req.headers[REPLAY_HEADER]);
    if (replay) {
      if (replay.id !== replayed.id) Object.assign(replayed, { id: replay.id, calls: 0 });
      if (++replayed.calls > REPLAY_LOG_SHARE) return next();
      if (replayed.calls === REPLAY_LOG_SHARE) (res.locals.logNotes ??= []).push(note('replay_unlogged', { replay: replay.id }));
    }
    const started = performance.now();
    const at = ctx.clock.now();
    res.on('finish', () => {
      ctx.store.requests.add(logEntry(req, res, { at, latency_ms: Math.round((performance.now() - started) * 100) / 100 }));
      ctx.events.emit('request.logged', { method: req.method, path: req.path, status: res.statusCode });
    });
    next();
  };
}
