import type { FaultKind } from '../contract/faults.js';
import type { SandboxContext } from '../context.js';
import type { EntryInput } from '../store/request-log-entry.js';
import { faultNote, notesText, type NoteDetail } from '../contract/log-notes.js';
import { consume, editableFaultRules, forMerchant, isLive, noFaultRules, saveFaultRules } from '../store/fault-rules.js';

/** What the delivery engine must do to one new notification. */
export interface NotificationFault {
  /** Sandbox-clock milliseconds to wait before the first attempt (0: send now). */
  delayMs: number;
  /** Send the same notification twice. */
  duplicate: boolean;
  /** `fault: …` text to keep with the delivery, or null when nothing fired. */
  note: string | null;
}

/**
 * The request-log entry of a fault fired on a notification: a `NOTIFY` line to the merchant's address,
 * masked like every logged path, with the merchant's key in the column that names whose an entry is
 * (as a creation's or a payout call's). The store's builder (requestLogEntry) bounds it like any other.
 */
function firedEntry(
  at: number,
  merchant: { id: number; key: string | null },
  info: { url?: string; kind?: string },
  notes: NoteDetail[],
): EntryInput {
  return {
    at,
    method: 'NOTIFY',
    path: info.url ?? '(notification)',
    request_body: info.kind ? `${info.kind} notification of merchant ${merchant.key ?? merchant.id}` : '',
    note: notesText(notes),
    note_details: notes,
    public_key: merchant.key,
  };
}

/**
 * Notification faults for one new notification of a merchant: call it once per notification, when
 * the outbox row is written (inside that transaction), and apply the answer. Consumes the counters.
 * Each fired fault is also written to the request log, so every injected fault shows up there.
 * The rules are the same list the API faults use (store/fault-rules.ts; managed by domain/faults.ts).
 */
export function notificationFault(ctx: SandboxContext, merchantId: number, info: { url?: string; kind?: string } = {}): NotificationFault {
  const { settings } = ctx.store;
  if (noFaultRules(settings)) return { delayMs: 0, duplicate: false, note: null };
  return ctx.store.tx(() => {
    const publicKey = ctx.store.merchants.get(merchantId)?.public_key ?? null;
    const rules = editableFaultRules(settings);
    const pick = (kind: FaultKind) => rules.find((r) => r.kind === kind && isLive(r) && forMerchant(r, publicKey));
    const delay = pick('notification_delay');
    const dup = pick('notification_duplicate');
    const notes: NoteDetail[] = [];
    if (delay) (consume(delay), notes.push(faultNote('fault_delay', delay, { minutes: delay.delay_minutes ?? 0 })));
    if (dup) (consume(dup), notes.push(faultNote('fault_duplicate', dup)));
    const note = notesText(notes);
    if (note === null) return { delayMs: 0, duplicate: false, note: null };
    saveFaultRules(settings, rules);
    ctx.store.requests.add(firedEntry(ctx.clock.now(), { id: merchantId, key: publicKey }, info, notes));
    return { delayMs: Math.round((delay?.delay_minutes ?? 0) * 60_000), duplicate: dup !== undefined, note };
  });
}
