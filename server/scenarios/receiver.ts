import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the merchant side received. */
export interface Received {
  /** success, rejection, payout_notification or payout_callback (by path). */
  kind: string;
  headers: Record<string, string>;
  body: string;
  /** Form fields or the top-level JSON object's values, as strings. */
  fields: Record<string, string>;
}

const KINDS: Record<string, string> = {
  '/success': 'success',
  '/rejection': 'rejection',
  '/payout-notification': 'payout_notification',
  '/payout-channel': 'payout_callback',
};

function fieldsOf(body: string, type: string): Record<string, string> {
  if (type.includes('json')) {
    try {
      const v: unknown = JSON.parse(body);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]));
      }
    } catch {
      // not JSON after all: no fields
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * The merchant's side of a scenario run: a local HTTP server on a free port that records every
 * notification and payout callback and answers with a status the scenario can change.
 */
export async function startReceiver(host = '127.0.0.1') {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1024 * 1024) chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      received.push({ kind: KINDS[path] ?? path, headers, body, fields: fieldsOf(body, headers['content-type'] ?? '') });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'scenario receiver failing on purpose');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    received,
    url: (kind: 'success' | 'rejection' | 'payout-notification' | 'payout-channel') => `${base}/${kind}`,
    setStatus: (s: number) => void (status = s),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
