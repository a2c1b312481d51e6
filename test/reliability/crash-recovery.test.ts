import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { integrityProblems } from '../../server/store/fingerprint.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { control, DEMO, outcome } from '../helpers/sandbox.js';
import { killHard, spawnCli, type Spawned } from '../helpers/spawn.js';

const CRASHES = 3;
const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** The real CLI on a data dir (test/helpers/spawn.ts), killed with SIGKILL at the end of the test at the latest. */
async function cli(dir: string): Promise<Spawned> {
  const c = await spawnCli(['--port', '0', '--data', dir], { timeoutMs: 20_000 });
  cleanup.push(() => killHard(c));
  return c;
}

/** Creations and confirmations from parallel clients until `stop()`; remembers what was answered 200. */
function load(base: string) {
  const answered: { transId: string; channel: number }[] = [];
  const confirmed: string[] = [];
  let running = true;
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const channel = i % 3 === 0 ? 41 : 17;
      const fields = paymentFields(channel, channel === 17 ? { filter_by: 'instant_qr', time_expired: '5' } : {});
      try {
        const r = await postPayment(base, fields);
        if (r.status === 200) answered.push({ transId: fields.trans_id!, channel });
        if (r.status === 200 && w === 0 && channel === 17) {
          const list = await control({ url: base }).listOperations({ query: { trans_id: fields.trans_id! } });
          const c = await outcome({ url: base }, 'confirmOperation', { id: list.items[0]!.id });
          if (c.status === 200) confirmed.push(fields.trans_id!);
        }
      } catch {
        return; // the server was killed under this request
      }
    }
  };
  const workers = Array.from({ length: 6 }, (_, w) => worker(w));
  return {
    answered,
    confirmed,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Every operation, by trans_id, through the control API's pages. */
async function allOperations(base: string): Promise<Map<string, { id: number; status: string }[]>> {
  const out = new Map<string, { id: number; status: string }[]>();
  let cursor: string | null = null;
  do {
    const page = await control({ url: base }).listOperations({ query: { limit: 500, cursor: cursor ?? undefined } });
    for (const op of page.items) out.set(op.trans_id, [...(out.get(op.trans_id) ?? []), op]);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

describe('crash recovery', () => {
  it(`${CRASHES} kills -9 mid-creation: each answered operation exists once, the file is sound, deliveries and timers resume`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbx-crash-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // The merchant is down at first: success deliveries fail and wait for their retry.
    const rx: Receiver = await startReceiver({ status: 503, body: 'down' });
    cleanup.push(() => rx.close());
    const answered: { transId: string; channel: number }[] = [];
    const confirmed: string[] = [];

    let server = await cli(dir);
    await control(server).updateMerchant({
      public_key: DEMO.public_key,
      body: { success_url: `${rx.url}/ok`, rejection_url: `${rx.url}/ko` },
    });
    for (let crash = 0; crash < CRASHES; crash++) {
      const l = load(server.url);
      // Crash once this round has acknowledged work (on a busy machine a fixed time may hold none).
      await eventually(async () => l.answered.length >= 10 && l.confirmed.length >= 1, 60_000, 50);
      await killHard(server); // with requests in flight
      await l.stop();
      answered.push(...l.answered);
      confirmed.push(...l.confirmed);
      server = await cli(dir);
    }
    console.log(
      `crash recovery: ${CRASHES} kill -9 survived, ${answered.length} creations answered 200, ` +
        `${confirmed.length} confirmed before a crash`,
    );
    expect(answered.length).toBeGreaterThan(20);
    expect(confirmed.length).toBeGreaterThan(0);

    // No half-written rows: SQLite's own check and the foreign keys, on the file the server is using.
    const db = new Database(join(dir, 'sandbox.db'), { readonly: true });
    try {
      expect(integrityProblems(db)).toEqual([]);
    } finally {
      db.close();
    }

    // Every operation answered 200 exists exactly once, with its creation in its timeline.
    const before = await allOperations(server.url);
    for (const a of answered) expect(before.get(a.transId)?.length ?? 0, a.transId).toBe(1);
    for (const a of answered.filter((_, i) => i % 20 === 0)) {
      const op = await control(server).getOperation({ id: before.get(a.transId)![0]!.id });
      expect(op.events.length, a.transId).toBeGreaterThan(0);
    }

    // Pending deliveries resume: the merchant is back, the retry falls due, each confirmation arrives once.
    rx.reply({ status: 200, body: 'ok' });
    await control(server).advanceClock({ body: { minutes: 2 } });
    await eventually(async () => confirmed.every((t) => rx.received.some((r) => r.path === '/ok' && r.fields.trans_ID === t)), 60_000, 100);

    // Timers resume: the channel-17 operations still pending expire when their time comes.
    await control(server).advanceClock({ body: { minutes: 10 } });
    const after = await allOperations(server.url);
    for (const a of answered.filter((x) => x.channel === 17)) {
      const status = after.get(a.transId)![0]!.status;
      // A confirmation cut by the kill may have been stored without its answer reaching the client.
      expect(status, a.transId).toBe(confirmed.includes(a.transId) ? 'confirmed' : status === 'confirmed' ? 'confirmed' : 'expired');
    }
    // The confirmations delivered while down plus after restart: never two deliveries acknowledged for one.
    const delivered = rx.received.filter((r) => r.path === '/ok');
    const okByTrans = new Map<string, Set<string>>();
    for (const r of delivered)
      okByTrans.set(
        r.fields.trans_ID!,
        (okByTrans.get(r.fields.trans_ID!) ?? new Set()).add(String(r.headers['x-sandbox-notification-id'])),
      );
    for (const [t, ids] of okByTrans) expect(ids.size, t).toBe(1);
  }, 240_000);
});
