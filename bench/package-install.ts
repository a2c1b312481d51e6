// Budget of the npm package: `npm install --omit=dev <tarball>` into an empty folder
// adds at most 15 MB and 15 s to installing better-sqlite3 alone into another empty folder (both
// compile better-sqlite3 from source where no prebuilt binary can be fetched). One run of each,
// the baseline first; both with --prefer-offline, so the package's install reuses nothing the
// baseline did not also have the chance to cache.
// Run: npx tsx bench/package-install.ts     (takes ~2–3 minutes: two native compiles)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, round2 } from './lib.js';

const BUDGET = { extraMB: 15, extraSeconds: 15 };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

/** Disk use of a folder in MB, as `du` counts it (blocks, not apparent sizes). */
const diskMB = (dir: string): number => Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024;

function timedInstall(dir: string, spec: string, extra: string[] = []): { seconds: number; mb: number } {
  mkdirSync(dir);
  const t0 = performance.now();
  execFileSync(npm, ['install', '--omit=dev', '--prefer-offline', ...extra, spec], {
    cwd: dir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { seconds: round2((performance.now() - t0) / 1000), mb: round2(diskMB(dir)) };
}

const work = mkdtempSync(join(tmpdir(), 'sbx-bench-package-'));
try {
  // The version the package depends on, as the lockfile resolves it.
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  const sqliteVersion = lock.packages['node_modules/better-sqlite3']!.version;

  const packT0 = performance.now();
  const name = execFileSync(npm, ['pack', '--pack-destination', work], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .split('\n')
    .pop()!;
  const packSeconds = round2((performance.now() - packT0) / 1000);
  const tarball = join(work, name);
  const tarballMB = round2(diskMB(tarball));

  const baseline = timedInstall(join(work, 'baseline'), `better-sqlite3@${sqliteVersion}`);
  const pkg = timedInstall(join(work, 'package'), tarball);
  const extra = { mb: round2(pkg.mb - baseline.mb), seconds: round2(pkg.seconds - baseline.seconds) };
  // The same two installs without install scripts: what the package adds apart from the native
  // compile both share (downloads, extraction, linking). Robust where a busy machine makes the
  // compile's own time vary by minutes.
  const baselineNoCompile = timedInstall(join(work, 'baseline-no-compile'), `better-sqlite3@${sqliteVersion}`, ['--ignore-scripts']);
  const pkgNoCompile = timedInstall(join(work, 'package-no-compile'), tarball, ['--ignore-scripts']);
  const result = {
    at: new Date().toISOString(),
    node: process.version,
    pack: { seconds: packSeconds, tarballMB },
    baseline: { spec: `better-sqlite3@${sqliteVersion}`, ...baseline },
    package: pkg,
    extra,
    withoutCompile: {
      baseline: baselineNoCompile,
      package: pkgNoCompile,
      extra: { mb: round2(pkgNoCompile.mb - baselineNoCompile.mb), seconds: round2(pkgNoCompile.seconds - baselineNoCompile.seconds) },
    },
    loadAverage: loadavg().map(round2),
    budget: BUDGET,
    withinBudget: extra.mb <= BUDGET.extraMB && extra.seconds <= BUDGET.extraSeconds,
  };
  writeFileSync(join(root, 'bench', 'results-package.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
  if (!result.withinBudget) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
