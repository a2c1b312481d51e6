import type { SandboxContext } from '../context.js';
import { readSandboxSettings } from '../store/settings.js';
import type { AttemptSource, NotificationRecord, NotificationStatus } from '../store/notifications.js';
import { RETRY_TIMER, retryGapMs } from './retry-policy.js';
import type { SendResult } from './send.js';

/** One finished attempt, waiting to be written. */
export interface AttemptOutcome {
  notification_id: number;
  source: AttemptSource;
  at: number;
  url: string;
  headers: Record<string, string>;
  body: string;
  result: SendResult;
}

/** A status change to announce on the live stream once committed. */
export interface StatusChange {
  id: number;
  status: NotificationStatus;
  operation_id: number | null;
  payout_id: number | null;
}

export const changeOf = (n: Pick<NotificationRecord, 'id' | 'operation_id' | 'payout_id'>, status: NotificationStatus): StatusChange => ({
  id: n.id,
  status,
  operation_id: n.operation_id,
  payout_id: n.payout_id,
});

/**
 * Stores one attempt and moves the notification on. Call inside a transaction. Rules:
 * - scheduled attempt of a pending notification: delivered, or the next retry timer, or failed;
 * - manual resend: a success marks it delivered; a failure changes nothing (the schedule goes on);
 * - test delivery: one shot, its first answer decides delivered or failed.
 * Answers the status change, if any.
 */
export function recordAttempt(ctx: Omit<SandboxContext, 'delivery'>, o: AttemptOutcome): StatusChange | null {
  const { store } = ctx;
  const n = store.notifications.get(o.notification_id);
  if (!n) return null; // wiped by a reset while the attempt was in flight
  const r = o.result;
  store.notifications.addAttempt({
    notification_id: n.id,
    at: o.at,
    url: o.url,
    request_headers: o.headers,
    request_body: o.body,
    response_status: r.response_status,
    response_body: r.response_body,
    latency_ms: r.latency_ms,
    error: r.error,
    source: o.source,
  });
  const now = ctx.clock.now();
  let { status, attempt_count: count, next_attempt_at: next } = n;
  if (n.test_label !== null) {
    if (status === 'pending' || r.delivered) status = r.delivered ? 'delivered' : 'failed';
    if (o.source === 'automatic') count++;
  } else if (o.source === 'automatic') {
    if (status === 'pending') {
      count++;
      if (r.delivered) status = 'delivered';
      else {
        const gap = retryGapMs(readSandboxSettings(store.settings), count);
        if (gap === null) status = 'failed';
        else {
          next = now + gap;
          ctx.scheduler.schedule(RETRY_TIMER, n.id, next);
        }
      }
    }
  } else if (r.delivered) {
    status = 'delivered';
  }
  if (status !== 'pending') {
    next = null;
    // Only a failed scheduled attempt ever set a retry timer.
    if (n.attempt_count > 0) ctx.scheduler.cancel(RETRY_TIMER, n.id);
  }
  store.notifications.setState(n.id, { status, attempt_count: count, next_attempt_at: next, updated_at: now });
  return status !== n.status ? changeOf(n, status) : null;
}
