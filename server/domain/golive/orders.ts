import { randomInt } from 'node:crypto';
import { twoDecimals } from '../../contract/common.js';
import type { OrderSource, ProbeCheckId, ProbeOrder } from '../../contract/checks.js';
import type { SandboxContext } from '../../context.js';

/** The order a probe speaks about: the merchant's trans_id with the amount, currency and channel it was created with. */
export interface OrderSpec {
  trans_id: string;
  amount: string;
  amount_cents: number;
  currency: string;
  channel: number;
  source: OrderSource;
}

/**
 * The probes that each need an order of their own, because each changes the order's state in the
 * shop (pays it, fails it, or tries to). The duplicate repeats the success; the told-apart check
 * compares the success and rejection answers; the payout probe names its order only as order_id.
 */
export const ORDER_ROLES = [
  'success_acknowledged',
  'forged_signature_refused',
  'tampered_amount_refused',
  'get_forged_refused',
  'unknown_fields_tolerated',
  'rejection_acknowledged',
  'late_rejection_acknowledged',
  'payout_notification_acknowledged',
] as const satisfies readonly ProbeCheckId[];
export type OrderRole = (typeof ORDER_ROLES)[number];

/** Orders read from the merchant's creations at most (more would not change a verdict). */
const MAX_OWN_ORDERS = 200;
/** A made-up order when the merchant has none: channel 17 in COP, for 50,000.00. */
const MADE_UP = { channel: 17, currency: 'COP', amount_cents: 5_000_000 } as const;

/** Nine digits, the shape most shops' order ids have (a handler casting it to an integer still finds a number). */
const nineDigits = (taken: Set<string>): string => {
  for (;;) {
    const id = String(randomInt(100_000_000, 1_000_000_000));
    if (!taken.has(id)) return id;
  }
};

const madeUp = (trans_id: string, source: OrderSource): OrderSpec => ({
  trans_id,
  amount: twoDecimals(MADE_UP.amount_cents),
  amount_cents: MADE_UP.amount_cents,
  currency: MADE_UP.currency,
  channel: MADE_UP.channel,
  source,
});

/**
 * The orders the probes speak about, one per role where the merchant has enough (else they are
 * shared in turn): the trans_ids given (with the amount, currency and channel of the merchant's
 * newest creation of each, if any); else the trans_ids of its own accepted creations since `since`,
 * newest first; else made-up nine-digit ids.
 */
export function pickOrders(
  ctx: SandboxContext,
  merchantId: number,
  given: readonly string[] | undefined,
  since: number,
): Record<OrderRole, OrderSpec> {
  let pool: OrderSpec[];
  if (given?.length) {
    pool = [...new Set(given)].map((trans_id) => {
      const own = ctx.store.operations.byMerchantAndTransId(merchantId, trans_id).filter((o) => !o.test_label);
      const op = own.at(-1);
      return op
        ? { trans_id, amount: op.amount, amount_cents: op.amount_cents, currency: op.currency, channel: op.channel, source: 'given' }
        : madeUp(trans_id, 'given');
    });
  } else {
    const seen = new Set<string>();
    pool = [];
    for (const op of ctx.store.operations.ownSince(merchantId, since, MAX_OWN_ORDERS)) {
      if (seen.has(op.trans_id)) continue;
      seen.add(op.trans_id);
      pool.push({
        trans_id: op.trans_id,
        amount: op.amount,
        amount_cents: op.amount_cents,
        currency: op.currency,
        channel: op.channel,
        source: 'creation',
      });
      if (pool.length === ORDER_ROLES.length) break;
    }
    if (pool.length === 0) {
      const taken = new Set<string>();
      for (let i = 0; i < ORDER_ROLES.length; i++) {
        const id = nineDigits(taken);
        taken.add(id);
        pool.push(madeUp(id, 'made_up'));
      }
    }
  }
  return Object.fromEntries(ORDER_ROLES.map((role, i) => [role, pool[i % pool.length]!])) as Record<OrderRole, OrderSpec>;
}

/** `orders` of the report: each order once, with the probes that spoke about it, in the order first used. */
export function ordersUsed(orders: Record<OrderRole, OrderSpec>, used: ReadonlyMap<ProbeCheckId, OrderRole>): ProbeOrder[] {
  const out = new Map<string, ProbeOrder>();
  for (const [check, role] of used) {
    const o = orders[role];
    const entry = out.get(o.trans_id) ?? { trans_id: o.trans_id, source: o.source, checks: [] };
    entry.checks.push(check);
    out.set(o.trans_id, entry);
  }
  return [...out.values()];
}
