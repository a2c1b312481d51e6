// Operations written straight through the store's repositories, for benchmarks and tests that need
// many of them fast (the API would take minutes for a million).
import type { Store } from '../../server/store/index.js';

/** What one seeded operation varies: the rest is the same valid channel-agnostic creation. */
export interface SeedOperation {
  n: number;
  /** trans_id prefix (`ORD-n`); the checkout token derives from it too. */
  prefix: string;
  merchantId: number;
  channel: number;
  /** Shopper number: e-mail `s<k % 5000>`, document `10000000 + k % 90000`. */
  shopper: number;
  at: number;
  expiresAt: number;
}

/** Inserts one pending operation as the creation path writes it (the row is its own creation event). */
export function insertPending(store: Store, o: SeedOperation) {
  const email = `s${o.shopper % 5000}@mail.com`;
  const doc = String(10000000 + (o.shopper % 90000));
  const op = store.operations.insert({
    merchant_id: o.merchantId,
    token: `${o.prefix.toLowerCase()}${o.n.toString(36)}`,
    trans_id: `${o.prefix}-${o.n}`,
    channel: o.channel,
    amount: '1500.00',
    amount_cents: 150000,
    currency: 'COP',
    method: null,
    user_bank_code: null,
    direct_integration: false,
    url_ok: 'https://shop.example/ok',
    url_error: 'https://shop.example/ko',
    shopper: { name_shopper: 'Ana', last_name_Shopper: 'Gómez', email, Num_doc_identi: doc },
    doc_number: doc,
    email,
    rfc: o.channel === 41 ? 'GODE561231GR8' : null,
    request: {},
    details: {},
    created_at: o.at,
    expires_at: o.expiresAt,
  });
  return op;
}

const FAR_FUTURE = Date.parse('2099-01-01T00:00:00Z');

/**
 * The console's scale data set: `count` pending operations of merchant 1 across channels 17, 41, 36
 * and 5, one second apart from 2025-01-01, in one transaction (the console
 * performance test and bench/console.ts both use it).
 */
export function seedConsoleOperations(store: Store, count: number): void {
  const t0 = Date.parse('2025-01-01T00:00:00Z');
  store.tx(() => {
    for (let i = 0; i < count; i++) {
      const at = t0 + i * 1000;
      // Expiring long after any test runs: an operation's expiry is read from the operation, so one
      // past it would be expired by the clock, and the set is meant to stay pending.
      const o = { n: i, prefix: 'PERF', merchantId: 1, channel: [17, 41, 36, 5][i % 4]!, shopper: i, at, expiresAt: FAR_FUTURE };
      insertPending(store, o);
    }
  });
}
