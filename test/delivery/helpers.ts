import { createPayment } from '../helpers/payments.js';
import type { RouteInput } from '../../server/contract/client.js';
import type { merchantRoutes } from '../../server/contract/merchants.js';
import type { operationRoutes } from '../../server/contract/operations.js';
import { control, deliveriesIdle, DEMO, startSandbox } from '../helpers/sandbox.js';
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

type MerchantPatch = RouteInput<typeof merchantRoutes.updateMerchant>['body'];

export const setMerchant = (sb: Sb, patch: MerchantPatch, publicKey = DEMO.public_key) =>
  control(sb).updateMerchant({ public_key: publicKey, body: patch });

/** Creates a payment through the real merchant API and answers its operation. */
export async function pendingOperation(sb: Sb, channel = 17, overrides: Record<string, string | null> = {}) {
  const p = await createPayment(sb.url, channel, overrides);
  const list = await control(sb).listOperations({ query: { trans_id: p.fields.trans_id! } });
  return control(sb).getOperation({ id: list.items[0]!.id });
}

/** POST /sandbox/v1/operations/:id/<verb>; throws unless 200. */
export const move = (
  sb: Sb,
  id: number,
  verb: 'confirm' | 'reject' | 'cancel' | 'expire',
  body?: RouteInput<typeof operationRoutes.rejectOperation>['body'],
) => control(sb)[`${verb}Operation`]({ id, body });

export const notificationsOfOp = async (sb: Sb, id: number) => (await control(sb).listNotifications({ query: { operation_id: id } })).items;
export const notification = async (sb: Sb, id: number | string) => await control(sb).getNotification({ id });

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
