import { spawn } from 'node:child_process';
import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A merchant's notification endpoint, written the way shops' code is, for the go-live check to probe. */
export interface Handler {
  url: string;
  /** Orders the handler marked (trans_ID → paid | failed), to prove a probe was or was not applied. */
  applied(): Map<string, string>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

type Handle = (req: IncomingMessage, body: string, res: ServerResponse, applied: Map<string, string>) => void | Promise<void>;

async function serve(handle: Handle): Promise<Handler> {
  const applied = new Map<string, string>();
  const server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      try {
        await handle(req, body, res, applied);
      } catch (err) {
        // An uncaught exception in a framework: a 500 with its message.
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`Internal Server Error: ${(err as Error).message}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    applied: () => applied,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const send = (res: ServerResponse, status: number, text: string, type = 'text/plain') => {
  res.writeHead(status, { 'content-type': type });
  res.end(text);
};

const signed = (f: Record<string, string>, secret: string) =>
  createHash('sha256')
    .update(`${f.time ?? ''}${f.channel ?? ''}${f.amount ?? ''}${f.currency ?? ''}${f.trans_ID ?? ''}${secret}`)
    .digest();

/**
 * The correct handler: POST only, verifies the signature (standard layout) in constant time,
 * deduplicates on the notification id, ignores unknown fields, never undoes a paid order, and says
 * what it did.
 */
export function correctHandler(secret: string, delayMs = 0): Promise<Handler> {
  const seen = new Set<string>();
  return serve(async (req, body, res, applied) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (req.method !== 'POST') return send(res, 405, 'method not allowed');
    if (req.url?.startsWith('/payout')) return send(res, 200, 'payout updated');
    const f = Object.fromEntries(new URLSearchParams(body));
    const sent = Buffer.from(/^[0-9a-f]{64}$/i.test(f.signature ?? '') ? f.signature! : '00', 'hex');
    const expected = signed(f, secret);
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return send(res, 400, 'bad signature');
    const id = String(req.headers['x-sandbox-notification-id'] ?? '');
    if (seen.has(id)) return send(res, 200, 'already processed');
    seen.add(id);
    const trans = f.trans_ID ?? '';
    if (f.rejection_code) {
      if (applied.get(trans) !== 'paid') applied.set(trans, 'failed');
      return send(res, 200, 'order failed');
    }
    applied.set(trans, 'paid');
    send(res, 200, 'order paid');
  });
}

/**
 * A plugin that takes the outcome from its URL path (/ok pays, /rejected fails) and the order id as
 * an integer: `(int)`-style parsing that throws on anything but digits. It never checks a signature.
 */
export function pathOutcomeHandler(): Promise<Handler> {
  return serve((req, body, res, applied) => {
    const f = Object.fromEntries(new URLSearchParams(body));
    if (req.url?.startsWith('/payout')) return send(res, 200, 'OK');
    const raw = f.trans_ID ?? '';
    if (!/^\d+$/.test(raw)) throw new TypeError(`invalid order id "${raw}": expected an integer`);
    const order = Number.parseInt(raw, 10);
    applied.set(String(order), req.url?.startsWith('/rejected') ? 'failed' : 'paid');
    send(res, 200, 'OK');
  });
}

/** A handler that verifies the signature but answers every notification, success or rejection, with the same success JSON. */
export function sameAnswerHandler(secret: string): Promise<Handler> {
  return serve((req, body, res, applied) => {
    if (req.method !== 'POST') return send(res, 405, 'method not allowed');
    if (req.url?.startsWith('/payout')) return send(res, 200, '{"result":"success","state":"A"}', 'application/json');
    const f = Object.fromEntries(new URLSearchParams(body));
    const sent = Buffer.from(/^[0-9a-f]{64}$/i.test(f.signature ?? '') ? f.signature! : '00', 'hex');
    const expected = signed(f, secret);
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
      return send(res, 401, '{"result":"error"}', 'application/json');
    if (applied.get(f.trans_ID ?? '') !== 'paid') applied.set(f.trans_ID ?? '', f.rejection_code ? 'failed' : 'paid');
    send(res, 200, '{"result":"success","state":"A"}', 'application/json');
  });
}

const freePort = async () => {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
};

/**
 * test/golive/php/notify.php under PHP's built-in server: reads $_REQUEST (GET or POST), echoes the
 * signature it computes, and marks the order paid (or failed on a rejection) whatever the signature.
 */
export async function phpEchoHandler(secret: string): Promise<Handler> {
  const dir = mkdtempSync(join(tmpdir(), 'golive-php-'));
  const orders = join(dir, 'orders.txt');
  writeFileSync(orders, '');
  const port = await freePort();
  const child = spawn('php', ['-S', `127.0.0.1:${port}`, join(import.meta.dirname, 'php', 'notify.php')], {
    env: { ...process.env, MERCHANT_SECRET: secret, ORDERS_FILE: orders },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The built-in server says it listens on stderr.
  await new Promise<void>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (c: Buffer) => {
      text += c.toString();
      if (/started/i.test(text)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`php -S exited ${code}: ${text}`)));
  });
  child.stderr!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    applied: () =>
      new Map(
        readFileSync(orders, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split(' ') as [string, string]),
      ),
    close: async () => {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
