// SPEI matching among 100,000 pending channel-41 operations (bench budget 4: ≤ 2 ms per transfer).
// Run: npx tsx bench/spei.ts [--ops 100000] [--transfers 2000]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { applyTransfer } from '../server/domain/spei.js';
import { createSandbox } from '../server/sandbox.js';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '100000' }, transfers: { type: 'string', default: '2000' } } });
const OPS = Number(values.ops);
const TRANSFERS = Number(values.transfers);

const dir = mkdtempSync(join(tmpdir(), 'sbx-bench-spei-'));
const sb = createSandbox({ data: dir, port: 0, log: () => {}, consoleDir: null });
const { store } = sb.ctx;
const merchant = store.merchants.byPublicKey('pk_sandbox_demo')!;
const now = sb.ctx.clock.now();
const rfcOf = (i: number) => `AAA${String(100000 + (i % 50000)).padStart(6, '0')}X${String(i % 97).padStart(2, '0')}`;

const t0 = performance.now();
store.tx(() => {
  for (let i = 0; i < OPS; i++) {
    store.operations.insert({
      merchant_id: merchant.id,
      token: `bench-${i}`,
      trans_id: `B-${i}`,
      channel: 41,
      amount: `${100 + (i % 1000)}.50`,
      amount_cents: (100 + (i % 1000)) * 100 + 50,
      currency: 'MXN',
      method: null,
      user_bank_code: null,
      direct_integration: false,
      url_ok: 'https://m.example/ok',
      url_error: 'https://m.example/error',
      shopper: {},
      doc_number: rfcOf(i),
      email: null,
      rfc: rfcOf(i),
      request: {},
      details: {},
      created_at: now + i,
      expires_at: now + 86_400_000,
    });
  }
});
const fillMs = performance.now() - t0;

const times: number[] = [];
let matched = 0;
for (let k = 0; k < TRANSFERS; k++) {
  const i = (k * 7919) % OPS;
  const hit = k % 2 === 0; // half exact matches, half wrong amounts
  const started = performance.now();
  const t = applyTransfer(sb.ctx, { clabe: merchant.clabe, rfc: rfcOf(i), amount_cents: (100 + (i % 1000)) * 100 + (hit ? 50 : 51) });
  times.push(performance.now() - started);
  if (t.matched_operation_id !== null) matched++;
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
const plan = store.spei
  .explainMatch()
  .map((r) => r.detail)
  .join(' | ');
const result = {
  pending_operations: OPS,
  transfers: TRANSFERS,
  matched,
  fill_ms: Math.round(fillMs),
  per_transfer_ms: { p50: +pct(0.5).toFixed(3), p99: +pct(0.99).toFixed(3), max: +times.at(-1)!.toFixed(3) },
  budget_ms: 2,
  within_budget: pct(0.99) <= 2,
  query_plan: plan,
};
console.table({
  'SPEI match (server time)': { p50_ms: result.per_transfer_ms.p50, p99_ms: result.per_transfer_ms.p99, matched, budget_ms: 2 },
});
console.log(`plan: ${plan}`);
writeFileSync(join(import.meta.dirname, 'results-spei.json'), JSON.stringify(result, null, 2) + '\n');
await sb.stop();
rmSync(dir, { recursive: true, force: true });
