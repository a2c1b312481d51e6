// Budget 5: cold start of `npm run serve` to the first 200 on /health (median of 5, absolute time),
// and RSS of the serving process after 10 s of creation load. `npm run serve` runs the bundled CLI and
// rebuilds it when a source is newer (server/serve.mjs); the unmeasured first start does that.
// Run: npx tsx bench/startup.ts [--runs 5] [--load-seconds 10]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serveBundleIsFresh } from '../server/build.mjs';
import { loadCreation, median, root, round2 } from './lib.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'load-seconds': { type: 'string', default: '10' } } });
const RUNS = Number(values.runs);
const LOAD_SECONDS = Number(values['load-seconds']);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The same freshness rule as server/serve.mjs: a stale bundle means a run paid for a rebuild. */
const bundleFresh = (): boolean => serveBundleIsFresh(root, join(root, 'dist', 'node', 'server', 'cli.bundle.mjs'));

/** Spawns `npm run serve -- …` in its own process group; resolves once /health answered 200. */
async function serve(dir: string, env: NodeJS.ProcessEnv = process.env): Promise<{ proc: ChildProcess; url: string; ms: number }> {
  const t0 = performance.now();
  const proc = spawn(npm, ['run', '--silent', 'serve', '--', '--port', '0', '--data', dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
    env,
    detached: true,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c) => {
      out += String(c);
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.on('exit', (code) => reject(new Error(`npm run serve exited ${code}`)));
  });
  for (;;) {
    const res = await fetch(url + '/health').catch(() => null);
    if (res?.status === 200) break;
  }
  return { proc, url, ms: performance.now() - t0 };
}

/** Ends the process group this bench started (npm, its shell, the server), by its id. */
function stopGroup(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.on('exit', () => resolve());
    try {
      process.kill(-proc.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

/** The largest RSS (bytes) among the descendants of pid: the serving node process (Linux /proc). */
function serverRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let best = 0;
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${c}/status`, 'utf8'))?.[1] ?? 0);
        best = Math.max(best, kb * 1024);
      } catch {
        // ended
      }
      walk(c);
    }
  };
  walk(pid);
  return best;
}

const loadAtStart = loadavg()[0]!;
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'sbx-bench-start-'));
  dirs.push(d);
  return d;
};
try {
  // The first start (re)builds the bundle when a source changed and warms the OS file cache; it is
  // reported apart, not in the median.
  const first = await serve(tmp());
  const firstMs = first.ms;
  await stopGroup(first.proc);
  const cold: number[] = [];
  let rebuilds = 0; // another engineer's edit between runs makes the launcher rebuild: counted, not hidden
  for (let i = 0; i < RUNS; i++) {
    if (!bundleFresh()) rebuilds++;
    const s = await serve(tmp());
    cold.push(s.ms);
    await stopGroup(s.proc);
  }
  // For the report: the same start through tsx (what `serve` falls back to when dist/node is stale).
  const viaTsx: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await serve(tmp(), { ...process.env, SANDBOX_SERVE_TSX: '1' });
    viaTsx.push(s.ms);
    await stopGroup(s.proc);
  }

  const s = await serve(tmp());
  const load = await loadCreation(s.url, 'urlencoded', LOAD_SECONDS);
  await new Promise((r) => setTimeout(r, 500));
  const rss = serverRss(s.proc.pid!);
  await stopGroup(s.proc);

  const result = {
    cold_start_ms: { median: round2(median(cold)), min: round2(Math.min(...cold)), runs: cold.map(round2) },
    load_average_at_start: round2(loadAtStart),
    cold_start_via_tsx_ms: { median: round2(median(viaTsx)), runs: viaTsx.map(round2) },
    cold_start_with_rebuild_ms: round2(firstMs),
    runs_that_rebuilt_the_bundle: rebuilds,
    rss_after_load_mib: round2(rss / 1048576),
    load: { seconds: LOAD_SECONDS, rps: Math.round(load.rps), non2xx: load.non2xx },
    budget: { cold_start_ms: 500, rss_mib: 160 },
    at: new Date().toISOString(),
  };
  console.table({
    'cold start npm run serve → 200 /health (ms)': { value: result.cold_start_ms.median, budget: 500 },
    'same via tsx fallback (ms)': { value: result.cold_start_via_tsx_ms.median, budget: '-' },
    [`RSS after ${LOAD_SECONDS} s load (MiB)`]: { value: result.rss_after_load_mib, budget: 160 },
  });
  writeFileSync(join(import.meta.dirname, 'results-startup.json'), JSON.stringify(result, null, 2) + '\n');
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
