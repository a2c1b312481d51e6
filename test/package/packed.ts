import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The npm package as a merchant gets it: this working tree copied as a fresh clone would be (no
 * dist/, node_modules linked), `npm pack` there, and the tarball installed with --omit=dev into an
 * empty folder. Packing in a copy leaves this tree's package.json alone while other test files run
 * (prepack swaps in the lean manifest until postpack). Slow (the console, the bundles and the type
 * declarations are built): one per test file.
 *
 * better-sqlite3 is not compiled (~70 s): the install skips install scripts and takes the binary
 * this checkout compiled for this very Node (test/package/package.test.ts can run the real compile).
 */
export interface Packed {
  root: string;
  work: string;
  /** The folder the tarball is installed into: node_modules/pasarela-sandbox is the package. */
  app: string;
  tarball: string;
  env: NodeJS.ProcessEnv;
  remove: () => void;
}

const root = join(import.meta.dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The working tree as git sees it (tracked and new files, nothing ignored), with this checkout's node_modules linked in. */
export function copyWorkingTree(clone: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  }).split('\0');
  for (const f of files) {
    if (!f || !existsSync(join(root, f))) continue;
    mkdirSync(dirname(join(clone, f)), { recursive: true });
    copyFileSync(join(root, f), join(clone, f));
  }
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
}

export function packAndInstall(): Packed {
  const work = mkdtempSync(join(tmpdir(), 'sbx-packed-'));
  const clone = join(work, 'clone');
  const app = join(work, 'app');
  const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  copyWorkingTree(clone);
  mkdirSync(app);
  const out = execFileSync(npm, ['pack', '--pack-destination', work], {
    cwd: clone,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tarball = join(work, out.trim().split('\n').pop()!);
  execFileSync(npm, ['install', '--omit=dev', '--prefer-offline', '--ignore-scripts', tarball], { cwd: app, env, stdio: 'pipe' });
  const release = join(app, 'node_modules', 'better-sqlite3', 'build', 'Release');
  mkdirSync(release, { recursive: true });
  copyFileSync(
    join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'),
    join(release, 'better_sqlite3.node'),
  );
  return { root, work, app, tarball, env, remove: () => rmSync(work, { recursive: true, force: true }) };
}
