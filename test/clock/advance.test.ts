import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, failure } from '../helpers/sandbox.js';
import { closedPort, eventually } from '../helpers/receiver.js';
import { move, notificationsOfOp, pendingOperation, sandboxWithReceiver, setMerchant, type Sb } from '../delivery/helpers.js';

let env: Awaited<ReturnType<typeof sandboxWithReceiver>>;
let sb: Sb;
beforeAll(async () => {
  env = await sandboxWithReceiver({ status: 500, body: 'down' }, { delivery: { timeoutMs: 1_500 } });
  sb = env.sb;
});
afterAll(() => env.stop());
beforeEach(async () => {
  await control(sb).resetSandbox();
  await setMerchant(sb, { success_url: `${env.rx.url}/ok`, rejection_url: `${env.rx.url}/rejected` });
  env.rx.reply({ status: 500, body: 'down' });
  // A frozen clock makes every stamp exact: time moves only when the test advances it.
  await control(sb).pauseClock();
});

const THREE_DAYS = 3 * 24 * 60;
const advance = (minutes: number) => control(sb).advanceClock({ body: { minutes } });
type Attempt = { at: string; response_status: number | null; error: string | null };
const stamps = (attempts: Attempt[]) => attempts.map((a) => Date.parse(a.at));
const gapsInMinutes = (t: number[]) => t.slice(1).map((x, i) => (x - t[i]!) / 60_000);

/** A confirmed channel-17 operation whose first notification attempt is already written. */
async function confirmedWithFirstAttempt() {
  const op = await pendingOperation(sb, 17);
  await move(sb, op.id, 'confirm');
  await eventually(async () => (await notificationsOfOp(sb, op.id))[0]?.attempts.length === 1);
  return op.id;
}

describe('one advance runs the whole schedule', () => {
  it('a dead endpoint gets exactly 5 attempts in one 3-day advance, spaced 1, 5, 15 and 60 sandbox minutes', async () => {
    await setMerchant(sb, { success_url: `http://127.0.0.1:${await closedPort()}/down` });
    const id = await confirmedWithFirstAttempt();
    const before = Date.parse((await control(sb).getClock()).now);
    const r = await advance(THREE_DAYS);
    const [n] = await notificationsOfOp(sb, id);
    expect(n!.status).toBe('failed');
    expect(n!.attempts).toHaveLength(5);
    expect(n!.attempts.every((a: Attempt) => a.error === 'connection refused')).toBe(true);
    expect(gapsInMinutes(stamps(n!.attempts))).toEqual([1, 5, 15, 60]);
    expect(stamps(n!.attempts)[0]).toBe(before);
    expect(r.advance.timers).toEqual({ 'notification.retry': 4 });
    expect(r.advance.attempts).toEqual({ succeeded: 0, failed: 4 });
    expect(r.advance.steps).toBe(4);
    expect(Date.parse(r.now)).toBe(before + THREE_DAYS * 60_000);
    expect(r.paused).toBe(true);
  });

  it('an endpoint that recovers after the third attempt gets 3 failures, then one delivery, and no more', async () => {
    let calls = 0;
    env.rx.reply(() => (++calls <= 3 ? { status: 503, body: 'down' } : { status: 200, body: 'ok' }));
    const id = await confirmedWithFirstAttempt();
    const r = await advance(THREE_DAYS);
    const [n] = await notificationsOfOp(sb, id);
    expect(n!.attempts.map((a: Attempt) => a.response_status)).toEqual([503, 503, 503, 200]);
    expect(gapsInMinutes(stamps(n!.attempts))).toEqual([1, 5, 15]);
    expect(n!.status).toBe('delivered');
    expect(n!.next_attempt_at).toBeNull();
    expect(r.advance.attempts).toEqual({ succeeded: 1, failed: 2 });
    // The advance answered after its last attempt was written: the receiver has nothing more coming.
    expect(calls).toBe(4);
  });

  it('a hanging receiver costs one attempt timeout per due instant, not one per notification', async () => {
    env.rx.reply('hang');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const op = await pendingOperation(sb, 17);
      await move(sb, op.id, 'confirm');
      ids.push(op.id);
    }
    // Every first attempt (all due at one frozen instant) times out after 1.5 s.
    await eventually(
      async () => (await Promise.all(ids.map((id) => notificationsOfOp(sb, id)))).every(([n]) => n?.attempts.length === 1),
      20_000,
    );
    const r = await advance(THREE_DAYS);
    expect(r.advance.attempts.failed).toBe(12 * 4);
    // 4 instants × 1.5 s; one after another it would be 48 × 1.5 s = 72 s.
    expect(r.advance.wall_ms).toBeLessThan(4 * 1_500 * 3);
    for (const id of ids) {
      const [n] = await notificationsOfOp(sb, id);
      expect(n!.attempts).toHaveLength(5);
      expect(n!.attempts.every((a: Attempt) => a.error?.startsWith('timeout'))).toBe(true);
    }
  }, 60_000);
});

