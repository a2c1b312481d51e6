import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { control, DEMO } from '../helpers/sandbox.js';
import { killHard, spawnCli, type Spawned } from '../helpers/spawn.js';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sbx-delivery-'));
  cleanup.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

/** The real CLI on a data dir (test/helpers/spawn.ts), killed with SIGKILL at the end of the test at the latest. */
async function cli(dir: string): Promise<Spawned> {
  const c = await spawnCli(['--port', '0', '--data', dir], { timeoutMs: 20_000 });
  cleanup.push(() => killHard(c));
  return c;
}
async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const rx = await startReceiver(...args);
  cleanup.push(() => rx.close());
  return rx;
}
async function confirmedOperation(base: string): Promise<{ id: number; trans_id: string }> {
  const p = await createPayment(base, 17);
  const list = await control({ url: base }).listOperations({ query: { trans_id: p.fields.trans_id! } });
  const id = list.items[0]!.id;
  await control({ url: base }).confirmOperation({ id });
  return { id, trans_id: p.fields.trans_id! };
}
const notificationOf = async (base: string, opId: number) =>
  (await control({ url: base }).listNotifications({ query: { operation_id: opId } })).items[0]!;

describe('durability across kill -9', () => {
  it('a delivery in flight when the process is killed is sent again after restart', async () => {
    const dir = dataDir();
    const rx = await receiver('hang');
    const first = await cli(dir);
    await control(first).updateMerchant({ public_key: DEMO.public_key, body: { success_url: `${rx.url}/ok` } });
    const op = await confirmedOperation(first.url);
    const [inFlight] = await rx.waitFor(1);
    await killHard(first);

    rx.reply({ status: 200, body: 'ok' });
    const second = await cli(dir);
    const got = await rx.waitFor(2);
    expect(got[1]!.fields.trans_ID).toBe(op.trans_id);
    expect(got[1]!.headers['x-sandbox-notification-id']).toBe(inFlight!.headers['x-sandbox-notification-id']);
    const n = await eventually(async () => {
      const x = await notificationOf(second.url, op.id);
      return x?.status === 'delivered' ? x : null;
    });
    // The cut attempt had no answer, so only the one after restart is recorded.
    expect(n.attempts).toHaveLength(1);
  });

  it('a delivery that failed while the receiver was down arrives after restart when its retry falls due', async () => {
    const dir = dataDir();
    const down = await startReceiver();
    const port = down.port;
    await down.close();
    const first = await cli(dir);
    await control(first).updateMerchant({ public_key: DEMO.public_key, body: { success_url: `http://127.0.0.1:${port}/ok` } });
    const op = await confirmedOperation(first.url);
    const failed = await eventually(async () => {
      const x = await notificationOf(first.url, op.id);
      return x?.attempts.length === 1 && x.next_attempt_at ? x : null;
    });
    expect(failed.attempts[0]!.error).toBe('connection refused');
    await killHard(first);

    const rx = await receiver({ status: 200, body: 'ok' }, port);
    const second = await cli(dir);
    await control(second).advanceClock({ body: { minutes: 1 } });
    const [got] = await rx.waitFor(1);
    expect(got!.fields.trans_ID).toBe(op.trans_id);
    expect(got!.headers['x-sandbox-notification-id']).toBe(failed.public_id);
    const n = await eventually(async () => {
      const x = await notificationOf(second.url, op.id);
      return x?.status === 'delivered' ? x : null;
    });
    expect(n.attempts.map((a: { error: string | null }) => a.error)).toEqual(['connection refused', null]);
  });
});
