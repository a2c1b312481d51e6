import type { DeliveryMessage, SandboxContext } from '../context.js';
import type { DeliveryMerchant, NotificationRecord } from '../store/notifications.js';
import { FORM_TYPE, JSON_TYPE } from '../contract/body-encoding.js';

/*
 * What exactly the merchant receives for one outbox row (a DeliveryMessage). The body, with its
 * signature, was built when the row was written (payload.ts and extras.ts for payments, the payout
 * views for payouts), so every retry carries the same bytes; the address and headers are decided
 * here at send time.
 */

/** Merchant setting that names the current address of each kind (a fixed URL for the others). */
const URL_SETTING: Partial<Record<string, keyof Pick<DeliveryMerchant, 'success_url' | 'rejection_url' | 'payout_url'>>> = {
  success: 'success_url',
  rejection: 'rejection_url',
  payout_notification: 'payout_url',
};

/**
 * Where to send now: the merchant's current address for the kind (fixing a URL fixes pending retries
 * and resends), else the address stored with the row. Test deliveries keep the address they were made with.
 */
export function deliveryUrl(ctx: Pick<SandboxContext, 'store'>, n: NotificationRecord): string {
  const setting = URL_SETTING[n.kind];
  if (n.test_label !== null || !setting) return n.url;
  return ctx.store.notifications.merchant(n.merchant_id)?.[setting] ?? n.url;
}

/** The headers of every delivery: the body's type in utf-8, who sends it, and the id merchants deduplicate on. */
export function wireHeaders(
  n: Pick<NotificationRecord, 'content_type' | 'header_id' | 'public_id'>,
  version: string,
): Record<string, string> {
  const type = n.content_type === FORM_TYPE || n.content_type === JSON_TYPE ? `${n.content_type}; charset=utf-8` : n.content_type;
  return {
    'Content-Type': type,
    'User-Agent': `PasarelaSandbox/${version}`,
    'X-Sandbox-Notification-Id': n.header_id ?? n.public_id,
  };
}

/** The whole message of one attempt for the row `n`. */
export function wireMessage(ctx: Pick<SandboxContext, 'store' | 'version'>, n: NotificationRecord): DeliveryMessage {
  return { url: deliveryUrl(ctx, n), headers: wireHeaders(n, ctx.version), body: n.body };
}

/** Payout callbacks go to an address any payout caller chooses, so they get a shorter deadline. */
export const isPayoutCallback = (kind: string) => kind === 'payout_callback';
