#!/usr/bin/env node
// `pasarela-sandbox receive` / `npm run receive`: a merchant endpoint for trying the sandbox by hand.
// It prints one line per notification or payout callback and answers as a correct handler does
// (handleRequest below), so a first payment shows its notification without writing a shop and the
// go-live check passes against it.
import { readFlags, readPort } from './cli-flags.js';
import { onParentGone, STOP_SIGNALS } from './lifeline.mjs';
import { DEMO_MERCHANT } from './domain/merchants.js';
import { verifyNotification } from './testkit/notifications.js';
import { receiver, type Received } from './loopback-receiver.js';

const usage = `usage: pasarela-sandbox receive [--port N] [--host H] [--secret S] [--status CODE]
  --port N       port to listen on (default 4020; 0 picks a free port)
  --host H       address to bind (default 127.0.0.1)
  --secret S     secret key that signs the notifications (default the demo merchant's, ${DEMO_MERCHANT.secret_key})
  --status CODE  status to answer what it accepts (default 200; 200 and 203 count as delivered, anything else is retried);
                 a wrong signature is always refused with 400, and any method but POST with 405`;

/** What the receiver answers a request, and the line it prints about it. */
export interface Handled {
  status: number;
  body: string;
  headers?: Record<string, string>;
  line: string;
}

/**
 * A merchant's notification handler, written as the sandbox expects merchants to write theirs:
 * only POST is accepted; a payment or rejection notification must carry the signature the
 * merchant's secret makes (SHA-256 of time channel amount currency trans_ID + secret, or the legacy
 * layout with public_key first), else it is refused with 400 and not processed; a notification
 * already processed (the same trans_ID and outcome) is acknowledged again without processing it
 * twice, because the service resends until it gets a 200. `seen` keeps what was processed.
 */
export function handleRequest(r: Received, secret: string, seen: Set<string>, okStatus = 200): Handled {
  const time = new Date().toISOString().slice(11, 19);
  const head = `${time} ${r.method} ${r.path}`;
  if (r.method !== 'POST') {
    return {
      status: 405,
      body: 'notifications are sent with POST',
      headers: { Allow: 'POST' },
      line: `${head}  refused (405): notifications are sent with POST`,
    };
  }
  const f = r.fields;
  if (f.trans_ID === undefined) {
    const shown = r.json !== undefined ? `JSON ${JSON.stringify(r.json).slice(0, 300)}` : r.body.slice(0, 300) || '(empty body)';
    return { status: okStatus, body: 'ok', line: `${head}  ${shown}` };
  }
  const rejected = f.rejection_code !== undefined;
  const kind = rejected ? `rejection ${f.rejection_code} "${f.rejection_message ?? ''}"` : 'payment notification';
  const what = `${kind}: trans_ID=${f.trans_ID} channel=${f.channel} amount=${f.amount} ${f.currency}`;
  const layout = verifyNotification(f, secret) ? '' : verifyNotification(f, secret, 'legacy') ? ' (legacy layout)' : null;
  if (layout === null) {
    const why =
      f.signature === undefined
        ? 'no signature field'
        : 'the signature does not match SHA-256 of time channel amount currency trans_ID + the secret (nor the legacy layout)';
    return { status: 400, body: 'invalid signature', line: `${head}  ${what}; REFUSED (400): ${why}` };
  }
  // The answer says what the handler did, so a rejection is never answered exactly as a payment.
  const outcome = rejected ? 'rejected' : 'paid';
  const key = `${f.trans_ID}|${outcome}`;
  if (seen.has(key)) {
    return { status: okStatus, body: outcome, line: `${head}  ${what}; signature ok${layout}; already processed, acknowledged again` };
  }
  seen.add(key);
  return { status: okStatus, body: outcome, line: `${head}  ${what}; signature ok${layout}` };
}

async function main(): Promise<number> {
  const flags = readFlags(
    { port: { type: 'string' }, host: { type: 'string' }, secret: { type: 'string' }, status: { type: 'string' } },
    usage,
  );
  if ('exit' in flags) return flags.exit;
  const args = flags.values;
  const portFlag = readPort(args.port, 4020);
  if ('error' in portFlag) {
    process.stderr.write(`${portFlag.error}\n`);
    return 2;
  }
  const { port } = portFlag;
  const status = args.status === undefined ? 200 : Number(args.status);
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    process.stderr.write(`--status must be an HTTP status from 200 to 599 (got ${args.status})\n`);
    return 2;
  }
  const secret = args.secret ?? DEMO_MERCHANT.secret_key;
  let rx;
  try {
    rx = await receiver({ port, host: args.host });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    process.stderr.write(e.code === 'EADDRINUSE' ? `port ${port} is in use; pick another with --port\n` : `${e.message}\n`);
    return 1;
  }
  const seen = new Set<string>();
  rx.reply((req) => {
    const h = handleRequest(req, secret, seen, status);
    process.stdout.write(h.line + '\n');
    return { status: h.status, body: h.body, headers: h.headers };
  });
  process.stdout.write(`receiver listening on ${rx.url}\n`);
  await new Promise<void>((resolve) => {
    for (const sig of STOP_SIGNALS) process.once(sig, () => resolve());
    // `npm run receive &` then `kill $!` kills npm's shell, not this process: stop with it, freeing the port.
    onParentGone(resolve);
  });
  await rx.close();
  return 0;
}

process.exitCode = await main();
