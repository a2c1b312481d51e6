/**
 * Notification delivery benchmark: N confirmations (default 10,000), each success notification
 * delivered to a local merchant receiver.
 *
 *   npx tsx bench/notifications.ts            (BENCH_N=2000 for a shorter run)
 *
 * The sandbox runs in this process on a fresh data dir (SQLite WAL on disk, the real factory, the
 * real dispatcher); the receiver is a node:http server in a forked process, as a merchant's would be.
 * Each confirmation is the real state machine (`transition`, the same call the control API makes),
 * so "state change" is the moment its transaction committed. Times on both sides are high-resolution
 * epoch times (performance.timeOrigin + performance.now()), comparable across the two processes.
 *
 * Prints and writes bench/results-notifications.json:
 * - deliveries_per_second: N / (last receipt − first state change);
 * - state_change_to_receipt_ms p50/p99/max.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transition } from '../server/domain/operations.js';
import { createSandbox } from '../server/sandbox.js';

const N = Number(process.env.BENCH_N ?? 10_000);
const WARMUP = 300;
/** Confirmations per event-loop turn: the producer yields so the dispatcher shares the loop, as HTTP requests would. */
const BATCH = Number(process.env.BENCH_BATCH ?? 8);
const epochNow = () => performance.timeOrigin + performance.now();

type Msg = { port: number } | { done: true; arrivals: Record<string, number> };

/** Receiver role (forked): answers 200 and remembers when each trans_ID first arrived. */
function runReceiver(expected: number): void {
  const arrivals: Record<string, number> = {};
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = epochNow();
      const trans = new URLSearchParams(Buffer.concat(chunks).toString()).get('trans_ID') ?? '';
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (arrivals[trans] === undefined) {
        arrivals[trans] = at;
        if (++count === expected) process.send!({ done: true, arrivals } satisfies Msg);
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port } satisfies Msg));
  process.on('disconnect', () => process.exit(0));
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const round = (x: number) => Math.round(x * 100) / 100;

async function main(): Promise<void> {
  const receiver = fork(fileURLToPath(import.meta.url), ['--receiver', String(WARMUP + N)], { stdio: 'inherit' });
  const messages: Msg[] = [];
  let wake: () => void = () => {};
  receiver.on('message', (m: Msg) => {
    messages.push(m);
    wake();
  });
  const next = async <T extends Msg>(pred: (m: Msg) => m is T, timeoutMs: number): Promise<T> => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const hit = messages.find(pred);
      if (hit) return hit;
      if (Date.now() > end) throw new Error('receiver did not answer in time');
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 200);
      });
    }
  };
  const { port } = await next((m): m is { port: number } => 'port' in m, 20_000);

  const dir = mkdtempSync(join(tmpdir(), 'sbx-bench-notify-'));
  const sb = createSandbox({ data: dir, port: 0, log: (m) => console.error(m), consoleDir: null });
  try {
    await sb.start();
    const { store, clock } = sb.ctx;
    const merchant = store.merchants.byPublicKey('pk_sandbox_demo')!;
    store.merchants.save({ ...merchant, success_url: `http://127.0.0.1:${port}/notify` });
    const now = clock.now();
    const ops: { id: number; trans: string }[] = [];
    store.tx(() => {
      for (let i = 0; i < WARMUP + N; i++) {
        const trans = i < WARMUP ? `WARM-${i}` : `BENCH-${i - WARMUP}`;
        const op = store.operations.insert({
          merchant_id: merchant.id, token: `bench-token-${i}`, trans_id: trans, channel: 17, amount: '50000', amount_cents: 5_000_000,
          currency: 'COP', method: null, user_bank_code: null, direct_integration: false, url_ok: 'https://merchant.example/ok',
          url_error: 'https://merchant.example/error', shopper: {}, doc_number: null, email: null, rfc: null, request: {}, details: {},
          created_at: now, expires_at: now + 7 * 24 * 3_600_000,
        });
        ops.push({ id: op.id, trans });
      }
    });

    const committedAt = new Map<string, number>();
    const load = loadavg()[0]!;
    let cpu = process.cpuUsage();
    for (let i = 0; i < ops.length; i++) {
      const { id, trans } = ops[i]!;
      transition(sb.ctx, id, { to: 'confirmed', actor: 'control_api' });
      committedAt.set(trans, epochNow());
      if (i === WARMUP - 1) cpu = process.cpuUsage();
      if (i % BATCH === BATCH - 1) await new Promise((r) => setImmediate(r));
    }
    const report = await next((m): m is { done: true; arrivals: Record<string, number> } => 'done' in m, 120_000);
    const used = process.cpuUsage(cpu);

    const measured = ops.slice(WARMUP);
    const latencies = measured.map(({ trans }) => report.arrivals[trans]! - committedAt.get(trans)!).sort((a, b) => a - b);
    const first = Math.min(...measured.map(({ trans }) => committedAt.get(trans)!));
    const last = Math.max(...measured.map(({ trans }) => report.arrivals[trans]!));
    const failed = store.notifications.list({ status: 'failed' }, 10).length + store.notifications.list({ status: 'pending' }, 10).length;
    const results = {
      n: N,
      warmup: WARMUP,
      deliveries_per_second: Math.round(N / ((last - first) / 1000)),
      elapsed_ms: Math.round(last - first),
      state_change_to_receipt_ms: { p50: round(pct(latencies, 50)), p99: round(pct(latencies, 99)), max: round(latencies.at(-1)!) },
      not_delivered: failed,
      // CPU of this process (state machine + outbox + dispatcher) per delivery: what the rate would be on a free core.
      sandbox_cpu_ms_per_delivery: round((used.user + used.system) / 1000 / N),
      load_average_at_start: round(load),
      cores: availableParallelism(),
      budget: { deliveries_per_second: 2000, p50_ms: 10, p99_ms: 50 },
      setup: 'in-process sandbox (disk WAL), forked node:http receiver, concurrency cap 32',
      node: process.version,
      at: new Date().toISOString(),
    };
    writeFileSync(join(import.meta.dirname, 'results-notifications.json'), JSON.stringify(results, null, 2) + '\n');
    console.log(
      `${N} deliveries: ${results.deliveries_per_second}/s; state change → receipt p50 ${results.state_change_to_receipt_ms.p50} ms, ` +
        `p99 ${results.state_change_to_receipt_ms.p99} ms, max ${results.state_change_to_receipt_ms.max} ms; ` +
        `${results.sandbox_cpu_ms_per_delivery} ms CPU per delivery; load average ${results.load_average_at_start} on ${results.cores} cores`,
    );
  } finally {
    await sb.stop();
    receiver.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--receiver') runReceiver(Number(process.argv[3]));
else
  main().catch((err: Error) => {
    console.error(err);
    process.exit(1);
  });
