// Payment creation throughput as a same-run ratio against a bare Express server (issue 12, budget 1).
// Alternates A B A B over rounds (bare Express, then `npm run serve` on a disk data dir); medians.
// Run: npx tsx bench/creation.ts [--rounds 3] [--seconds 5]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BodyKind, loadCreation, median, root, serveArgs, startProcess, stopProcess } from './lib.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' } } });
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const KINDS: BodyKind[] = ['urlencoded', 'multipart', 'instant_qr'];

const dir = mkdtempSync(join(tmpdir(), 'sbx-bench-create-'));
const bare = await startProcess([join(root, 'bench', 'bare-express.mjs')]);
// The sandbox as `npm run serve` runs it (the bundled CLI), the reference as plain JavaScript.
const sandbox = await startProcess([...serveArgs(), '--port', '0', '--data', dir]);
type Row = { ratio: number; sandbox_rps: number; bare_rps: number; sandbox_p50_ms: number; sandbox_p99_ms: number; bare_p99_ms: number; non2xx: number };
const result: Partial<Record<BodyKind, Row>> = {};
try {
  // Warm both (JIT, SQLite page cache) so round 1 is not a cold outlier.
  await loadCreation(bare.url, 'urlencoded', 1);
  await loadCreation(sandbox.url, 'urlencoded', 1);
  for (const kind of KINDS) {
    const a: number[] = [], b: number[] = [], p50: number[] = [], p99: number[] = [], refP99: number[] = [];
    let non2xx = 0;
    for (let i = 0; i < ROUNDS; i++) {
      // The reference always parses the same urlencoded form: every kind is a ratio to the same bar.
      const ref = await loadCreation(bare.url, 'urlencoded', SECONDS);
      const s = await loadCreation(sandbox.url, kind, SECONDS);
      a.push(ref.rps);
      refP99.push(ref.p99);
      b.push(s.rps);
      p50.push(s.p50);
      p99.push(s.p99);
      non2xx += s.non2xx;
    }
    result[kind] = {
      ratio: +(median(b) / median(a)).toFixed(3), sandbox_rps: Math.round(median(b)), bare_rps: Math.round(median(a)),
      sandbox_p50_ms: median(p50), sandbox_p99_ms: median(p99), bare_p99_ms: median(refP99), non2xx,
    };
    console.error(`creation ${kind}: ${JSON.stringify(result[kind])}`);
  }
} finally {
  await stopProcess(bare.proc);
  await stopProcess(sandbox.proc);
  rmSync(dir, { recursive: true, force: true });
}
console.table(result);
writeFileSync(
  join(import.meta.dirname, 'results-creation.json'),
  JSON.stringify({ budget: { ratio: 0.5, p99_ms: 15, non2xx: 0 }, rounds: ROUNDS, seconds: SECONDS, connections: 10, result, at: new Date().toISOString() }, null, 2) + '\n',
);
