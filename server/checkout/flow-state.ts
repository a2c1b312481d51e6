import { OperationDetailsSchema, type OperationDetails } from '../contract/operation-details.js';
import { isRecord } from '../contract/common.js';
import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';

/*
 * What a checkout page keeps on its operation: the shopper's progress through a multi-step flow
 * (`details.checkout`) and the values the page derives once (a voucher reference), each written in
 * its own transaction that re-reads the row so other writers are kept.
 */

export function stateOf(op: OperationRecord): Record<string, string> {
  const state = op.details.checkout ?? {};
  return Object.fromEntries(Object.entries(state).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Merges top-level keys into `details` (re-read inside the transaction so other writers are kept). */
export function saveDetails(ctx: SandboxContext, id: number, patch: Record<string, unknown>): OperationRecord {
  return ctx.store.tx(() => {
    const op = ctx.store.operations.get(id)!;
    ctx.store.operations.setDetails(id, { ...op.details, ...patch }, ctx.clock.now());
    return ctx.store.operations.get(id)!;
  });
}

/** Replaces the flow state (`details.checkout`); null values drop keys. */
export function saveState(ctx: SandboxContext, op: OperationRecord, patch: Record<string, string | null>): void {
  ctx.store.tx(() => {
    const fresh = ctx.store.operations.get(op.id)!;
    const next: Record<string, string> = { ...stateOf(fresh) };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete next[k];
      else next[k] = v;
    }
    ctx.store.operations.setDetails(op.id, { ...fresh.details, checkout: next }, ctx.clock.now());
  });
}

/** A string detail stored by the creation code (qr_value, key_value, voucher_reference…), if any. */
type TextDetail = {
  [K in keyof typeof OperationDetailsSchema.shape]-?: NonNullable<OperationDetails[K]> extends string ? K : never;
}[keyof typeof OperationDetailsSchema.shape];
export function detailString(op: OperationRecord, key: TextDetail): string | null {
  const v = op.details[key];
  if (v) return v;
  const direct = op.details.direct_response;
  if (isRecord(direct) && typeof direct[key] === 'string' && direct[key]) return direct[key];
  return null;
}
