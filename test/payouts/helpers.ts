import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteInput } from '../../server/contract/client.js';
import type { payoutRoutes } from '../../server/contract/payouts.js';
import { answer, control, DEMO, startSandbox } from '../helpers/sandbox.js';
import { answerOf } from '../helpers/payments.js';

let seq = 0;
/** A credit note no other test uses. */
export const note = (prefix = 'CN') => `${prefix}-${process.pid}-${Date.now()}-${++seq}`;

/** A valid Chilean payout item (bank 37 is listed for Chile only); `overrides` replace fields, `undefined` removes one. */
export function payoutItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const item: Record<string, unknown> = {
    order_id: `ORD-${++seq}`,
    credit_note: note(),
    account_id: '000123456789',
    account_type: 'current',
    vat_id: '12345678-5',
    vat_id_type: 'RUT',
    name: 'Juana Pérez',
    amount: 1000,
    subject: 'Pago proveedor',
    bank_detail: 'Cuenta corriente Santander',
    channel: 'https://beneficiary.example/otp',
    user_email: 'juana@example.com',
    phone_number: '+56912345678',
    bank: 37,
  };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete item[k];
    else item[k] = v;
  }
  return item;
}

/** POST /api/transactions/ with the demo merchant's token unless headers say otherwise. */
export async function postPayouts(base: string, body: unknown, headers: Record<string, string | null> = {}) {
  const h: Record<string, string> = { authorization: `Bearer ${DEMO.payout_token}`, 'content-type': 'application/json' };
  for (const [k, v] of Object.entries(headers)) {
    if (v === null) delete h[k];
    else h[k] = v;
  }
  return answerOf(
    await fetch(`${base}/api/transactions/`, {
      method: 'POST',
      headers: h,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export const listPayouts = (base: string, query?: RouteInput<typeof payoutRoutes.listPayouts>['query']) =>
  control({ url: base }).listPayouts({ query });
/** Advances the sandbox clock, answering the status too (a test asserts it). */
export const advance = (base: string, minutes: number) => answer({ url: base }, 'advanceClock', { body: { minutes } });

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real local HTTP receiver on port 0 that records every request. `statuses` are answered in order
 * (then 200), so a test can make the first attempts fail.
 */
export async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** Requests whose path is `path`. */
    at: (path: string) => received.filter((r) => r.url === path),
    /** Resolves once `pred` holds, or rejects after `ms` (generous: this must happen). */
    async until(pred: () => boolean, ms = 30_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${ms} ms (got ${received.length} requests)`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A sandbox on `:memory:` and a local receiver that is the demo merchant's payout URL (`/payouts`). */
export async function sandboxWithPayoutReceiver() {
  const sb = await startSandbox();
  const rx = await startReceiver();
  await control(sb).updateMerchant({ public_key: DEMO.public_key, body: { payout_url: `${rx.url}/payouts` } });
  return { sb, rx, stop: async () => (await sb.stop(), await rx.close()) };
}
