import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request the receiver got: a payment notification, a payout callback or notification. */
export interface Received {
  method: string;
  /** Path with query, e.g. `/success`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Form fields when the body is form-encoded (payment notifications). */
  fields: Record<string, string>;
  /** The parsed body when it is JSON (payout callbacks and notifications); undefined otherwise. */
  json: unknown;
  /** performance.now() at receipt (same process as the test). */
  at: number;
}

/**
 * How to answer: a status (200 and 203 count as delivered, anything else is a failed attempt),
 * optionally with a body and a delay (`slow`), or `hang` to never answer (the sender's timeout fires).
 */
export type Reply = number | { status: number; body?: string; delayMs?: number; headers?: Record<string, string> } | 'hang';

/** Which request `next()` waits for: fields that must be equal (names compared case-insensitively) or a predicate. */
export type Match = Record<string, string | number> | ((r: Received) => boolean);

export interface Receiver {
  /** `http://127.0.0.1:PORT`; give the sandbox e.g. `${url}/success` as a notification URL. */
  url: string;
  port: number;
  /** Everything received so far, in order. */
  received: Received[];
  /** How later requests are answered (until changed); a function decides per request. */
  reply(r: Reply | ((req: Received) => Reply)): void;
  /** Answers the next requests with these replies, in order, before falling back to `reply`'s. */
  replyOnce(...replies: Reply[]): void;
  /**
   * The next request matching `match` that no earlier `next()` returned; waits for it up to `timeoutMs`
   * (default 10 s) and then fails with a message listing what did arrive.
   */
  next(match?: Match, opts?: { timeoutMs?: number }): Promise<Received>;
  /** Resolves once `n` requests arrived in total; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  /** Stops listening; hanging and slow answers are cut. */
  close(): Promise<void>;
}

const OK: Reply = { status: 200, body: 'ok' };
const MAX_BODY_BYTES = 1024 * 1024;

function parseBody(body: string, type: string): Pick<Received, 'fields' | 'json'> {
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { fields: Object.fromEntries(new URLSearchParams(body)), json: undefined };
  if (type.includes('json')) {
    try {
      return { fields: {}, json: JSON.parse(body) as unknown };
    } catch {
      // not JSON after all: the raw body is still recorded
    }
  }
  return { fields: {}, json: undefined };
}

/** A field of a form or of a top-level JSON object, by name compared case-insensitively (`trans_id` finds `trans_ID`). */
function fieldOf(r: Received, name: string): string | undefined {
  const lower = name.toLowerCase();
  const obj: Record<string, unknown> =
    typeof r.json === 'object' && r.json !== null && !Array.isArray(r.json)
      ? { ...(r.json as Record<string, unknown>), ...r.fields }
      : r.fields;
  const key = Object.keys(obj).find((k) => k.toLowerCase() === lower);
  const v = key === undefined ? undefined : obj[key];
  return v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v);
}

const matches = (r: Received, m: Match | undefined): boolean =>
  m === undefined ? true : typeof m === 'function' ? m(r) : Object.entries(m).every(([k, v]) => fieldOf(r, k) === String(v));

const describeMatch = (m: Match | undefined) =>
  m === undefined ? 'any request' : typeof m === 'function' ? 'a request matching the predicate' : JSON.stringify(m);
const describeReceived = (r: Received, i: number) => `  ${i + 1}. ${r.method} ${r.path} ${r.body.slice(0, 160)}`;

/** A real node:http endpoint on a free loopback port (or a fixed one, to come back on after a restart). */
export async function startReceiver(initial: Reply = OK, port = 0, host = '127.0.0.1'): Promise<Receiver> {
  const received: Received[] = [];
  const consumed = new Set<Received>();
  let replyFn: (req: Received) => Reply = () => initial;
  const once: Reply[] = [];
  const listeners = new Set<() => void>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const answer = (res: ServerResponse, reply: Reply) => {
    if (reply === 'hang') return;
    const r = typeof reply === 'number' ? { status: reply } : reply;
    const write = () => {
      if (res.destroyed) return;
      res.writeHead(r.status, { 'content-type': 'text/plain', ...r.headers });
      res.end(r.body ?? '');
    };
    if (!r.delayMs) return write();
    const t = setTimeout(() => {
      timers.delete(t);
      write();
    }, r.delayMs);
    timers.add(t);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // A runaway sender cannot exhaust memory: bodies are recorded up to 1 MiB.
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        ...parseBody(body, String(req.headers['content-type'] ?? '')),
        at: performance.now(),
      };
      received.push(r);
      for (const l of [...listeners]) l();
      answer(res, once.shift() ?? replyFn(r));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;

  /** Resolves with `check()`'s first non-undefined answer, re-checked on every arrival. */
  const until = <T>(check: () => T | undefined, timeoutMs: number, failure: () => string): Promise<T> => {
    const now = check();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const listener = () => {
        const v = check();
        if (v === undefined) return;
        listeners.delete(listener);
        clearTimeout(timer);
        resolve(v);
      };
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(failure()));
      }, timeoutMs);
      listeners.add(listener);
    });
  };

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    port: actual,
    received,
    reply(r) {
      replyFn = typeof r === 'function' ? r : () => r;
    },
    replyOnce(...replies) {
      once.push(...replies);
    },
    next(match, opts = {}) {
      const timeoutMs = opts.timeoutMs ?? 30_000;
      const find = () => {
        const r = received.find((x) => !consumed.has(x) && matches(x, match));
        if (r) consumed.add(r);
        return r;
      };
      return until(find, timeoutMs, () =>
        [
          `receiver: no request matching ${describeMatch(match)} arrived within ${timeoutMs} ms;`,
          received.length ? `it received ${received.length}:` : 'it received nothing.',
          ...received.map(describeReceived),
        ].join('\n'),
      );
    },
    waitFor(n, timeoutMs = 30_000) {
      return until(
        () => (received.length >= n ? received : undefined),
        timeoutMs,
        () => `receiver got ${received.length} of ${n} requests in ${timeoutMs} ms`,
      );
    },
    close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The testkit's receiver: `await receiver()` or `await receiver({ reply: 500 })`. */
export const receiver = (opts: { reply?: Reply; port?: number; host?: string } = {}) =>
  startReceiver(opts.reply ?? OK, opts.port ?? 0, opts.host);
