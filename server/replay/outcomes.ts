import { isRecord, ownField } from '../contract/common.js';
import { SandboxError } from '../contract/errors.js';
import type { ReplayOutcome } from '../contract/replays.js';
import { TRANSFER_STATUSES, type TransferStatus } from '../contract/payouts.js';
import type { SandboxContext } from '../context.js';
import { transition } from '../domain/operations.js';
import { forceTransferStatus } from '../domain/payouts/transitions.js';
import type { ReadEntry } from './har-entries.js';
import { jsonValue } from './answer-json.js';
import type { WantedOutcome } from './production-notifications.js';

/*
 * Production's outcomes applied at their moment, so every later call sees what it saw in production:
 * a notification before the first entry that started after its `time`; one without a usable time
 * before the first entry whose production answer already shows its outcome (an operation query for a
 * payment, a payout read for a payout callback); else after the last entry.
 */

const recordsIn = (v: unknown): Record<string, unknown>[] => {
  const items = ownField(v, 'items');
  const data = ownField(v, 'data');
  const list: unknown[] = Array.isArray(v) ? v : Array.isArray(items) ? items : Array.isArray(data) ? data : [v];
  return list.filter(isRecord);
};

/** The payout items a recorded payout answer shows (batch, list or one item). */
export const payoutItemsIn = (e: ReadEntry): Record<string, unknown>[] =>
  e.kind === 'payout_batch' || e.kind === 'payout_list' || e.kind === 'payout_get' ? recordsIn(jsonValue(e.production.json)) : [];

/** Whether an entry's production answer shows the outcome (so it must be applied before the entry). */
function shows(e: ReadEntry, w: WantedOutcome): boolean {
  if (e.production.status < 200 || e.production.status >= 300) return false;
  if (w.kind === 'payment') {
    if (e.kind !== 'operation_query') return false;
    const status = w.outcome === 'confirmed' ? 2 : 3;
    return recordsIn(jsonValue(e.production.json)).some((r) => String(r.trans_id) === w.trans_id && Number(r.status) === status);
  }
  if (e.kind !== 'payout_get' && e.kind !== 'payout_list') return false;
  return payoutItemsIn(e).some(
    (r) =>
      (w.credit_note !== undefined ? String(r.credit_note) === w.credit_note : String(r.order_id) === w.order_id) &&
      (r.status === 'approved' || r.transfer_status === 2 || r.transfer_status === 5),
  );
}

/** The position (in `entries`) each outcome is applied before; entries.length means after the last. */
export function momentOf(w: WantedOutcome, entries: readonly ReadEntry[]): number {
  if (w.kind === 'payment' && w.time !== null) {
    const at = entries.findIndex((e) => e.startedAt !== null && e.startedAt > w.time!);
    if (at >= 0 || entries.some((e) => e.startedAt !== null)) return at < 0 ? entries.length : at;
  }
  const at = entries.findIndex((e) => shows(e, w));
  return at < 0 ? entries.length : at;
}

/** What the replay created so far, to find an outcome's target in. */
export interface Created {
  /** Operation ids by trans_id, in creation order. */
  byTrans: Map<string, number[]>;
  /** Payout item ids this replay created, in order. */
  payouts: number[];
}

const sameAmount = (a: string | undefined, b: string) => a === undefined || Number(a) === Number(b);
const sameCurrency = (a: string | undefined, b: string) => a === undefined || a.toUpperCase() === b.toUpperCase();

type Result = Omit<ReplayOutcome, 'index' | 'trans_id' | 'outcome' | 'kind'>;
/** Not there yet: tried again at the next moment (a creation may come later in the archive). */
const NOT_YET = new Set(['no_operation', 'no_payout']);

function applyPayment(ctx: SandboxContext, w: Extract<WantedOutcome, { kind: 'payment' }>, made: Created): Result {
  const ids = made.byTrans.get(w.trans_id) ?? [];
  if (!ids.length)
    return {
      operation_id: null,
      applied: false,
      reason_code: 'no_operation',
      reason: 'no creation with this trans_ID was replayed successfully',
    };
  const ops = ids.map((id) => ctx.store.operations.get(id)).filter((o) => o !== undefined);
  const matching = ops.filter((o) => sameAmount(w.amount, o.amount) && sameCurrency(w.currency, o.currency));
  if (!matching.length)
    return {
      operation_id: null,
      applied: false,
      reason_code: 'no_match',
      reason: `no replayed operation of this trans_ID has amount ${w.amount ?? 'any'} and currency ${w.currency ?? 'any'}`,
    };
  const target = matching.find((o) => o.status === 'pending');
  if (!target) {
    const last = matching[matching.length - 1]!;
    return { operation_id: last.id, applied: false, reason_code: 'not_pending', reason: `operation ${last.id} is already ${last.status}` };
  }
  const rejection =
    w.outcome === 'rejected'
      ? {
          ...(w.rejection_code !== undefined ? { rejection_code: w.rejection_code } : {}),
          ...(w.rejection_message !== undefined ? { rejection_message: w.rejection_message } : {}),
        }
      : undefined;
  try {
    transition(ctx, target.id, { to: w.outcome, actor: 'control_api', details: rejection });
    return { operation_id: target.id, applied: true };
  } catch (err) {
    if (err instanceof SandboxError) return { operation_id: target.id, applied: false, reason_code: 'transition', reason: err.message };
    throw err;
  }
}

