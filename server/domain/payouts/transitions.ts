import { randomBytes, randomInt } from 'node:crypto';
import { TRANSFER_STATUSES, type PayoutDecider, type TransferStatus } from '../../contract/payouts.js';
import type { TimerKind } from '../../clock/timer-kinds.js';
import type { SandboxContext } from '../../context.js';
import { enqueueNotification } from '../../delivery/outbox.js';
import { SandboxError } from '../../contract/errors.js';
import type { PayoutRecord } from '../../store/payouts.js';
import { publicPayoutView } from './views.js';
import { isSafeHttpUrl } from '../../contract/safe-url.js';
import { readSandboxSettings } from '../../store/settings.js';
import { internalCallbackWarning } from './callback-target.js';

/*
 * transfer_status moves: 1 in process → 2 approved → 5 paid once the bank step passes,
 * or 1 → 3 rejected; the operator may force any of 2–5. Each move writes, in the caller's
 * transaction, the channel payload (on entering approval, http(s) channels only) and the payout-URL
 * notification (every move).
 */

/** Persisted timer that processes a payroll on the sandbox clock (ref: payroll id). */
export const PAYOUT_TIMER = 'payout.process' satisfies TimerKind;
/** Persisted timer of an approved item's bank step (ref: payout id): 2 → 5 when it falls due. */
export const PAYOUT_BANK_TIMER = 'payout.bank' satisfies TimerKind;

/** The provider's published sandbox rule: the amount's integer part even → approved, odd → rejected. */
export function ruleDecision(amount: string): 'approved' | 'rejected' {
  const integer = amount.split('.')[0] ?? '0';
  return Number(integer.slice(-1)) % 2 === 0 ? 'approved' : 'rejected';
}

/** JSON of the payload POSTed to an approved item's `channel` address, as the service sends it. */
export const channelPayload = (p: PayoutRecord) => ({
  reference: p.reference,
  otp_code: p.otp_code,
  id_platform: p.id,
  credit_note: p.credit_note,
  order_id: p.order_id,
});

/** Moves one item to `to` with its deliveries and bank timer. Call inside a transaction. 409 when `to` is where it is. */
export function moveTransferStatus(ctx: SandboxContext, p: PayoutRecord, to: TransferStatus, by: PayoutDecider): PayoutRecord {
  const { store } = ctx;
  if (p.transfer_status === to) {
    throw new SandboxError(
      'INVALID_TRANSITION',
      `payout ${p.id} is already at transfer_status ${to} (${TRANSFER_STATUSES[to].description})`,
    );
  }
  const status = TRANSFER_STATUSES[to].status;
  const entersApproval = status === 'approved' && p.status !== 'approved';
  const assign = entersApproval && p.reference === null;
  const moved = store.payouts.change(p.id, p.transfer_status, {
    status,
    transfer_status: to,
    decided_by: by,
    reference: assign ? `PO-${p.id}-${randomBytes(4).toString('hex').toUpperCase()}` : p.reference,
    otp_code: assign ? String(randomInt(0, 1_000_000)).padStart(6, '0') : p.otp_code,
    at: ctx.clock.now(),
  });
  if (!moved) throw new SandboxError('INVALID_TRANSITION', `payout ${p.id} changed meanwhile; read it again`);
  const updated = store.payouts.get(p.id)!;
  const json = { merchant_id: p.merchant_id, payout_id: p.id, content_type: 'application/json' as const };
  if (
    entersApproval &&
    isSafeHttpUrl(p.channel_url) &&
    !p.callback_held &&
    !internalCallbackWarning(ctx, store.merchants.get(p.merchant_id), p.channel_url)
  ) {
    enqueueNotification(ctx, { ...json, kind: 'payout_callback', url: p.channel_url, body: JSON.stringify(channelPayload(updated)) });
  }
  const payoutUrl = store.merchants.get(p.merchant_id)?.payout_url;
  if (payoutUrl) {
    enqueueNotification(ctx, { ...json, kind: 'payout_notification', url: payoutUrl, body: JSON.stringify(publicPayoutView(updated)) });
  }
  if (to === 2)
    ctx.scheduler.schedule(
      PAYOUT_BANK_TIMER,
      p.id,
      ctx.clock.now() + Math.round(readSandboxSettings(store.settings).payout_processing_delay_minutes * 60_000),
    );
  else ctx.scheduler.cancel(PAYOUT_BANK_TIMER, p.id);
  return updated;
}

