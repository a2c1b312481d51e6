import { randomBytes, randomInt } from 'node:crypto';
import {
  MAX_PAYOUT_BATCH,
  type Payout,
  type PayoutBatchResponse,
  type PayoutDecider,
  type Payroll,
} from '../contract/payouts.js';
import type { SandboxContext } from '../context.js';
import { enqueueNotification, notificationsOf } from '../delivery/outbox.js';
import { SandboxError } from '../http/errors.js';
import type { MerchantRecord } from '../store/merchants.js';
import type { PayoutRecord, PayrollRecord } from '../store/payouts.js';
import { validatePayoutBatch } from './payout-rules.js';
import { getSettings } from './settings.js';

/** Persisted timer that processes a payroll on the sandbox clock. */
export const PAYOUT_TIMER = 'payout.process';
/** Items the payroll timer decides per transaction (a 500-item payroll in one held the server 110–175 ms). */
const RULE_CHUNK = 10;

type Decision = 'approved' | 'rejected';

const iso = (t: number) => new Date(t).toISOString();
const cents = (n: number) => `${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`;

/** Sandbox rule (provider docs): the amount's integer part even → approved, odd → rejected. */
export function ruleDecision(amount: string): Decision {
  const integer = amount.split('.')[0] ?? '0';
  return Number(integer.slice(-1)) % 2 === 0 ? 'approved' : 'rejected';
}

/**
 * Accepts a batch for a merchant: validates every item (one bad item rejects all, nothing stored),
 * then writes the payroll, its items and its processing timer in one transaction.
 */
export function createPayoutBatch(ctx: SandboxContext, merchant: MerchantRecord, batch: unknown[]): PayoutBatchResponse {
  if (batch.length === 0) throw new SandboxError('VALIDATION_ERROR', 'the batch is empty: send a JSON array with at least one payout item');
  if (batch.length > MAX_PAYOUT_BATCH) {
    throw new SandboxError('VALIDATION_ERROR', `a batch holds at most ${MAX_PAYOUT_BATCH} payout items (got ${batch.length}); split it`);
  }
  const { store } = ctx;
  const result = store.tx(() => {
    const { items, problems } = validatePayoutBatch(batch, (note) => store.payouts.isCreditNoteTaken(merchant.id, note));
    if (problems.length > 0) {
      const first = problems
        .slice(0, 3)
        .map((p) => `item ${p.index}: ${p.problems.join('; ')}`)
        .join(' | ');
      throw new SandboxError(
        'VALIDATION_ERROR',
        `${problems.length} of ${batch.length} payout items are invalid, so the batch was rejected and nothing was stored: ${first}${problems.length > 3 ? ' | …' : ''}`,
        problems,
      );
    }
    const now = ctx.clock.now();
    const processAt = now + Math.round(getSettings(store).payout_processing_delay_minutes * 60_000);
    const payroll = store.payouts.insertPayroll(merchant.id, now, processAt);
    const transactions = items.map((item) => {
      const id = store.payouts.insert({
        payroll_id: payroll,
        merchant_id: merchant.id,
        order_id: item.order_id,
        credit_note: item.credit_note,
        item,
        amount: item.amount.toFixed(2),
        channel_url: item.channel,
        created_at: now,
      });
      return { id, credit_note: item.credit_note, order_id: item.order_id, status: 'pending' as const };
    });
    ctx.scheduler.schedule(PAYOUT_TIMER, payroll, processAt);
    return { payroll, transactions };
  });
  for (const t of result.transactions) ctx.events.emit('payout.changed', { id: t.id, payroll_id: result.payroll, status: 'pending' });
  return result;
}

/** JSON of the payload POSTed to an approved item's `channel` address (spec "Payout channel payload"). */
export const channelPayload = (p: PayoutRecord) => ({
  reference: p.reference,
  otp_code: p.otp_code,
  id_platform: p.id,
  credit_note: p.credit_note,
  order_id: p.order_id,
});

/** JSON of the merchant's payout notification: the item's fields and its status. */
export const notificationPayload = (p: PayoutRecord) => ({
  ...p.item,
  id: p.id,
  payroll: p.payroll_id,
  status: p.status,
  reference: p.reference,
  processed_at: p.processed_at === null ? null : iso(p.processed_at),
});

/**
 * Decides one pending item and writes its deliveries: the channel payload (approved only) and the
 * merchant notification (when a payout URL is set). Call inside a transaction.
 */
function applyDecision(ctx: SandboxContext, p: PayoutRecord, status: Decision, decidedBy: PayoutDecider): PayoutRecord {
  const { store } = ctx;
  const decided = store.payouts.decide(p.id, {
    status,
    decided_by: decidedBy,
    reference: `PO-${p.id}-${randomBytes(4).toString('hex').toUpperCase()}`,
    otp_code: status === 'approved' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null,
    at: ctx.clock.now(),
  });
  if (!decided) throw new SandboxError('INVALID_TRANSITION', `payout ${p.id} is ${store.payouts.get(p.id)?.status ?? 'gone'}; only a pending payout can be decided`);
  const updated = store.payouts.get(p.id)!;
  const json = { merchant_id: p.merchant_id, payout_id: p.id, content_type: 'application/json' as const };
  if (status === 'approved') {
    enqueueNotification(ctx, { ...json, kind: 'payout_callback', url: p.channel_url, body: JSON.stringify(channelPayload(updated)) });
  }
  const payoutUrl = store.merchants.get(p.merchant_id)?.payout_url;
  if (payoutUrl) {
    enqueueNotification(ctx, { ...json, kind: 'payout_notification', url: payoutUrl, body: JSON.stringify(notificationPayload(updated)) });
  }
  return updated;
}

