// Fills a data dir with N operations (with, when finished, their transition events) quickly,
// for the store and console benchmarks. Run: npx tsx bench/fill.ts --data DIR --ops 1000000
import { parseArgs } from 'node:util';
import { createMerchant } from '../server/domain/merchants.js';
import { createSandbox } from '../server/sandbox.js';
import { insertPending } from '../test/helpers/seed-operations.js';

const STATUSES = ['pending', 'confirmed', 'rejected', 'cancelled', 'expired'] as const;
const CHANNELS = [5, 11, 16, 17, 22, 30, 33, 35, 36, 38, 40, 41];

/** Inserts `ops` operations with their transition events, through the store's own repositories. */
export function fill(data: string, ops: number, merchants = 3): { ms: number } {
  const sb = createSandbox({ data, port: 0, log: () => {}, consoleDir: null });
  const { store } = sb.ctx;
  const t0 = performance.now();
  const mids = [store.merchants.byPublicKey('pk_sandbox_demo')!.id];
  store.tx(() => {
    for (let m = 1; m < merchants; m++) {
      mids.push(createMerchant(store, { name: `Fill ${m}`, public_key: `pk_fill_${m}` }, sb.ctx.clock.now()).id);
    }
  });
  const base = sb.ctx.clock.now() - ops * 1000;
  const BATCH = 20000;
  for (let start = 0; start < ops; start += BATCH) {
    store.tx(() => {
      for (let i = start; i < Math.min(ops, start + BATCH); i++) {
        const channel = CHANNELS[i % CHANNELS.length]!;
        const at = base + i * 1000;
        const op = insertPending(store, {
          n: i,
          prefix: 'ORD',
          merchantId: mids[i % mids.length]!,
          channel,
          shopper: i,
          at,
          // After the last one's creation: the clock reads an operation's expiry from the operation,
          // and pending ones past it would be expired while the queries are measured.
          expiresAt: base + ops * 1000 + 7_200_000,
        });
        const status = STATUSES[i % STATUSES.length]!;
        if (status !== 'pending') {
          // A finished operation carries its transition event too, as the state machine writes it.
          store.operations.finish(op.id, status, at + 1000);
          store.operations.addEvent({
            operation_id: op.id,
            at: at + 1000,
            kind: status,
            actor: 'control_api',
            from_status: 'pending',
            to_status: status,
            details: {},
          });
        }
      }
    });
  }
  const ms = performance.now() - t0;
  store.diagnostics.checkpoint();
  store.close();
  return { ms };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { data: { type: 'string' }, ops: { type: 'string', default: '1000000' } } });
  if (!values.data) throw new Error('--data DIR is required');
  const { ms } = fill(values.data, Number(values.ops));
  console.log(`filled ${values.ops} operations in ${(ms / 1000).toFixed(1)} s`);
}
