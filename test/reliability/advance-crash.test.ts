import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { eventually } from '../helpers/receiver.js';
import { answer, control, DEMO, outcome } from '../helpers/sandbox.js';
import { killHard, spawnCli, type Spawned } from '../helpers/spawn.js';

const N = 16;
const MINUTE = 60_000;
const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function cli(dir: string): Promise<Spawned> {
  const c = await spawnCli(['--port', '0', '--data', dir], { timeoutMs: 20_000 });
  cleanup.push(() => killHard(c));
  return c;
}

type Row = { attempts: { at: string }[] };
const rowsOf = async (sb: { url: string }, ids: number[]) =>
  Promise.all(ids.map(async (id) => (await control(sb).listNotifications({ query: { operation_id: id } })).items[0]!));
const offsets = (r: Row, t0: number) => r.attempts.map((a) => (Date.parse(a.at) - t0) / MINUTE);

describe('crash in the middle of a long advance', () => {
  it('kill -9 at its third instant: on restart no attempt is lost or logged twice; the clock is at the last committed step', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbx-advance-crash-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // The merchant answers 500; once `killAt` requests arrived it stops answering and the sandbox is killed.
    const received = new Map<string, number>();
    let total = 0;
    let killAt = Number.POSITIVE_INFINITY;
    let victim: Spawned | null = null;
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = String(req.headers['x-sandbox-notification-id']);
        received.set(id, (received.get(id) ?? 0) + 1);
        if (++total >= killAt && victim) {
          victim.proc.kill('SIGKILL');
          return; // never answered: the attempt is in flight when the process dies
        }
        res.writeHead(500).end('down');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    cleanup.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
    const rx = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const first = await cli(dir);
    expect((await answer(first, 'updateMerchant', { public_key: DEMO.public_key, body: { success_url: `${rx}/ok` } })).status).toBe(200);
    const t0 = Date.parse((await control(first).pauseClock()).now);
    const ops: number[] = [];
    for (let i = 0; i < N; i++) {
      const p = await createPayment(first.url, 17);
      const op = (await control(first).listOperations({ query: { trans_id: p.fields.trans_id! } })).items[0]!;
      expect((await answer(first, 'confirmOperation', { id: op.id })).status).toBe(200);
      ops.push(op.id);
    }
    await eventually(async () => (await rowsOf(first, ops)).every((r) => r.attempts.length === 1), 30_000);

    // First attempts at t0, retries at t0+1 min, then t0+6 min: die half-way through the t0+6 round.
    killAt = total + N + N / 2;
    victim = first;
    // Any answer at all (success or error) resolves; only "nothing answered" becomes null.
    const advancing = outcome(first, 'advanceClock', { body: { minutes: 3 * 24 * 60 } }).catch(() => null);
    await first.exited;
    expect(await advancing).toBeNull(); // the advance never answered: the process died under it
    killAt = Number.POSITIVE_INFINITY;

    const second = await cli(dir);
    const clock = await control(second).getClock();
    expect(clock.paused).toBe(true);
    expect(Date.parse(clock.now)).toBe(t0 + 6 * MINUTE);
    // The t0+6 attempts that were not written are due and go out again on start, stamped t0+6.
    const resumed = await eventually(async () => {
      const rows = await rowsOf(second, ops);
      return rows.every((r) => r.attempts.length === 3) ? rows : null;
    }, 30_000);
    for (const r of resumed) expect(offsets(r, t0)).toEqual([0, 1, 6]);

    const done = await answer(second, 'advanceClock', { body: { minutes: 3 * 24 * 60 } });
    expect(done.status).toBe(200);
    expect(Date.parse(done.data.now)).toBe(t0 + 6 * MINUTE + 3 * 24 * 60 * MINUTE);
    for (const r of await rowsOf(second, ops)) {
      expect(offsets(r, t0)).toEqual([0, 1, 6, 21, 81]);
      expect(r.status).toBe('failed');
      // At least once: an attempt cut by the crash may have reached the merchant before it was written.
      const got = received.get(r.public_id) ?? 0;
      expect(got).toBeGreaterThanOrEqual(5);
      expect(got).toBeLessThanOrEqual(6);
    }
  }, 120_000);
});
