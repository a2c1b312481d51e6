import { SandboxError } from '../contract/errors.js';
import { RejectBodySchema } from '../contract/operations.js';

/** The outcome one production notification shows, for the replayed operation with its trans_ID. */
export interface WantedOutcome {
  index: number;
  trans_id: string;
  outcome: 'confirmed' | 'rejected';
  rejection_code?: string;
  rejection_message?: string;
}

const refuse = (index: number, what: string) =>
  new SandboxError('VALIDATION_ERROR', `notifications[${index}]: ${what}; nothing was replayed`);

/** A notification as fields: an object, a JSON text, or a form body as the merchant's shop received it. */
function fieldsOf(n: unknown, index: number): Record<string, unknown> {
  if (typeof n !== 'string') return n as Record<string, unknown>;
  const t = n.trim();
  if (t.startsWith('{')) {
    try {
      const v = JSON.parse(t) as unknown;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      throw refuse(index, 'starts like JSON but does not parse');
    }
  }
  return Object.fromEntries(new URLSearchParams(t));
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * Reads every production notification before anything is sent, so a bad one refuses the whole
 * replay. Rejection fields pass the same checks as the control API's reject (RejectBodySchema).
 */
export function readNotifications(list: readonly unknown[]): WantedOutcome[] {
  return list.map((n, index) => {
    const f = fieldsOf(n, index);
    const transId = text(f.trans_ID) ?? text(f.trans_id);
    if (!transId) throw refuse(index, 'has no trans_ID (a form string or an object with at least trans_ID)');
    const code = text(f.rejection_code);
    const message = text(f.rejection_message);
    if (!code && !message) return { index, trans_id: transId, outcome: 'confirmed' };
    const checked = RejectBodySchema.safeParse({ rejection_code: code || undefined, rejection_message: message || undefined });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw refuse(index, `${issue.path.join('.')}: ${issue.message}`);
    }
    return { index, trans_id: transId, outcome: 'rejected', ...checked.data };
  });
}
