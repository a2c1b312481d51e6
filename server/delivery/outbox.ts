import { randomUUID } from 'node:crypto';
import type { Notification } from '../contract/notifications.js';
import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';
import { notificationFault } from './notification-faults.js';
import { formEncode, rejectionFields, rejectionNotified, successFields } from './payload.js';
import { RETRY_TIMER } from './retry-policy.js';
import { notificationViews } from './views.js';
import { FORM_TYPE, JSON_TYPE } from '../contract/body-encoding.js';

/** A delivery to write into the outbox (inside the caller's transaction). */
export interface NewNotification {
  merchant_id: number;
  operation_id?: number | null;
  payout_id?: number | null;
  /** success, rejection, payout_callback, payout_notification */
  kind: string;
  url: string;
  content_type: typeof FORM_TYPE | typeof JSON_TYPE;
  body: string;
}

/** Extra fields a test delivery row carries (resend with edits). */
export interface TestRowFields {
  test_label: string;
  /** The notification it was made from; null for a go-live check's probe made from none. */
  parent_id: number | null;
  /** X-Sandbox-Notification-Id to send (the original's for tampered copies); null: its own public id. */
  header_id: string | null;
}

const FAILED_STATES = ['rejected', 'cancelled', 'expired'] as const;
type FailedState = (typeof FAILED_STATES)[number];
const isFailedState = (s: string): s is FailedState => (FAILED_STATES as readonly string[]).includes(s);

/** The stable id merchants deduplicate on (X-Sandbox-Notification-Id). */
export const newPublicId = () => `ntf_${randomUUID().replace(/-/g, '').slice(0, 24)}`;

/**
 * Writes the notification rows a transition causes (success for every channel; rejection on
 * channel 17 when the merchant has a rejection URL). Called inside the transition's transaction.
 * Without a success URL nothing is written (documented in docs/notifications.md): there is nowhere
 * to send it, and setting a URL later does not resurrect old outcomes.
 */
export function enqueueForTransition(ctx: SandboxContext, op: OperationRecord, details: Record<string, unknown>): void {
  const merchant = ctx.store.notifications.merchant(op.merchant_id);
  if (!merchant) return;
  // The notification's `time` is the moment of the state change, so every retry carries the same signature.
  const at = op.updated_at;
  const form = { merchant_id: merchant.id, operation_id: op.id, content_type: FORM_TYPE };
  if (op.status === 'confirmed') {
    if (!merchant.success_url) return;
    enqueueNotification(ctx, {
      ...form,
      kind: 'success',
      url: merchant.success_url,
      body: formEncode(successFields(op, merchant, at, details)),
    });
    return;
  }
  if (isFailedState(op.status) && rejectionNotified(op.channel) && merchant.rejection_url) {
    const body = formEncode(rejectionFields(op, merchant, at, op.status, details));
    enqueueNotification(ctx, { ...form, kind: 'rejection', url: merchant.rejection_url, body });
  }
}

/**
 * Writes one notification row and wakes the delivery worker after the commit; returns its id. Call inside
 * a transaction. Fault rules (delivery/notification-faults.ts) may delay it or send it twice under one id.
 */
export function enqueueNotification(ctx: SandboxContext, n: NewNotification, test?: TestRowFields): number {
  const now = ctx.clock.now();
  const fault = test ? null : notificationFault(ctx, n.merchant_id, { url: n.url, kind: n.kind });
  const dueAt = now + (fault?.delayMs ?? 0);
  const insert = (header_id: string | null) => {
    const public_id = newPublicId();
    const id = ctx.store.notifications.insert({
      public_id,
      merchant_id: n.merchant_id,
      operation_id: n.operation_id ?? null,
      payout_id: n.payout_id ?? null,
      kind: n.kind,
      url: n.url,
      content_type: n.content_type,
      body: n.body,
      next_attempt_at: dueAt,
      test_label: test?.test_label ?? null,
      parent_id: test?.parent_id ?? null,
      header_id,
      created_at: now,
    });
    // Test rows are sent by the resend call itself, which waits for the answer.
    if (test) return { id, public_id };
    if (dueAt > now) ctx.scheduler.schedule(RETRY_TIMER, id, dueAt);
    else
      ctx.delivery.kickAfterCommit(id, {
        merchant_id: n.merchant_id,
        url: n.url,
        operation_id: n.operation_id ?? null,
        payout_id: n.payout_id ?? null,
      });
    return { id, public_id };
  };
  const first = insert(test?.header_id ?? null);
  // A duplicate delivery carries the first one's X-Sandbox-Notification-Id, as a real retry storm would.
  if (fault?.duplicate) insert(first.public_id);
  return first.id;
}

/** The notifications (with attempts) of an operation or payout, oldest first, for API views. */
export function notificationsOf(ctx: SandboxContext, filter: { operation_id?: number; payout_id?: number }): Notification[] {
  if (filter.operation_id === undefined && filter.payout_id === undefined) return [];
  const rows = ctx.store.notifications.list({ operation_id: filter.operation_id, payout_id: filter.payout_id }, 1000);
  return notificationViews(ctx, rows.reverse());
}
