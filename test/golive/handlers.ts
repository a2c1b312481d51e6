import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A merchant's notification endpoint written the way a merchant would, for the go-live check to probe. */
export interface Handler {
  url: string;
  /** Orders the handler applied (trans_ID → status), to prove probes were or were not applied. */
  applied: Map<string, string>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

async function serve(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>) {
  const applied = new Map<string, string>();
  const server = createServer((req, res) => void readBody(req).then((body) => handle(req, body, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    applied,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The correct handler: verifies the signature (contract §4, standard layout) in constant time,
 * deduplicates on the notification id, ignores unknown fields, never undoes a paid order, answers at once.
 */
export async function correctHandler(secret: string): Promise<Handler> {
  const seen = new Set<string>();
  const h = await serve((req, body, res) => {
    const answer = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(text);
    };
    if (req.url?.startsWith('/payout')) return answer(200, 'ok');
    const f = Object.fromEntries(new URLSearchParams(body));
    const expected = createHash('sha256')
      .update(`${f.time ?? ''}${f.channel ?? ''}${f.amount ?? ''}${f.currency ?? ''}${f.trans_ID ?? ''}${secret}`)
      .digest();
    const sent = Buffer.from(/^[0-9a-f]{64}$/i.test(f.signature ?? '') ? f.signature! : '00', 'hex');
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return answer(400, 'bad signature');
    const id = String(req.headers['x-sandbox-notification-id'] ?? '');
    if (seen.has(id)) return answer(200, 'already processed');
    seen.add(id);
    const trans = f.trans_ID ?? '';
    if (f.rejection_code) {
      if (h.applied.get(trans) !== 'paid') h.applied.set(trans, 'failed');
    } else h.applied.set(trans, 'paid');
    answer(200, 'ok');
  });
  return h;
}

/** The naive handler: acknowledges everything after `delayMs`, but refuses a field it does not know. */
export async function naiveHandler(delayMs: number): Promise<Handler> {
  // The fields it was written against: the contract's seven, the rejection pair, channel 17's extras.
  const known = new Set([
    ...['public_key', 'time', 'channel', 'amount', 'currency', 'trans_ID', 'signature', 'rejection_code', 'rejection_message'],
    ...['payment_method', 'bank_name', 'bank_account', 'card_number', 'card_brand', 'authorization_number'],
  ]);
  return serve(async (req, body, res) => {
    await new Promise((r) => setTimeout(r, delayMs));
    const f = new URLSearchParams(body);
    const unknown = !req.url?.startsWith('/payout') && [...f.keys()].some((k) => !known.has(k));
    res.writeHead(unknown ? 400 : 200, { 'content-type': 'text/plain' });
    res.end(unknown ? 'unexpected field' : 'ok');
  });
}
