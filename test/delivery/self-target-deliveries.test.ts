import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/receiver.js';
import { answer, control, startSandbox } from '../helpers/sandbox.js';
import { payoutItem, postPayouts } from '../payouts/helpers.js';
import { move, notification, notificationsOfOp, pendingOperation, setMerchant, type Sb } from './helpers.js';

/*
 * Nothing the sandbox sends reaches its own console or control API, whatever the
 * spelling of the address. Each delivery below aims at a control route that would visibly change
 * the sandbox (pause the clock, confirm an operation, reset); each must be a failed attempt with
 * error SELF_TARGET, and the sandbox must be unchanged.
 */
let sb: Sb;
let port = 0;
beforeAll(async () => {
  sb = await startSandbox({ host: '127.0.0.1' });
  port = Number(new URL(sb.url).port);
});
afterAll(() => sb.stop());

type Attempt = { error: string | null; response_status: number | null; url: string };
const firstAttempt = async (s: Sb, id: number): Promise<Attempt> => {
  let a: Attempt | undefined;
  await eventually(async () => (a = (await notification(s, id)).attempts[0]) !== undefined);
  return a!;
};
const paused = async (s: Sb) => (await control(s).getClock()).paused;
/** Requests the sandbox itself made to its own server (none may exist). */
const ownRequests = async (s: Sb) =>
  (await control(s).listRequests({ query: { limit: 200 } })).items.filter((r) =>
    Object.entries(r.request_headers).some(([k, v]) => k.toLowerCase() === 'user-agent' && String(v).startsWith('PasarelaSandbox/')),
  );

/** Points the success URL at `base` + pause, confirms a payment, answers its notification's first attempt. */
async function notifySelf(s: Sb, base: string) {
  await setMerchant(s, { success_url: `${base}/sandbox/v1/clock/pause` });
  const op = await pendingOperation(s, 17);
  await move(s, op.id, 'confirm');
  const n = (await notificationsOfOp(s, op.id))[0]!;
  return firstAttempt(s, n.id);
}

describe('a delivery to the sandbox itself fails with SELF_TARGET, sent nowhere', () => {
  it.each(['127.0.0.1', 'localhost', '127.1', '0.0.0.0', '[::ffff:127.0.0.1]', '2130706433'])(
    'a notification to http://%s:<own port> is refused',
    async (host) => {
      const a = await notifySelf(sb, `http://${host}:${port}`);
      expect(a.error).toMatch(/^SELF_TARGET: /);
      expect(a.response_status).toBeNull();
      expect(await paused(sb)).toBe(false);
    },
  );

  it('an IPv6 loopback sandbox refuses [::1] and its long spelling', async () => {
    const v6 = await startSandbox({ host: '::1' });
    try {
      const p = Number(new URL(v6.url).port);
      for (const host of ['[::1]', '[0:0:0:0:0:0:0:1]']) {
        const a = await notifySelf(v6, `http://${host}:${p}`);
        expect(a.error, host).toMatch(/^SELF_TARGET: /);
      }
      expect(await paused(v6)).toBe(false);
      expect(await ownRequests(v6)).toEqual([]);
    } finally {
      await v6.stop();
    }
  });

  it('a payout callback addressed to the control API confirms nothing and resets nothing', async () => {
    const victim = await pendingOperation(sb, 17);
    const channels = [`${sb.url}/sandbox/v1/operations/${victim.id}/confirm`, `http://localhost:${port}/sandbox/v1/reset`];
    const r = await postPayouts(
      sb.url,
      channels.map((channel) => payoutItem({ amount: 1000, channel })),
    );
    expect(r.status).toBe(201);
    const ids = (r.json.data as { id: number }[]).map((d) => d.id);
    for (const id of ids) expect((await answer(sb, 'approvePayout', { id })).status).toBe(200);
    for (const id of ids) {
      const views = (await control(sb).getPayout({ id })).notifications;
      const callback = views.find((v) => v.kind === 'payout_callback')!;
      expect((await firstAttempt(sb, callback.id)).error).toMatch(/^SELF_TARGET: /);
    }
    expect((await control(sb).getOperation({ id: victim.id })).status).toBe('pending');
    // A reset would have wiped the payouts themselves.
    expect((await answer(sb, 'getPayout', { id: ids[0]! })).status).toBe(200);
    expect(await ownRequests(sb)).toEqual([]);
  });

  it('a resend by hand to the sandbox itself is refused the same way', async () => {
    await setMerchant(sb, { success_url: `http://localhost:${port}/sandbox/v1/clock/pause` });
    const op = await pendingOperation(sb, 17);
    await move(sb, op.id, 'confirm');
    const n = (await notificationsOfOp(sb, op.id))[0]!;
    await firstAttempt(sb, n.id);
    const resent = await answer(sb, 'resendNotification', { id: n.id, body: {} });
    expect(resent.status).toBe(200);
    const manual = resent.data.attempts.filter((a) => a.source === 'manual');
    expect(manual).toHaveLength(1);
    expect(manual[0]!.error).toMatch(/^SELF_TARGET: /);
    expect(await paused(sb)).toBe(false);
  });

  it('ctx.delivery.send, the one way to send to a merchant, refuses the sandbox and reaches anyone else', async () => {
    const self = await sb.ctx.delivery.send({ url: `${sb.url}/health`, headers: {}, body: '' });
    expect(self).toMatchObject({ delivered: false, response_status: null });
    expect(self.error).toMatch(/^SELF_TARGET: /);
    const other = await startSandbox();
    try {
      // Another sandbox's merchant API answers; its control API refuses whatever a sandbox sends.
      const merchantApi = await sb.ctx.delivery.send({ url: `${other.url}/api/notify`, headers: {}, body: '' });
      expect(merchantApi.response_status).toBe(400);
      const controlApi = await sb.ctx.delivery.send({ url: `${other.url}/sandbox/v1/clock/pause`, headers: {}, body: '' });
      expect(controlApi.response_status).toBe(403);
      expect((await control(other).getClock()).paused).toBe(false);
    } finally {
      await other.stop();
    }
  });
});
