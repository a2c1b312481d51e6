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
 * - state_change_to_receipt_ms p50/p99/max;
 * - api_latency_ms: a second forked process (the prober) makes one signed payment creation at a
 *   time through the merchant API, first for 2 s with nothing else running (idle), then while the
 *   confirmations are made and delivered; p50/p99 of both windows, so "the API's own latency is
 *   unaffected while deliveries run" is a figure.
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
import { bodies, CREATION_PATH, pct } from './lib.js';

const N = Number(process.env.BENCH_N ?? 10_000);
const WARMUP = 300;
/** Confirmations per event-loop turn: the producer yields so the dispatcher shares the loop, as HTTP requests would. */
const BATCH = Number(process.env.BENCH_BATCH ?? 8);
const epochNow = () => performance.timeOrigin + performance.now();

type Msg = { port: number } | { done: true; arrivals: Record<string, number> };
type ReceiverCommand = { expect: number } | { hold: true } | { release: true };
/** Confirmations of the second, deliveries-only phase. */
const N2 = Math.round(N / 2);
type Probe = { at: number; ms: number; status: number };
type ProberMsg = { ready: true } | { samples: Probe[] };

/** Prober role (forked): one creation at a time, 5 ms apart, until told to stop; then its samples. */
function runProber(url: string): void {
  const samples: Probe[] = [];
  let stop = false;
  process.on('message', () => (stop = true));
  void (async () => {
    process.send!({ ready: true } satisfies ProberMsg);
    while (!stop) {
      const b = bodies.urlencoded();
      const t0 = performance.now();
      const res = await fetch(url + CREATION_PATH, { method: 'POST', headers: { 'content-type': b.type }, body: b.body });
      await res.text();
      samples.push({ at: epochNow(), ms: performance.now() - t0, status: res.status });
      await new Promise((r) => setTimeout(r, 5));
    }
    process.send!({ samples } satisfies ProberMsg, () => process.exit(0));
  })();
}

/**
 * Receiver role (forked): answers 200 and remembers when each trans_ID first arrived. Reports its
 * arrivals once `expect` of them came; while holding it takes requests but answers none until released.
 */
function runReceiver(): void {
  const arrivals: Record<string, number> = {};
  let count = 0;
  let expect = Infinity;
  let held: (() => void)[] | null = null;
  const check = () => count >= expect && ((expect = Infinity), process.send!({ done: true, arrivals } satisfies Msg));
  process.on('message', (m: ReceiverCommand) => {
    if ('expect' in m) ((expect = m.expect), check());
    else if ('hold' in m) held = [];
    else if (held) {
      for (const answer of held) answer();
      held = null;
    }
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = epochNow();
      const trans = new URLSearchParams(Buffer.concat(chunks).toString()).get('trans_ID') ?? '';
      const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (held) held.push(answer);
      else answer();
      if (arrivals[trans] === undefined) {
        arrivals[trans] = at;
        count++;
        check();
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port } satisfies Msg));
  process.on('disconnect', () => process.exit(0));
}

const round = (x: number) => Math.round(x * 100) / 100;

