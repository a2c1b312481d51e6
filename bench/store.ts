// Store at 1,000,000 operations: list page 1, a deep page (keyset), per-merchant and per-status
// filters, trans_id lookup — server time through the real HTTP API (budget ≤ 5 ms each) — and bytes
// per operation. Run: npx tsx bench/store.ts [--ops 1000000]
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSandbox } from '../server/sandbox.js';
import { fill } from './fill.js';
import { bodies, CREATION_PATH } from './lib.js';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '30' } } });
const OPS = Number(values.ops);
const dir = mkdtempSync(join(tmpdir(), 'sbx-bench-store-'));
const { ms: fillMs } = fill(dir, OPS);
/** Both databases: the sandbox's and the request log's. */
const dataBytes = () => statSync(join(dir, 'sandbox.db')).size + statSync(join(dir, 'requests.db')).size;
const bytes = dataBytes();

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
// Bytes of a real creation: 500 signed creations over HTTP on top of the filled store; the growth of
// the database files (WALs checkpointed into them) over 500 is one operation with its 'created' event,
// its expiry timer and its request-log row (masked headers, body and response excerpts).
const REAL = 500;
const settle = () => {
  sb.ctx.store.diagnostics.checkpoint();
  return dataBytes();
};
const before = settle();
for (let i = 0; i < REAL; i++) {
  const b = bodies.urlencoded();
  const res = await fetch(url + CREATION_PATH, { method: 'POST', headers: { 'content-type': b.type }, body: b.body });
  if (res.status !== 200) throw new Error(`creation answered ${res.status}: ${await res.text()}`);
}
const realBytes = Math.round((settle() - before) / REAL);
// The request log keeps its newest rows only (config.requestLogMaxRows), so at scale an operation's
// share of it is the capped log spread over every operation.
const opBytes = Math.round(bytes / OPS);
const logCap = sb.config.requestLogMaxRows;
const result = {
  operations: OPS,
  bytes_per_real_creation_incl_event_timer_log_row: realBytes,
  request_log_cap_rows: logCap,
  bytes_per_operation_total: Math.round(opBytes + (Math.min(logCap, OPS) * realBytes) / OPS),
  fill_s: +(fillMs / 1000).toFixed(1),
  db_bytes: bytes,
  bytes_per_operation_incl_event: opBytes,
  queries: rows,
};
console.table(rows);
console.log(
  `bytes/operation: ${opBytes} with its events; ${realBytes} for a real creation with timer and ` +
    `request-log row; ${result.bytes_per_operation_total} with the capped log's share`,
);
writeFileSync(join(import.meta.dirname, 'results-store.json'), JSON.stringify(result, null, 2) + '\n');
await sb.stop();
rmSync(dir, { recursive: true, force: true });
