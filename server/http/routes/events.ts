import { Router, type Response } from 'express';
import type { SandboxEventName, SandboxEvents } from '../../contract/events.js';
import type { LiveBatch, LiveEvent } from '../../contract/live.js';
import { liveRoutes } from '../../contract/live.js';
import type { SandboxContext } from '../../context.js';

/**
 * The bus's typed `emit` pairs each name with its own payload, but `onAny` hands them over as two
 * separate unions, which TypeScript cannot correlate: this is the one place that says they match.
 */
const liveEvent = (type: SandboxEventName, data: SandboxEvents[SandboxEventName]): LiveEvent => ({ type, data: { ...data } }) as LiveEvent;

/** Events of one window are sent together: a burst of 10,000 creations becomes ~10 messages a second. */
export const FLUSH_MS = 100;
/** Beyond this many events in one window the client is told to refetch instead (`dropped`). */
export const MAX_BATCH = 500;
export const HEARTBEAT_MS = 15_000;

/**
 * `GET /sandbox/v1/events`: the console's live stream (server-sent events) fed by the typed event
 * bus. Nothing is polled: one connection per console window, batched, with heartbeat comments.
 */
export function eventsRouter(ctx: SandboxContext, opts: { flushMs?: number; heartbeatMs?: number } = {}): Router {
  const r = Router();
  const open = new Set<Response>();
  // Streams never end on their own; ending them on stop lets the server close without waiting.
  ctx.onClosing(() => {
    for (const res of open) res.end();
    open.clear();
  });

  r.get(liveRoutes.liveEvents.path, (req, res) => {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    // A live stream outlives the server's per-request timeout.
    req.socket.setTimeout(0);
    res.write('retry: 2000\n: connected\n\n');
    open.add(res);

    let buffer: LiveEvent[] = [];
    let dropped = 0;
    let timer: NodeJS.Timeout | null = null;

    const flush = () => {
      timer = null;
      if (buffer.length === 0 && dropped === 0) return;
      const batch: LiveBatch = { events: buffer, dropped };
      buffer = [];
      dropped = 0;
      res.write(`data: ${JSON.stringify(batch)}\n\n`);
    };
    const unsubscribe = ctx.events.onAny((type: SandboxEventName, data: SandboxEvents[SandboxEventName]) => {
      if (buffer.length < MAX_BATCH) buffer.push(liveEvent(type, data));
      else dropped++;
      timer ??= setTimeout(flush, opts.flushMs ?? FLUSH_MS);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), opts.heartbeatMs ?? HEARTBEAT_MS);

    const cleanup = () => {
      unsubscribe();
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      open.delete(res);
    };
    // The response closes when the client goes away (the request may close earlier, once its body is read).
    res.on('close', cleanup);
    res.on('error', cleanup);
  });
  return r;
}
