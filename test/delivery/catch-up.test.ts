import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, startSandbox } from '../helpers/sandbox.js';
import { eventually } from '../helpers/receiver.js';
import { move, notificationsOfOp, pendingOperation, setMerchant, type Sb } from './helpers.js';

/** A merchant endpoint that takes requests and answers none until released. */
let server: Server;
let endpoint = '';
let arrived = 0;
let held: (() => void)[] = [];
const release = () => {
  const list = held;
  held = [];
  for (const answer of list) answer();
};

/** The sandbox's real-time clock, moved by the test (it also drives the sandbox clock, which stays still otherwise). */
let fakeNow = Date.UTC(2026, 10, 24, 12);
let sb: Sb;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived++;
      held.push(() => res.end('ok'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
  sb = await startSandbox({ realNow: () => fakeNow, delivery: { concurrency: 32 } });
  await setMerchant(sb, { success_url: endpoint });
});
afterAll(async () => {
  release();
  await sb.stop();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('a delivery backlog gives way to merchants making payments', () => {
  it('an old backlog drains with at most 4 attempts in flight (not 32) while payments are created, full speed once they stop', async () => {
    const ops: { id: number }[] = [];
    for (let i = 0; i < 48; i++) ops.push(await pendingOperation(sb, 17));
    for (const op of ops) await move(sb, op.id, 'confirm');
    // 32 attempts hang at the endpoint (the cap); 16 wait in the queue.
    await eventually(async () => arrived === 32 && sb.ctx.delivery.stats().queued === 16);

    // The queue is now a backlog (queued a second ago), and a merchant makes a payment.
    fakeNow += 1_000;
    await pendingOperation(sb, 17);
    release();
    // All 32 answers are written; what is launched after them is the catch-up share.
    await eventually(async () => {
      const s = sb.ctx.delivery.stats();
      return arrived >= 36 && s.unwritten === 0 && s.in_flight + s.queued === 16;
    });
    expect(sb.ctx.delivery.stats()).toMatchObject({ in_flight: 4, queued: 12 });
    expect(arrived).toBe(36);

    // No payment for a while: the other 12 go at once (the full cap again).
    fakeNow += 100;
    release();
    await eventually(async () => {
      const s = sb.ctx.delivery.stats();
      return arrived >= 48 && s.unwritten === 0;
    });
    expect(sb.ctx.delivery.stats()).toMatchObject({ in_flight: 12, queued: 0 });
    release();
    await eventually(async () => {
      const all = await Promise.all(ops.map((op) => notificationsOfOp(sb, op.id)));
      return all.every((n) => n[0]?.status === 'delivered');
    });
    const log = await control(sb).listNotifications({ query: { status: 'delivered', limit: 100 } });
    expect(log.items).toHaveLength(48);
  });
});
