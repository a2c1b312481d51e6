import { isProbeLabel } from '../contract/checks.js';
import { isoTime } from '../contract/common.js';
import type { Notification, NotificationAttempt, TestLabel } from '../contract/notifications.js';
import { TEST_LABELS } from '../contract/notifications.js';
import type { SandboxContext } from '../context.js';
import type { AttemptRecord, NotificationRecord } from '../store/notifications.js';
import { formDecode } from './payload.js';
import { FORM_TYPE } from '../contract/body-encoding.js';

const isTestLabel = (s: string | null): s is TestLabel => s !== null && (TEST_LABELS as readonly string[]).includes(s);

export function attemptView(a: AttemptRecord): NotificationAttempt {
  return {
    at: isoTime(a.at),
    url: a.url,
    request: { headers: a.request_headers, body: a.request_body },
    response_status: a.response_status,
    response_body: a.response_body,
    latency_ms: a.latency_ms,
    error: a.error,
    source: a.source,
  };
}

/** The control-API view of one notification with every attempt: request, response, latency, error. */
export function notificationView(n: NotificationRecord, attempts: AttemptRecord[]): Notification {
  return {
    id: n.id,
    public_id: n.public_id,
    kind: n.kind,
    status: n.status,
    operation_id: n.operation_id,
    payout_id: n.payout_id,
    mid_id: n.merchant_id,
    url: n.url,
    content_type: n.content_type,
    body: n.body,
    fields: n.content_type.startsWith(FORM_TYPE) ? formDecode(n.body) : null,
    test_label: isTestLabel(n.test_label) || isProbeLabel(n.test_label) ? n.test_label : null,
    test_of: n.parent_id,
    notification_id_header: n.header_id ?? n.public_id,
    attempt_count: attempts.length,
    next_attempt_at: n.next_attempt_at === null ? null : isoTime(n.next_attempt_at),
    created_at: isoTime(n.created_at),
    updated_at: isoTime(n.updated_at),
    attempts: attempts.map(attemptView),
  };
}

/** Views of many rows with their attempts, loaded in one query. */
export function notificationViews(ctx: SandboxContext, rows: NotificationRecord[]): Notification[] {
  const attempts = ctx.store.notifications.attemptsOf(rows.map((r) => r.id));
  return rows.map((r) => notificationView(r, attempts.get(r.id) ?? []));
}
