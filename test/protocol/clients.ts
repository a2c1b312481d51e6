import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '../helpers/sandbox.js';

/*
 * Merchant code as the older integrations are written: a 2019 shop plugin (Magento / WooCommerce
 * style) that posts flat fields, a 2018 prototype client that sends the shopper to whatever a 200
 * answered, and a notification handler that reads PHP's $_REQUEST (query string and form alike).
 */

const ORDER = ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel'] as const;
let seq = 0;
const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** The form a 2019 plugin posts: shopper fields flat at the top level, `las_name_Shopper` as spelled, `url_finalizar`. */
export function plugin2019Fields(o: { publicKey: string; secret: string; channel?: string; fields?: Record<string, string | null> }) {
  const f: Record<string, string> = {
    public_key: o.publicKey,
    time: stamp(),
    channel: o.channel ?? '1',
    amount: '25000.00',
    currency: 'COP',
    trans_id: `1000${++seq}`,
    time_expired: '60',
    url_ok: 'https://tienda.example/checkout/onepage/success',
    url_error: 'https://tienda.example/checkout/onepage/failure',
    name_shopper: 'Camila',
    las_name_Shopper: 'Rojas',
    email: 'camila.rojas@gmail.com',
    country_code: 'CO',
    phone: '3001234567',
    mobile: '3001234567',
    url_finalizar: 'https://tienda.example/pasarela/finalizar',
  };
  for (const [k, v] of Object.entries(o.fields ?? {})) {
    if (v === null) delete f[k];
    else f[k] = v;
  }
  // The plugins sign the current recipe over the values they send.
  if (!('signature' in (o.fields ?? {}))) f.signature = sha256(ORDER.map((k) => f[k] ?? '').join('') + o.secret);
  return f;
}

/** The 2018 prototype's form: `curency`, `trans_ID`, `url_erro`, channels 0–4, signed over its own fields in the current order. */
export function client2018Fields(o: { publicKey: string; secret: string; channel?: string; fields?: Record<string, string | null> }) {
  const f: Record<string, string> = {
    public_key: o.publicKey,
    time: stamp(),
    channel: o.channel ?? '0',
    amount: '15000.00',
    curency: 'COP',
    trans_ID: `PROTO-${++seq}`,
    time_expired: '120',
    url_ok: 'https://proto.example/ok',
    url_erro: 'https://proto.example/error',
  };
  for (const [k, v] of Object.entries(o.fields ?? {})) {
    if (v === null) delete f[k];
    else f[k] = v;
  }
  const values = [f.public_key, f.time, f.amount, f.curency, f.trans_ID, f.time_expired, f.url_ok, f.url_erro, f.channel];
  if (!('signature' in (o.fields ?? {}))) f.signature = sha256(values.map((v) => v ?? '').join('') + o.secret);
  return f;
}

type ErrorAnswer = { error?: { code: string; message: string } };

/** A form POST as the plugins send it (application/x-www-form-urlencoded). */
export async function formPost(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await res.text();
  let json: ErrorAnswer | null = null;
  try {
    json = JSON.parse(text) as ErrorAnswer;
  } catch {
    // a checkout or error address (text/plain)
  }
  return { status: res.status, text, json, protocol: res.headers.get('x-sandbox-protocol') };
}

/**
 * The 2018 prototype's flow: any 200 body is the address the shopper is sent to, so it follows it
 * (as the shopper's browser would) and answers what that page said.
 */
export async function client2018Pay(url: string, fields: Record<string, string>) {
  const r = await formPost(url, fields);
  if (r.status !== 200) return { ...r, page: null as null | { status: number; html: string; url: string } };
  const page = await fetch(r.text.trim());
  return { ...r, page: { status: page.status, html: await page.text(), url: r.text.trim() } };
}

export interface Handled {
  method: string;
  request: Record<string, string>;
  verified: boolean;
}

/**
 * A plugin's notification handler: reads `$_REQUEST` (GET query and POST form merged, as PHP does),
 * checks the signature the legacy layout puts public_key first in, and marks the order.
 */
export async function phpStyleHandler(publicKey: string, secret: string) {
  const handled: Handled[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const $_REQUEST: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams((req.url ?? '').split('?')[1] ?? '')) $_REQUEST[k] = v;
      for (const [k, v] of new URLSearchParams(body)) $_REQUEST[k] = v;
      const r = $_REQUEST;
      const expected = sha256(publicKey + r.time + r.channel + r.amount + r.currency + r.trans_ID + secret);
      const verified = (r.signature ?? '').toLowerCase() === expected;
      handled.push({ method: req.method ?? '', request: r, verified });
      waiters.splice(0).forEach((w) => w());
      res.writeHead(verified ? 200 : 400, { 'Content-Type': 'text/plain' });
      res.end(verified ? 'OK' : 'FIRMA INVALIDA');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.php?route=extension/payment/pasarela/callback`;
  return {
    url,
    handled,
    /** Waits until a notification for this order arrived (the handler's own record is the proof). */
    async order(transId: string, timeoutMs = 15_000): Promise<Handled> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = handled.find((h) => h.request.trans_ID === transId);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no notification for ${transId}; got ${JSON.stringify(handled.map((h) => h.request))}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