async function main(): Promise<void> {
  const receiver = fork(fileURLToPath(import.meta.url), ['--receiver'], { stdio: 'inherit' });
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
      for (let i = 0; i < WARMUP + N + N2; i++) {
        const trans = i < WARMUP ? `WARM-${i}` : i < WARMUP + N ? `BENCH-${i - WARMUP}` : `HELD-${i - WARMUP - N}`;
        const op = store.operations.insert({
          merchant_id: merchant.id,
          token: `bench-token-${i}`,
          trans_id: trans,
          channel: 17,
          amount: '50000',
          amount_cents: 5_000_000,
          currency: 'COP',
          method: null,
          user_bank_code: null,
          direct_integration: false,
          url_ok: 'https://merchant.example/ok',
          url_error: 'https://merchant.example/error',
          shopper: {},
          doc_number: null,
          email: null,
          rfc: null,
          request: {},
          details: {},
          created_at: now,
          expires_at: now + 7 * 24 * 3_600_000,
        });
        ops.push({ id: op.id, trans });
      }
    });

    // The prober's idle window: the API with no confirmations and no deliveries.
    const prober = fork(fileURLToPath(import.meta.url), ['--prober', sb.url], { stdio: 'inherit' });
    const proberDone = new Promise<Probe[]>((resolve) => prober.on('message', (m: ProberMsg) => 'samples' in m && resolve(m.samples)));
    await new Promise<void>((resolve) => prober.once('message', () => resolve()));
    await new Promise((r) => setTimeout(r, 2000));
    const idleEnd = epochNow();

    const committedAt = new Map<string, number>();
    const confirm = async (list: typeof ops, afterWarmup?: () => void) => {
      for (let i = 0; i < list.length; i++) {
        const { id, trans } = list[i]!;
        transition(sb.ctx, id, { to: 'confirmed', actor: 'control_api' });
        committedAt.set(trans, epochNow());
        if (i === WARMUP - 1) afterWarmup?.();
        if (i % BATCH === BATCH - 1) await new Promise((r) => setImmediate(r));
      }
    };
    /** The receiver's next report (each is taken off the list, so the second wait sees the second). */
    const arrived = async () => {
      const m = await next((x): x is { done: true; arrivals: Record<string, number> } => 'done' in x, 120_000);
      messages.splice(messages.indexOf(m), 1);
      return m;
    };
    const load = loadavg()[0]!;

    // Phase 1 (the budget's figures): confirmations made as fast as the loop allows, each delivered.
    let cpu = process.cpuUsage();
    receiver.send({ expect: WARMUP + N } satisfies ReceiverCommand);
    await confirm(ops.slice(0, WARMUP + N), () => (cpu = process.cpuUsage()));
    const report = await arrived();
    const used = process.cpuUsage(cpu);

    // Phase 2: deliveries only. The receiver holds its answers while N2 more confirmations are made,
    // so the dispatcher's queue fills; once released, the API is probed while the queue drains.
    receiver.send({ hold: true } satisfies ReceiverCommand);
    await confirm(ops.slice(WARMUP + N));
    const releasedAt = epochNow();
    receiver.send({ release: true } satisfies ReceiverCommand);
    receiver.send({ expect: WARMUP + N + N2 } satisfies ReceiverCommand);
    const report2 = await arrived();
    const drainedAt = Math.max(...ops.slice(WARMUP + N).map(({ trans }) => report2.arrivals[trans]!));
    prober.send('stop');
    const probes = await proberDone;

    const measured = ops.slice(WARMUP, WARMUP + N);
    const latencies = measured.map(({ trans }) => report.arrivals[trans]! - committedAt.get(trans)!).sort((a, b) => a - b);
    const first = Math.min(...measured.map(({ trans }) => committedAt.get(trans)!));
    const last = Math.max(...measured.map(({ trans }) => report.arrivals[trans]!));
    const window = (from: number, to: number) => {
      const w = probes.filter((p) => p.at > from && p.at <= to);
      const ms = w.map((p) => p.ms).sort((a, b) => a - b);
      return {
        samples: w.length,
        p50: round(pct(ms, 50)),
        p99: round(pct(ms, 99)),
        max: round(ms.at(-1) ?? NaN),
        non2xx: w.filter((p) => p.status !== 200).length,
      };
    };
    const apiIdle = window(0, idleEnd);
    const apiBurst = window(first, last);
    const apiDuring = window(releasedAt, drainedAt);
    const failed = store.notifications.list({ status: 'failed' }, 10).length + store.notifications.list({ status: 'pending' }, 10).length;
    const results = {
      n: N,
      warmup: WARMUP,
      deliveries_per_second: Math.round(N / ((last - first) / 1000)),
      elapsed_ms: Math.round(last - first),
      state_change_to_receipt_ms: { p50: round(pct(latencies, 50)), p99: round(pct(latencies, 99)), max: round(latencies.at(-1)!) },
      not_delivered: failed,
      api_latency_ms: {
        idle: apiIdle,
        during_confirmations_and_deliveries: apiBurst,
        during_deliveries: apiDuring,
        what: 'one signed ch17 creation at a time, 5 ms apart, from a forked process',
      },
      deliveries_only_phase: {
        n: N2,
        drain_ms: Math.round(drainedAt - releasedAt),
        deliveries_per_second: Math.round(N2 / ((drainedAt - releasedAt) / 1000)),
      },
      api_p50_ratio: round(apiDuring.p50 / apiIdle.p50),
      // CPU of this process (state machine + outbox + dispatcher) per delivery: what the rate would be on a free core.
      sandbox_cpu_ms_per_delivery: round((used.user + used.system) / 1000 / N),
      load_average_at_start: round(load),
      cores: availableParallelism(),
      budget: { deliveries_per_second: 2000, p50_ms: 10, p99_ms: 50, api_p99_during_ms: 15 },
      setup: 'in-process sandbox (disk WAL), forked node:http receiver, concurrency cap 32',
      node: process.version,
      at: new Date().toISOString(),
    };
    writeFileSync(join(import.meta.dirname, 'results-notifications.json'), JSON.stringify(results, null, 2) + '\n');
    console.log(
      `${N} deliveries: ${results.deliveries_per_second}/s; state change → receipt p50 ${results.state_change_to_receipt_ms.p50} ms, ` +
        `p99 ${results.state_change_to_receipt_ms.p99} ms, max ${results.state_change_to_receipt_ms.max} ms; ` +
        `API creation p50/p99 idle ${apiIdle.p50}/${apiIdle.p99} ms, during the confirmation burst ${apiBurst.p50}/${apiBurst.p99} ms, ` +
        `while ${N2} held deliveries drain ${apiDuring.p50}/${apiDuring.p99} ms (${apiDuring.samples} samples); ` +
        `${results.sandbox_cpu_ms_per_delivery} ms CPU per delivery; load average ` +
        `${results.load_average_at_start} on ${results.cores} cores`,
    );
  } finally {
    await sb.stop();
    receiver.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--receiver') runReceiver();
else if (process.argv[2] === '--prober') runProber(process.argv[3]!);
else
  main().catch((err: Error) => {
    console.error(err);
    process.exit(1);
  });
