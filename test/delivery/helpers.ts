import { createPayment } from '../helpers/payments.js';
import { api, deliveriesIdle, DEMO, startSandbox } from '../helpers/sandbox.js';
import { eventually, startReceiver, type Receiver, type Reply } from '../helpers/receiver.js';
import type { SandboxOptions } from '../../server/sandbox.js';

export type Sb = Awaited<ReturnType<typeof startSandbox>>;

/** A sandbox plus a local merchant receiver whose URLs are the demo merchant's notification URLs. */
export async function sandboxWithReceiver(reply: Reply = { status: 200, body: 'ok' }, opts: SandboxOptions = {}) {
  const rx = await startReceiver(reply);
  const sb = await startSandbox(opts);
  await setMerchant(sb, { success_url: `${rx.url}/ok`, rejection_url: `${rx.url}/rejected` });
  return { sb, rx, stop: async () => (await sb.stop(), await rx.close()) };
}

export async function setMerchant(sb: Sb, patch: Record<string, unknown>, publicKey = DEMO.public_key) {
  const r = await api(sb.url, 'PATCH', `/sandbox/v1/merchants/${publicKey}`, patch);
  if (r.status !== 200) throw new Error(`merchant patch failed: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Creates a payment through the real merchant API and answers its operation. */
export async function pendingOperation(sb: Sb, channel = 17, overrides: Record<string, string | null> = {}) {
  const p = await createPayment(sb.url, channel, overrides);
  const list = await api(sb.url, 'GET', `/sandbox/v1/operations?trans_id=${encodeURIComponent(p.fields.trans_id!)}`);
  const op = (await api(sb.url, 'GET', `/sandbox/v1/operations/${list.body.items[0].id}`)).body;
  return op as {
    id: number;
    trans_id: string;
    channel: number;
    amount: string;
    currency: string;
    details: Record<string, unknown>;
    [k: string]: unknown;
  };
}

/** POST /sandbox/v1/operations/:id/<verb>; throws unless 200. */
export async function move(sb: Sb, id: number, verb: 'confirm' | 'reject' | 'cancel' | 'expire', body?: unknown) {
  const r = await api(sb.url, 'POST', `/sandbox/v1/operations/${id}/${verb}`, body);
  if (r.status !== 200) throw new Error(`${verb} failed: ${JSON.stringify(r.body)}`);
  return r.body;
}

export const notificationsOfOp = async (sb: Sb, id: number) =>
  (await api(sb.url, 'GET', `/sandbox/v1/notifications?operation_id=${id}`)).body.items;
export const notification = async (sb: Sb, id: number | string) => (await api(sb.url, 'GET', `/sandbox/v1/notifications/${id}`)).body;

/** Sandbox time of a control-API ISO timestamp, in the notification's `time` layout. */
export const wire = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * Confirms a fresh channel-17 payment and waits (generously) until its success notification reached
 * `rx` and the delivery worker is idle: everything enqueued before it has been sent or never will be.
 * Tests that prove a notification was NOT sent wait for this marker instead of sleeping. The
 * merchant's success URL must point at `rx`. Answers the marker's trans_id.
 */
export async function markerDelivered(sb: Sb, rx: Receiver): Promise<string> {
  const op = await pendingOperation(sb, 17);
  await move(sb, op.id, 'confirm');
  await eventually(async () => rx.received.some((r) => r.fields.trans_ID === op.trans_id));
  await deliveriesIdle(sb);
  return op.trans_id;
}
