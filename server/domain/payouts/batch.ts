import type { PayoutBatchResponse } from '../../contract/payout-api.js';
import type { ItemWarning } from '../../contract/log-notes.js';
import { MAX_PAYOUT_BATCH } from '../../contract/payouts.js';
import type { SandboxContext } from '../../context.js';
import { SandboxError } from '../../contract/errors.js';
import type { MerchantRecord } from '../../store/merchants.js';
import { validatePayoutBatch } from './validation.js';
import { PAYOUT_TIMER } from './transitions.js';
import { publicPayoutView } from './views.js';
import { readSandboxSettings } from '../../store/settings.js';
import { internalCallbackWarning } from './callback-target.js';

/**
 * Accepts a batch for a merchant: validates every item (one bad item rejects all, nothing stored),
 * then writes the payroll, its items (with their warnings) and its processing timer in one
 * transaction. Answers the items in the order sent. `holdCallbacks`: the items' callbacks are never sent
 * (an incident replay's items, whose addresses are production's beneficiaries'). `warnings`: every
 * item's warnings by item, for the request log (the answer carries each item's own).
 */
export function createPayoutBatch(
  ctx: SandboxContext,
  merchant: MerchantRecord,
  batch: unknown[],
  opts: { holdCallbacks?: boolean } = {},
): PayoutBatchResponse & { warnings: ItemWarning[] } {
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
        `${problems.length} of ${batch.length} payout items are invalid, so the batch was rejected and ` +
          `nothing was stored: ${first}${problems.length > 3 ? ' | …' : ''}`,
        problems,
      );
    }
    const now = ctx.clock.now();
    const processAt = now + Math.round(readSandboxSettings(store.settings).payout_processing_delay_minutes * 60_000);
    const payroll = store.payouts.insertPayroll(merchant.id, now, processAt);
    const warnings: ItemWarning[] = [];
    const data = items.map(({ item, warnings: itemWarnings }, index) => {
      const refused = internalCallbackWarning(ctx, merchant, item.channel);
      const details = refused ? [...itemWarnings, refused] : itemWarnings;
      for (const w of details) warnings.push({ ...w, item: index });
      const id = store.payouts.insert({
        payroll_id: payroll,
        merchant_id: merchant.id,
        order_id: item.order_id,
        credit_note: item.credit_note,
        item,
        amount: item.amount.toFixed(2),
        channel_url: item.channel,
        created_at: now,
        warning_details: details,
        callback_held: opts.holdCallbacks === true,
      });
      return publicPayoutView(store.payouts.get(id)!);
    });
    ctx.scheduler.schedule(PAYOUT_TIMER, payroll, processAt);
    return { payroll, data, warnings };
  });
  for (const t of result.data) ctx.events.emit('payout.changed', { id: t.id, payroll_id: result.payroll, status: 'pending' });
  return result;
}