const emit = (ctx: SandboxContext, moved: PayoutRecord[]) => {
  for (const p of moved) ctx.events.emit('payout.changed', { id: p.id, payroll_id: p.payroll_id, status: p.status });
};

function cancelTimerIfDone(ctx: SandboxContext, payrollId: number): void {
  if (!ctx.store.payouts.hasPending(payrollId)) ctx.scheduler.cancel(PAYOUT_TIMER, payrollId);
}

/** The operator's (or a script's) decision on one item still in process, ahead of the rule. 409 once decided. */
export function decidePayout(ctx: SandboxContext, id: number, decision: 'approved' | 'rejected', by: PayoutDecider): PayoutRecord {
  const p = ctx.store.tx(() => {
    const current = ctx.store.payouts.get(id);
    if (!current) throw new SandboxError('NOT_FOUND', `no payout ${id}`);
    if (current.status !== 'pending') {
      throw new SandboxError(
        'INVALID_TRANSITION',
        `payout ${id} is already ${current.status} (decided by ${current.decided_by ?? 'unknown'}); only a pending payout can be decided`,
      );
    }
    const updated = moveTransferStatus(ctx, current, decision === 'approved' ? 2 : 3, by);
    cancelTimerIfDone(ctx, current.payroll_id);
    return updated;
  });
  emit(ctx, [p]);
  return p;
}

/** `POST /sandbox/v1/payouts/:id/status`: forces transfer_status 2–5 from any other value. */
export function forceTransferStatus(ctx: SandboxContext, id: number, to: TransferStatus, by: PayoutDecider): PayoutRecord {
  const p = ctx.store.tx(() => {
    const current = ctx.store.payouts.get(id);
    if (!current) throw new SandboxError('NOT_FOUND', `no payout ${id}`);
    const updated = moveTransferStatus(ctx, current, to, by);
    cancelTimerIfDone(ctx, current.payroll_id);
    return updated;
  });
  emit(ctx, [p]);
  return p;
}

/** Items the payroll timer decides per transaction (a 500-item payroll in one held the server 110–175 ms). */
const RULE_CHUNK = 10;

/**
 * Applies the even/odd rule to every pending item (of one payroll when given; only its first `limit`,
 * read with that LIMIT). Call inside a transaction.
 */
function applyRule(ctx: SandboxContext, payrollId?: number, limit?: number): PayoutRecord[] {
  const moved = ctx.store.payouts
    .pending(payrollId, limit)
    .map((p) => moveTransferStatus(ctx, p, ruleDecision(p.amount) === 'approved' ? 2 : 3, 'rule'));
  for (const payroll of new Set(moved.map((p) => p.payroll_id))) ctx.scheduler.cancel(PAYOUT_TIMER, payroll);
  return moved;
}

/** `POST /sandbox/v1/payouts/process`: the rule, now, for every pending item (or one payroll's). */
export function processPendingPayouts(ctx: SandboxContext, payrollId?: number) {
  const moved = ctx.store.tx(() => {
    if (payrollId !== undefined && !ctx.store.payouts.payroll(payrollId)) throw new SandboxError('NOT_FOUND', `no payroll ${payrollId}`);
    return applyRule(ctx, payrollId);
  });
  emit(ctx, moved);
  const approved = moved.filter((p) => p.status === 'approved').length;
  return { processed: moved.length, approved, rejected: moved.length - approved };
}

/*
 * The payout timers (domain/timers.ts), so real time and clock advance drive both. They run inside
 * the scheduler's transaction: moves, deliveries and the timer row commit together.
 */

/** The payroll timer applies the rule, RULE_CHUNK items per transaction. */
export function processPayrollOnTimer(ctx: SandboxContext, payrollId: number, dueAt: number): void {
  emit(ctx, applyRule(ctx, payrollId, RULE_CHUNK));
  // The rest of a large payroll in later transactions at the same sandbox time, so the server answers in between.
  if (ctx.store.payouts.hasPending(payrollId)) ctx.scheduler.schedule(PAYOUT_TIMER, payrollId, dueAt);
}

/** The bank timer moves an item still at 2 to 5. */
export function bankStepOnTimer(ctx: SandboxContext, payoutId: number): void {
  const p = ctx.store.payouts.get(payoutId);
  if (p?.transfer_status === 2) emit(ctx, [moveTransferStatus(ctx, p, 5, 'rule')]);
}