/** The operator's (or a script's) decision on one pending item, ahead of the rule. 409 once decided. */
export function decidePayout(ctx: SandboxContext, id: number, status: Decision, decidedBy: PayoutDecider): PayoutRecord {
  const { store } = ctx;
  const p = store.tx(() => {
    const current = store.payouts.get(id);
    if (!current) throw new SandboxError('NOT_FOUND', `no payout ${id}`);
    if (current.status !== 'pending') {
      throw new SandboxError('INVALID_TRANSITION', `payout ${id} is already ${current.status} (decided by ${current.decided_by ?? 'unknown'}); only a pending payout can be decided`);
    }
    const updated = applyDecision(ctx, current, status, decidedBy);
    cancelTimerIfDone(ctx, current.payroll_id);
    return updated;
  });
  ctx.events.emit('payout.changed', { id: p.id, payroll_id: p.payroll_id, status: p.status });
  return p;
}

function cancelTimerIfDone(ctx: SandboxContext, payrollId: number): void {
  if (ctx.store.payouts.pending(payrollId).length === 0) ctx.scheduler.cancel(PAYOUT_TIMER, payrollId);
}

/** Applies the even/odd rule to every pending item (of one payroll when given; at most `limit`). Call inside a transaction. */
function applyRule(ctx: SandboxContext, payrollId?: number, limit = Number.POSITIVE_INFINITY): PayoutRecord[] {
  const decided = ctx.store.payouts
    .pending(payrollId)
    .slice(0, limit)
    .map((p) => applyDecision(ctx, p, ruleDecision(p.amount), 'rule'));
  for (const payroll of new Set(decided.map((p) => p.payroll_id))) ctx.scheduler.cancel(PAYOUT_TIMER, payroll);
  return decided;
}

/** `POST /sandbox/v1/payouts/process`: the rule, now, for every pending item (or one payroll's). */
export function processPendingPayouts(ctx: SandboxContext, payrollId?: number) {
  const decided = ctx.store.tx(() => {
    if (payrollId !== undefined && !ctx.store.payouts.payroll(payrollId)) throw new SandboxError('NOT_FOUND', `no payroll ${payrollId}`);
    return applyRule(ctx, payrollId);
  });
  for (const p of decided) ctx.events.emit('payout.changed', { id: p.id, payroll_id: p.payroll_id, status: p.status });
  const approved = decided.filter((p) => p.status === 'approved').length;
  return { processed: decided.length, approved, rejected: decided.length - approved };
}

/** Registers the payroll timer: when it falls due, the rule decides the payroll's still-pending items. */
export function registerPayoutTimers(ctx: SandboxContext): void {
  ctx.scheduler.on(PAYOUT_TIMER, (payrollId, dueAt) => {
    // Runs inside the scheduler's transaction: the decisions, their deliveries and the timer row commit together.
    for (const p of applyRule(ctx, payrollId, RULE_CHUNK)) ctx.events.emit('payout.changed', { id: p.id, payroll_id: p.payroll_id, status: p.status });
    // The rest of a large payroll in later transactions at the same sandbox time, so the server answers in between.
    if (ctx.store.payouts.pending(payrollId).length > 0) ctx.scheduler.schedule(PAYOUT_TIMER, payrollId, dueAt);
  });
}

export function payoutView(ctx: SandboxContext, p: PayoutRecord, processAt?: number): Payout {
  return {
    id: p.id,
    payroll: p.payroll_id,
    mid_id: p.merchant_id,
    order_id: p.order_id,
    credit_note: p.credit_note,
    amount: p.amount,
    country: String(p.item.country ?? ''),
    channel: p.channel_url,
    status: p.status,
    decided_by: p.decided_by,
    reference: p.reference,
    otp_code: p.otp_code,
    item: p.item,
    created_at: iso(p.created_at),
    process_at: iso(processAt ?? ctx.store.payouts.processAtOf(p.payroll_id) ?? p.created_at),
    processed_at: p.processed_at === null ? null : iso(p.processed_at),
    notifications: notificationsOf(ctx, { payout_id: p.id }),
  };
}

export const payrollView = (r: PayrollRecord): Payroll => ({
  id: r.id,
  mid_id: r.merchant_id,
  created_at: iso(r.created_at),
  process_at: iso(r.process_at),
  total: r.total,
  pending: r.pending,
  approved: r.approved,
  rejected: r.rejected,
  amount_total: cents(r.amount_cents),
});