describe('order at one instant', () => {
  it('an expiry and a retry due at one instant: timers fire first, then every due attempt is sent, stamped with that instant', async () => {
    // A receiver that, on the retry, asks the sandbox whether the other operation is already expired.
    const seen: { path: string; expiredFirst: boolean | null }[] = [];
    let expiring = 0;
    const server: Server = createServer((req, res) => {
      req.resume();
      const answer = async () => {
        const check = req.url === '/ok' && expiring ? (await control(sb).getOperation({ id: expiring })).status === 'expired' : null;
        seen.push({ path: req.url ?? '', expiredFirst: check });
        res.writeHead(500).end('down');
      };
      // A failed lookup cuts the connection (the sandbox sees a failed attempt) instead of an unhandled rejection.
      req.on('end', () => {
        answer().catch((err: unknown) => res.destroy(err instanceof Error ? err : new Error(String(err))));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await setMerchant(sb, { success_url: `${url}/ok`, rejection_url: `${url}/rejected` });
      const retrying = await confirmedWithFirstAttempt();
      const toExpire = await pendingOperation(sb, 17, { time_expired: '1' });
      expiring = toExpire.id;
      // The expiry is the operation's own expires_at: the creation wrote no timer row for it.
      expect(sb.ctx.store.timers.countByKind()['operation.expire']).toBeUndefined();
      const r = await advance(1);
      expect(r.advance.timers).toEqual({ 'notification.retry': 1, 'operation.expire': 1 });
      expect(r.advance.steps).toBe(1);
      const retry = seen.find((s) => s.path === '/ok' && s.expiredFirst !== null);
      expect(retry?.expiredFirst).toBe(true);
      const [n] = await notificationsOfOp(sb, retrying);
      const [rejection] = await notificationsOfOp(sb, toExpire.id);
      expect(rejection!.kind).toBe('rejection');
      // Both sent in the same instant's round, each stamped with it.
      expect(rejection!.attempts[0]!.at).toBe(n!.attempts[1]!.at);
      expect(Date.parse(n!.attempts[1]!.at) - Date.parse(n!.attempts[0]!.at)).toBe(60_000);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('answer, bounds and concurrency', () => {
  it('an advance with nothing due is instant and lands exactly on the target', async () => {
    const before = Date.parse((await control(sb).getClock()).now);
    const r = await advance(10 * 365 * 24 * 60);
    expect(Date.parse(r.now)).toBe(before + 10 * 365 * 24 * 60 * 60_000);
    expect(r.advance).toMatchObject({ timers: {}, steps: 0, attempts: { succeeded: 0, failed: 0 } });
    expect(r.advance.wall_ms).toBeLessThan(2_000);
  });

  it('a negative, zero or longer-than-10-years advance is refused with a clear error and moves nothing', async () => {
    const before = (await control(sb).getClock()).now;
    for (const minutes of [-5, 0, 10 * 365 * 24 * 60 + 1]) {
      const e = await failure(control(sb).advanceClock({ body: { minutes } }));
      expect(e.status).toBe(400);
      expect(e.code).toBe('VALIDATION_ERROR');
      expect(e.reason).toMatch(minutes > 0 ? /at most .*10 years/ : /more than 0/);
    }
    expect((await control(sb).getClock()).now).toBe(before);
  });

  it('a second advance while one runs gets 409 CLOCK_BUSY; progress is readable meanwhile; pause does not stop it half-way', async () => {
    // A hanging receiver: each of the 4 instants (first attempt, +1, +6, +21 min) takes a 1.5 s timeout.
    env.rx.reply('hang');
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const before = Date.parse((await control(sb).getClock()).now);
    const first = control(sb).advanceClock({ body: { minutes: 30 } });
    const progress = await eventually(() => control(sb).advanceProgress(), 10_000);
    expect(progress).toMatchObject({ state: 'running', from: new Date(before).toISOString() });
    const second = await failure(control(sb).advanceClock({ body: { minutes: 5 } }));
    expect(second.status).toBe(409);
    expect(second.code).toBe('CLOCK_BUSY');
    await control(sb).pauseClock();
    const done = await first;
    expect(Date.parse(done.now)).toBe(before + 30 * 60_000);
    expect(done.paused).toBe(true);
    const [n] = await notificationsOfOp(sb, op.id);
    expect(gapsInMinutes(stamps(n!.attempts))).toEqual([1, 5, 15]);
    expect(await control(sb).advanceProgress()).toBeNull();
  }, 60_000);
});
