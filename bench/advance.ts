/**
 * Clock-advance benchmark: one `POST /sandbox/v1/clock/advance` of 30 days that walks
 * through a whole month of timers.
 *
 *   npx tsx bench/advance.ts              (BENCH_SCALE=0.2 for a smoke run)
 *
 * Setup, on a fresh data dir on disk (the real factory, store, scheduler and dispatcher; clock paused):
 * - 10,000 pending operations across the 12 channels, expiring at distinct times over 29 days
 *   (each one its own stop of the clock: 10,000 steps);
 * - 1,000 confirmed operations whose success notifications go to a refusing endpoint (a closed
 *   loopback port): first attempt plus 4 retries each, 5,000 attempts;
 * - 1,000 pending payout items in two payrolls, processed by their timer; the approved half (even
 *   amounts) sends its channel payload to a local endpoint that answers 200 (no payout URL is set).
 * Then one advance of 30 days through the control API, while a forked prober GETs /health every
 * 10 ms. Writes bench/results-advance.json: wall time of the advance, its summary, /health p50/p99/max.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { AdvanceResultSchema } from '../server/contract/clock.js';
import { EXPIRE_TIMER, transition } from '../server/domain/operations.js';
import { updateMerchant } from '../server/domain/merchants.js';
import { createPayoutBatch } from '../server/domain/payouts/batch.js';
import { createSandbox } from '../server/sandbox.js';
import { closedPort } from '../test/helpers/receiver.js';
import { insertPending } from '../test/helpers/seed-operations.js';
import { pct, round2 } from './lib.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PENDING = Math.round(10_000 * SCALE);
const NOTIFIED = Math.round(1_000 * SCALE);
const PAYOUTS = Math.round(1_000 * SCALE);
const DAYS = 30;
const CHANNELS = [5, 11, 16, 17, 22, 30, 33, 35, 36, 38, 40, 41];
const MINUTE = 60_000;

type ProberMsg = { ready: true } | { samples: number[] };

/** Prober role (forked): GET /health every 10 ms until told to stop; then the latencies. */
function runProber(url: string): void {
  const samples: number[] = [];
  let stop = false;
  process.on('message', () => (stop = true));
  void (async () => {
    await (await fetch(url + '/health')).text(); // warm-up: the first fetch loads undici (~100 ms)
    process.send!({ ready: true } satisfies ProberMsg);
    while (!stop) {
      const t0 = performance.now();
      const res = await fetch(url + '/health');
      await res.text();
      samples.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
    process.send!({ samples } satisfies ProberMsg, () => process.exit(0));
  })();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sbx-bench-advance-'));
  const sb = createSandbox({ data: dir, port: 0, log: () => {}, consoleDir: null });
  const url = await sb.start();
  const { ctx } = sb;
  const { store, clock } = ctx;
  try {
    clock.pause();
    const demo = updateMerchant(store, 'pk_sandbox_demo', {
      success_url: `http://127.0.0.1:${await closedPort()}/down`,
      rejection_url: null,
      payout_url: null,
    });
    const t0 = clock.now();
    const setupStarted = performance.now();
    // The beneficiaries' address of approved items (even amounts): a local endpoint that answers 200.
    const accepting = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
    await new Promise<void>((resolve) => accepting.listen(0, '127.0.0.1', () => resolve()));
    const beneficiary = `http://127.0.0.1:${(accepting.address() as AddressInfo).port}/otp`;
    // Pending operations, expiring at distinct instants spread over 29 days.
    const step = Math.floor((PENDING + NOTIFIED) / NOTIFIED);
    const toConfirm: number[] = [];
    store.tx(() => {
      for (let i = 0; i < PENDING + NOTIFIED; i++) {
        const channel = CHANNELS[i % CHANNELS.length]!;
        const expiresAt = t0 + MINUTE + Math.floor((i * 29 * 24 * 60 * MINUTE) / (PENDING + NOTIFIED));
        const op = insertPending(store, { n: i, prefix: 'ADV', merchantId: demo.id, channel, shopper: i, at: t0, expiresAt });
        ctx.scheduler.schedule(EXPIRE_TIMER, op.id, expiresAt);
        if (i % step === 0 && toConfirm.length < NOTIFIED) toConfirm.push(op.id);
      }
    });
    // These are confirmed now: each success notification will fail 5 times against the closed port.
    for (const id of toConfirm) transition(ctx, id, { to: 'confirmed', actor: 'control_api' });
    for (let done = 0; done < PAYOUTS; done += 500) {
      const items = Array.from({ length: Math.min(500, PAYOUTS - done) }, (_, i) => ({
        order_id: `PO-${done + i}`,
        credit_note: `CN-${done + i}`,
        account_id: '000123456789',
        account_type: 'current',
        vat_id: '12345678-5',
        vat_id_type: 'RUT',
        name: 'Juana Pérez',
        amount: 1000 + ((done + i) % 2),
        subject: 'Pago',
        bank_detail: 'Cuenta corriente',
        channel: beneficiary,
        user_email: 'juana@example.com',
        phone_number: '+56912345678',
        bank: 37,
        transfer_status: 0,
      }));
      createPayoutBatch(ctx, demo, items);
    }
    const setupMs = performance.now() - setupStarted;

    const prober = fork(fileURLToPath(import.meta.url), ['--prober', url], { stdio: 'inherit' });
    await new Promise<void>((resolve) => prober.once('message', () => resolve()));
    const samplesP = new Promise<number[]>((resolve) => prober.on('message', (m: ProberMsg) => 'samples' in m && resolve(m.samples)));
    await new Promise((r) => setTimeout(r, 300)); // a few idle samples first

    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    const res = await fetch(url + '/sandbox/v1/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ minutes: DAYS * 24 * 60 }),
    });
    const body: unknown = await res.json();
    const wallMs = performance.now() - started;
    loop.disable();
    prober.send('stop');
    const samples = (await samplesP).sort((a, b) => a - b);
    if (res.status !== 200) throw new Error(`advance answered ${res.status}: ${JSON.stringify(body)}`);
    const result = AdvanceResultSchema.parse(body);
    const failedNotifications = store.notifications.list({ status: 'failed' }, 100_000).length;
    const out = {
      pending_operations: PENDING,
      notifications: NOTIFIED,
      payouts: PAYOUTS,
      days: DAYS,
      setup_ms: Math.round(setupMs),
      advance_wall_ms: Math.round(wallMs),
      summary: result.advance,
      notifications_failed_after: failedNotifications,
      /** Longest event-loop stall of the sandbox process during the advance. */
      event_loop_max_ms: round2(loop.max / 1e6),
      health_ms: {
        samples: samples.length,
        p50: round2(pct(samples, 50)),
        p99: round2(pct(samples, 99)),
        max: round2(samples.at(-1) ?? NaN),
      },
      machine: { cores: availableParallelism(), load_average: loadavg().map((x) => round2(x)) },
    };
    console.log(JSON.stringify(out, null, 2));
    writeFileSync(join(import.meta.dirname, 'results-advance.json'), JSON.stringify(out, null, 2) + '\n');
    accepting.close();
  } finally {
    await sb.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--prober') runProber(process.argv[3]!);
else await main();
