import { SandboxError } from '../../contract/errors.js';
import type { MerchantRecord } from '../../store/merchants.js';
import type { PayoutRecord } from '../../store/payouts.js';
import type { Store } from '../../store/index.js';

/** A merchant's payout items by credit_note or order_id, newest first, before `before_id`; `limit` rows at most. */
export function merchantPayouts(
  store: Store,
  merchant: MerchantRecord,
  query: { credit_note?: string; order_id?: string; before_id?: number },
  limit: number,
): PayoutRecord[] {
  return store.payouts.list({ merchant_id: merchant.id, ...query }, limit);
}

/** One payout item of a merchant. Another merchant's item answers as unknown: ids must not reveal other merchants' payouts. */
export function merchantPayout(store: Store, merchant: MerchantRecord, id: number): PayoutRecord {
  const p = store.payouts.get(id);
  if (!p || p.merchant_id !== merchant.id) throw new SandboxError('NOT_FOUND', `no payout ${id} for this merchant`);
  return p;
}
