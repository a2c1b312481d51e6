// Payment creation throughput as a same-run ratio against a bare Express server, so a busy shared machine moves both sides alike.
// Alternates A B A B over rounds (bare Express, then `npm run serve` on a disk data dir). Each round
// gives a paired ratio; the figure is the median of the rounds' ratios, with their spread (min–max),
// so that one lucky round cannot pass a budget. Also reported: server CPU time per request of both
// processes (user + system from /proc, all threads), whose ratio depends less on what else the
// shared machine runs than requests per second do.
// Run: npx tsx bench/creation.ts [--rounds 5] [--seconds 5]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BodyKind, legacyMerchant, loadCreation, median, root, serveArgs, startProcess, stopProcess } from './lib.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '5' } } });
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const KINDS: BodyKind[] = ['urlencoded', 'multipart', 'instant_qr', 'dialect_2019'];

/** CPU time (µs) a process has used so far, all its threads; null where /proc is missing. */
function cpuMicros(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // utime + stime, 100 ticks per second
  } catch {
    return null;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'sbx-bench-create-'));
const bare = await startProcess([join(root, 'bench', 'bare-express.mjs')]);
// The sandbox as `npm run serve` runs it (the bundled CLI), the reference as plain JavaScript.
const sandbox = await startProcess([...serveArgs(), '--port', '0', '--data', dir]);

async function measure(p: typeof bare, kind: BodyKind) {
  const c0 = cpuMicros(p.proc.pid);
  const r = await loadCreation(p.url, kind, SECONDS);
  const c1 = cpuMicros(p.proc.pid);
  return { ...r, cpuPerRequest: c0 === null || c1 === null ? null : (c1 - c0) / Math.max(1, r.rps * SECONDS) };
}

const r3 = (x: number) => +x.toFixed(3);
type Row = {
  ratio: number;
  ratio_min: number;
  ratio_max: number;
  round_ratios: number[];
  sandbox_rps: number;
  bare_rps: number;
  sandbox_p50_ms: number;
  sandbox_p99_ms: number;
  bare_p99_ms: number;
  non2xx: number;
  cpu_us_per_request: { sandbox: number; bare: number; ratio: number } | null;
};
const result: Partial<Record<BodyKind, Row>> = {};
const loadAtStart = loadavg()[0]!;
try {
  // Warm both (JIT, SQLite page cache) so round 1 is not a cold outlier: 1 s was not enough for the
  // sandbox, whose first round ran ~30 % slower than the next ones.
  await loadCreation(bare.url, 'urlencoded', 3);
  await loadCreation(sandbox.url, 'urlencoded', 3);
  await legacyMerchant(sandbox.url);
  for (const kind of KINDS) {
    const a: number[] = [],
      b: number[] = [],
      ratios: number[] = [],
      p50: number[] = [],
      p99: number[] = [],
      refP99: number[] = [];
    const cpuA: number[] = [],
      cpuB: number[] = [];
    let non2xx = 0;
    for (let i = 0; i < ROUNDS; i++) {
      // The reference always parses the same urlencoded form: every kind is a ratio to the same bar.
      const ref = await measure(bare, 'urlencoded');
      const s = await measure(sandbox, kind);
      a.push(ref.rps);
      b.push(s.rps);
      ratios.push(s.rps / ref.rps);
      refP99.push(ref.p99);
      p50.push(s.p50);
      p99.push(s.p99);
      if (ref.cpuPerRequest !== null && s.cpuPerRequest !== null) {
        cpuA.push(ref.cpuPerRequest);
        cpuB.push(s.cpuPerRequest);
      }
      non2xx += s.non2xx;
    }
    result[kind] = {
      ratio: r3(median(ratios)),
      ratio_min: r3(Math.min(...ratios)),
      ratio_max: r3(Math.max(...ratios)),
      round_ratios: ratios.map(r3),
      sandbox_rps: Math.round(median(b)),
      bare_rps: Math.round(median(a)),
      sandbox_p50_ms: median(p50),
      sandbox_p99_ms: median(p99),
      bare_p99_ms: median(refP99),
      non2xx,
      cpu_us_per_request: cpuA.length
        ? { sandbox: Math.round(median(cpuB)), bare: Math.round(median(cpuA)), ratio: r3(median(cpuA) / median(cpuB)) }
        : null,
    };
    console.error(`creation ${kind}: ${JSON.stringify(result[kind])}`);
  }
} finally {
  await stopProcess(bare.proc);
  await stopProcess(sandbox.proc);
  rmSync(dir, { recursive: true, force: true });
}
console.table(
  Object.fromEntries(
    Object.entries(result).map(([k, v]) => [
      k,
      { ...v, round_ratios: v.round_ratios.join(' '), cpu_us_per_request: JSON.stringify(v.cpu_us_per_request) },
    ]),
  ),
);
writeFileSync(
  join(import.meta.dirname, 'results-creation.json'),
  JSON.stringify(
    {
      budget: { ratio: 0.8, p99_ms: 10, non2xx: 0, multipart_ratio: 0.65, instant_qr_ratio: 0.5, dialect_2019_ratio: 0.75 },
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: 10,
      load_average: { start: loadAtStart, end: loadavg()[0]! },
      result,
      at: new Date().toISOString(),
    },
    null,
    2,
  ) + '\n',
);
