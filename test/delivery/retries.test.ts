import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, deliveriesIdle } from '../helpers/sandbox.js';
import { eventually } from '../helpers/receiver.js';
import { move, notificationsOfOp, pendingOperation, sandboxWithReceiver, setMerchant, type Sb } from './helpers.js';

let env: Awaited<ReturnType<typeof sandboxWithReceiver>>;
let sb: Sb;
beforeAll(async () => {
  env = await sandboxWithReceiver({ status: 500, body: 'down' });
  sb = env.sb;
});
afterAll(() => env.stop());
beforeEach(async () => {
  await control(sb).resetSandbox();
  await setMerchant(sb, { success_url: `${env.rx.url}/ok`, rejection_url: `${env.rx.url}/rejected` });
  env.rx.reply({ status: 500, body: 'down' });
  // A frozen clock makes the schedule exact: time moves only when the test advances it.
  await control(sb).pauseClock();
});

const advance = (minutes: number) => control(sb).advanceClock({ body: { minutes } });
/**
 * An advance fires due retry timers before it answers, and their wake-ups count as queued until
 * sent: once the worker is idle, the attempt log holds every attempt the advance caused.
 */
const settled = () => deliveriesIdle(sb);
const attempts = (id: number, n: number) =>
  eventually(async () => {
    const [x] = await notificationsOfOp(sb, id);
    return x && x.attempts.length >= n && (x.status !== 'pending' || x.next_attempt_at) ? x : null;
  });

async function failingConfirmed() {
  const op = await pendingOperation(sb, 17);
  await move(sb, op.id, 'confirm');
  return op.id;
}

describe('retry schedule on the sandbox clock', () => {
  it('retries after 1, 5, 15 and 60 sandbox minutes, then marks the notification failed after 5 attempts', async () => {
    const id = await failingConfirmed();
    let n = await attempts(id, 1);
    for (const [i, gap] of [1, 5, 15, 60].entries()) {
      await advance(gap);
      n = await attempts(id, i + 2);
    }
    const at = n.attempts.map((a: { at: string }) => Date.parse(a.at));
    expect(at.slice(1).map((t: number, i: number) => t - at[i]!)).toEqual([60_000, 300_000, 900_000, 3_600_000]);
    expect(n.status).toBe('failed');
    expect(n.next_attempt_at).toBeNull();
    await advance(600);
    await settled();
    expect((await notificationsOfOp(sb, id))[0]!.attempts).toHaveLength(5);
  });

  it('does not retry before the gap has passed', async () => {
    const id = await failingConfirmed();
    await attempts(id, 1);
    await advance(0.5);
    await settled();
    expect((await notificationsOfOp(sb, id))[0]!.attempts).toHaveLength(1);
    await advance(0.5);
    expect((await attempts(id, 2)).attempts).toHaveLength(2);
  });

  it('a retry that succeeds marks the notification delivered and stops the schedule', async () => {
    const id = await failingConfirmed();
    await attempts(id, 1);
    env.rx.reply({ status: 200, body: 'ok' });
    await advance(1);
    const n = await eventually(async () =>
      (await notificationsOfOp(sb, id))[0]?.status === 'delivered' ? (await notificationsOfOp(sb, id))[0] : null,
    );
    expect(n.attempts.map((a) => a.response_status)).toEqual([500, 200]);
    expect(n.next_attempt_at).toBeNull();
  });

  it('retries go to the merchant URL as it is now (fixing the URL fixes pending deliveries)', async () => {
    const id = await failingConfirmed();
    await attempts(id, 1);
    env.rx.reply({ status: 200 });
    await setMerchant(sb, { success_url: `${env.rx.url}/fixed` });
    await advance(1);
    const n = await attempts(id, 2);
    expect(n!.attempts[1]!.url).toBe(`${env.rx.url}/fixed`);
    expect(n.status).toBe('delivered');
  });

  it('with retries disabled the first failed attempt marks the notification failed', async () => {
    await control(sb).updateSettings({ body: { retries_enabled: false } });
    try {
      const id = await failingConfirmed();
      const n = await attempts(id, 1);
      expect(n.status).toBe('failed');
      await advance(120);
      await settled();
      expect((await notificationsOfOp(sb, id))[0]!.attempts).toHaveLength(1);
    } finally {
      await control(sb).updateSettings({ body: { retries_enabled: true } });
    }
  });

  it('follows a custom retry schedule from the sandbox settings', async () => {
    await control(sb).updateSettings({ body: { retry_schedule_minutes: [2] } });
    try {
      const id = await failingConfirmed();
      await attempts(id, 1);
      await advance(1);
      await settled();
      expect((await notificationsOfOp(sb, id))[0]!.attempts).toHaveLength(1);
      await advance(1);
      const n = await attempts(id, 2);
      expect(n.status).toBe('failed');
    } finally {
      await control(sb).updateSettings({ body: { retry_schedule_minutes: [1, 5, 15, 60] } });
    }
  });
});
