#!/usr/bin/env node
// `pasarela-sandbox receive` / `npm run receive`: a merchant endpoint for trying the sandbox by hand.
// It answers every request 200 and prints one line per notification or payout callback, with the
// signature checked against the merchant's secret, so a first payment shows its notification
// without writing a shop.
import { readFlags, readPort } from './cli-flags.js';
import { DEMO_MERCHANT } from './domain/merchants.js';
import { verifyNotification } from './testkit/notifications.js';
import { receiver, type Received } from './loopback-receiver.js';

const usage = `usage: pasarela-sandbox receive [--port N] [--host H] [--secret S] [--status CODE]
  --port N       port to listen on (default 4020; 0 picks a free port)
  --host H       address to bind (default 127.0.0.1)
  --secret S     secret key that signs the notifications (default the demo merchant's, ${DEMO_MERCHANT.secret_key})
  --status CODE  status to answer (default 200; 200 and 203 count as delivered, anything else is retried)`;

/** One line for a request: what it is, its key fields and, for a payment notification, whether its signature holds. */
export function describeRequest(r: Received, secret: string): string {
  const time = new Date().toISOString().slice(11, 19);
  const f = r.fields;
  if (f.trans_ID !== undefined) {
    const kind = f.rejection_code !== undefined ? `rejection ${f.rejection_code} "${f.rejection_message ?? ''}"` : 'payment notification';
    const standard = verifyNotification(f, secret);
    const signature = standard
      ? 'signature ok'
      : verifyNotification(f, secret, 'legacy')
        ? 'signature ok (legacy layout)'
        : 'signature does NOT match the secret';
    return (
      `${time} ${r.method} ${r.path}  ${kind}: trans_ID=${f.trans_ID} channel=${f.channel} ` +
      `amount=${f.amount} ${f.currency}; ${signature}`
    );
  }
  if (r.json !== undefined) return `${time} ${r.method} ${r.path}  JSON ${JSON.stringify(r.json).slice(0, 300)}`;
  return `${time} ${r.method} ${r.path}  ${r.body.slice(0, 300) || '(empty body)'}`;
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
  rx.reply((req) => {
    process.stdout.write(describeRequest(req, secret) + '\n');
    return { status, body: 'ok' };
  });
  process.stdout.write(`receiver listening on ${rx.url}\n`);
  await new Promise<void>((resolve) => {
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => resolve());
  });
  await rx.close();
  return 0;
}

process.exitCode = await main();
