import { isRecord } from '../contract/common.js';
import { SandboxError } from '../contract/errors.js';
import { RejectBodySchema } from '../contract/operations.js';
import { readUrlEncoded } from '../body/urlencoded.js';

/** The outcome one production notification shows: a payment's (by trans_ID) or a payout item's (by credit_note). */
export type WantedOutcome =
  | {
      index: number;
      kind: 'payment';
      trans_id: string;
      outcome: 'confirmed' | 'rejected';
      amount?: string;
      currency?: string;
      /** When production sent it (ms), when its `time` reads as one. */
      time: number | null;
      rejection_code?: string;
      rejection_message?: string;
    }
  | { index: number; kind: 'payout'; trans_id: string; outcome: 'approved'; credit_note?: string; order_id?: string };

const refuse = (index: number, what: string) =>
  new SandboxError('VALIDATION_ERROR', `notifications[${index}]: ${what}; nothing was replayed`);

/** A notification as fields: an object, a JSON text, or a form body as the merchant's shop received it. */
function fieldsOf(n: unknown, index: number): Map<string, unknown> {
  if (typeof n !== 'string') return new Map(Object.entries(n as Record<string, unknown>));
  const t = n.trim();
  if (t.startsWith('{')) {
    try {
      const v = JSON.parse(t) as unknown;
      if (isRecord(v)) return new Map(Object.entries(v));
    } catch {
      throw refuse(index, 'starts like JSON but does not parse');
    }
  }
  return new Map(readUrlEncoded(t, { fields: 1000 }).members.map((m) => [m.name, m.value]));
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** A notification's `time`: the service's `YYYY-MM-DD HH:MM:SS` (UTC), an ISO time, or Unix seconds; null otherwise. */
export function notificationTime(v: string | undefined): number | null {
  if (!v) return null;
  const t = v.trim();
  const plain = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(t);
  if (plain) {
    const [, y, mo, d, h, mi, s] = plain.map(Number) as number[];
    return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  }
  if (/^\d{10}$/.test(t)) return Number(t) * 1000;
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(t)) {
    const ms = Date.parse(t);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

/**
 * Reads every production notification before anything is sent, so a bad one refuses the whole
 * replay. Rejection fields pass the same checks as the control API's reject (RejectBodySchema).
 */
export function readNotifications(list: readonly unknown[]): WantedOutcome[] {
  return list.map((n, index): WantedOutcome => {
    const f = fieldsOf(n, index);
    const transId = text(f.get('trans_ID')) ?? text(f.get('trans_id'));
    const creditNote = text(f.get('credit_note'));
    if (!transId && (creditNote !== undefined || f.has('id_platform'))) {
      const orderId = text(f.get('order_id'));
      return {
        index,
        kind: 'payout',
        trans_id: creditNote ?? orderId ?? '',
        outcome: 'approved',
        ...(creditNote !== undefined ? { credit_note: creditNote } : {}),
        ...(orderId !== undefined ? { order_id: orderId } : {}),
      };
    }
    if (!transId)
      throw refuse(index, 'has no trans_ID (a form string or an object with at least trans_ID), nor the credit_note of a payout callback');
    const amount = text(f.get('amount'));
    const currency = text(f.get('currency'));
    const base = {
      index,
      kind: 'payment' as const,
      trans_id: transId,
      time: notificationTime(text(f.get('time'))),
      ...(amount ? { amount } : {}),
      ...(currency ? { currency } : {}),
    };
    const code = text(f.get('rejection_code'));
    const message = text(f.get('rejection_message'));
    if (!code && !message) return { ...base, outcome: 'confirmed' };
    const checked = RejectBodySchema.safeParse({ rejection_code: code || undefined, rejection_message: message || undefined });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw refuse(index, `${issue.path.join('.')}: ${issue.message}`);
    }
    return { ...base, outcome: 'rejected', ...checked.data };
  });
}
