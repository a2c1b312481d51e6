import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request a local receiver got. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Form fields when the body is form-encoded. */
  fields: Record<string, string>;
  /** performance.now() at receipt (same process as the test). */
  at: number;
}

/** How to answer: a status (and body), or `hang` to never answer (timeout tests). */
export type Reply = { status: number; body?: string } | 'hang';

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Changes how later requests are answered. */
  reply(r: Reply | ((req: Received) => Reply)): void;
  /** Resolves once `n` requests arrived in total; rejects after `timeoutMs` (generous: this must happen). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real node:http merchant endpoint on a free loopback port (optionally a fixed one, to come back on). */
export async function startReceiver(initial: Reply = { status: 200, body: 'ok' }, port = 0): Promise<Receiver> {
  const received: Received[] = [];
  let replyFn: (req: Received) => Reply = () => initial;
  const waiters: { n: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const isForm = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const r: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        fields: isForm ? Object.fromEntries(new URLSearchParams(body)) : {},
        at: performance.now(),
      };
      received.push(r);
      for (const w of waiters.filter((x) => received.length >= x.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const reply = replyFn(r);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'text/plain' });
      res.end(reply.body ?? '');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    received,
    reply(r) {
      replyFn = typeof r === 'function' ? r : () => r;
    },
    waitFor(n, timeoutMs = 30_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${n} requests in ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port with nothing listening (refused-connection tests). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Polls `fn` until it answers a truthy value (or throws after `timeoutMs`: generous, for what must happen on a busy machine). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, stepMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