/** Drives one replayed payout item to a transfer_status production showed (2–5; 1 is where every item starts). */
export function drivePayout(ctx: SandboxContext, id: number, to: number): string | null {
  const p = ctx.store.payouts.get(id);
  if (!p || p.transfer_status === to || !(to in TRANSFER_STATUSES) || to === 1) return null;
  try {
    forceTransferStatus(ctx, id, to as TransferStatus, 'control_api');
    return null;
  } catch (err) {
    if (err instanceof SandboxError) return err.message;
    throw err;
  }
}

/** The replayed payout item with a credit_note (or order_id), if this replay created one. */
export function payoutOf(ctx: SandboxContext, made: Created, creditNote?: string, orderId?: string): number | null {
  for (const id of made.payouts) {
    const p = ctx.store.payouts.get(id);
    if (p && (creditNote !== undefined ? p.credit_note === creditNote : p.order_id === orderId)) return id;
  }
  return null;
}

function applyPayout(ctx: SandboxContext, w: Extract<WantedOutcome, { kind: 'payout' }>, made: Created): Result {
  const id = payoutOf(ctx, made, w.credit_note, w.order_id);
  const ref = { credit_note: w.credit_note ?? w.order_id ?? '' };
  if (id === null)
    return {
      ...ref,
      operation_id: null,
      applied: false,
      reason_code: 'no_payout',
      reason: 'no payout item with this credit_note was replayed',
    };
  const p = ctx.store.payouts.get(id)!;
  if (p.status === 'approved') return { ...ref, operation_id: null, payout_id: id, applied: true };
  const failed = drivePayout(ctx, id, 2);
  return failed
    ? { ...ref, operation_id: null, payout_id: id, applied: false, reason_code: 'transition', reason: failed }
    : { ...ref, operation_id: null, payout_id: id, applied: true };
}

/**
 * Applies the outcomes due at one moment; answers those applied or finally refused, and keeps those
 * whose operation or item does not exist yet for the next moment (unless this is the last).
 */
export function applyDue(
  ctx: SandboxContext,
  due: WantedOutcome[],
  made: Created,
  beforeEntry: number | null,
): { done: ReplayOutcome[]; later: WantedOutcome[] } {
  const done: ReplayOutcome[] = [];
  const later: WantedOutcome[] = [];
  for (const w of due) {
    const r = w.kind === 'payment' ? applyPayment(ctx, w, made) : applyPayout(ctx, w, made);
    if (!r.applied && beforeEntry !== null && NOT_YET.has(r.reason_code ?? '')) {
      later.push(w);
      continue;
    }
    const rejection =
      w.kind === 'payment' && w.outcome === 'rejected'
        ? {
            ...(w.rejection_code !== undefined ? { rejection_code: w.rejection_code } : {}),
            ...(w.rejection_message !== undefined ? { rejection_message: w.rejection_message } : {}),
          }
        : {};
    done.push({
      index: w.index,
      kind: w.kind,
      trans_id: w.trans_id,
      outcome: w.outcome,
      ...rejection,
      ...r,
      ...(beforeEntry !== null ? { before_entry: beforeEntry } : {}),
    });
  }
  return { done, later };
}

/** `applyDue` one outcome at a time, with `breathe` between: thousands may fall due together. */
export async function applyDueInTurn(
  ctx: SandboxContext,
  due: WantedOutcome[],
  made: Created,
  beforeEntry: number | null,
  breathe: () => Promise<void>,
): Promise<{ done: ReplayOutcome[]; later: WantedOutcome[] }> {
  const all = { done: [] as ReplayOutcome[], later: [] as WantedOutcome[] };
  for (const w of due) {
    const r = applyDue(ctx, [w], made, beforeEntry);
    all.done.push(...r.done);
    all.later.push(...r.later);
    await breathe();
  }
  return all;
}
