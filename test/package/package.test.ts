import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleState } from '../../server/build.mjs';
import { createPayment } from '../helpers/payments.js';
import { spawnUntilReady, type Spawned } from '../helpers/spawn.js';
import { copyWorkingTree } from './packed.js';

// What a new user and a merchant's CI do, on copies of this working tree.
//  - A fresh clone: the tracked and new files (no dist/), node_modules linked in as `npm ci` would
//    have put it; `npm run serve` there must build and serve the console.
//  - `npm pack` there, then `npm install --omit=dev <tarball>` into an empty folder and
//    `npx pasarela-sandbox serve`. Packing in a copy leaves this tree's package.json alone while
//    other test files run (prepack swaps in the lean manifest until postpack).
// better-sqlite3 compiles from source here (~70 s, measured by bench/package-install.ts): by default
// the install skips install scripts and takes the binary this checkout already compiled for this
// very Node; SANDBOX_PACKAGE_TEST_COMPILE=1 runs the real compile instead.
const root = join(import.meta.dirname, '..', '..');
const compile = process.env.SANDBOX_PACKAGE_TEST_COMPILE === '1';
const work = mkdtempSync(join(tmpdir(), 'sbx-package-'));
const clone = join(work, 'clone');
const app = join(work, 'app');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
const running: Spawned[] = [];

/** Stops a launcher and the sandbox under it (npm and npx do not pass SIGTERM on): the whole group. */
async function stop(s: Spawned): Promise<void> {
  if (s.proc.exitCode === null && s.proc.signalCode === null) process.kill(-s.proc.pid!, 'SIGTERM');
  await s.exited;
  // The sandbox itself closed cleanly: its last words are on stderr.
  await expect.poll(() => s.stderr(), { timeout: 20_000 }).toContain('sandbox stopped');
}

function start(command: string, args: string[], cwd: string): Promise<Spawned> {
  return spawnUntilReady(command, args, { cwd, env, group: true, timeoutMs: 120_000 }).then((s) => (running.push(s), s));
}

beforeAll(() => {
  copyWorkingTree(clone);
  mkdirSync(app);
});
afterAll(async () => {
  for (const s of running) if (s.proc.exitCode === null && s.proc.signalCode === null) process.kill(-s.proc.pid!, 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('npm run serve in a fresh clone', () => {
  it('builds the console when it is missing and serves it at / (and only there)', async () => {
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    const s = await start(npm, ['run', 'serve', '--', '--port', '0', '--data', ':memory:'], clone);
    expect(s.stderr()).toContain('console: not built yet; building it');
    const page = await fetch(s.url + '/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    expect((await fetch(s.url + asset)).status).toBe(200);
    const unknown = await fetch(s.url + '/no/such/route');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    await stop(s);
  }, 180_000);

  it('rebuilds a console older than its sources (a pull), saying so', async () => {
    expect(consoleState(clone)).toBe('fresh');
    // A pull rewrites a source after the build: its mtime is now, later than the built console's.
    const now = new Date();
    utimesSync(join(clone, 'renderer', 'src', 'main.tsx'), now, now);
    expect(consoleState(clone)).toBe('stale');
    const s = await start(npm, ['run', 'serve', '--', '--port', '0', '--data', ':memory:'], clone);
    expect(s.stderr()).toContain('console: older than its sources; building it');
    expect(consoleState(clone)).toBe('fresh');
    expect((await fetch(s.url + '/')).status).toBe(200);
    await stop(s);
  }, 180_000);
});

describe('the npm package', () => {
  let tarball = '';
  it('packs a tarball with the prebuilt server and console, and a manifest with one runtime dependency', () => {
    const before = readFileSync(join(clone, 'package.json'), 'utf8');
    const out = execFileSync(npm, ['pack', '--pack-destination', work], {
      cwd: clone,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    tarball = join(work, out.trim().split('\n').pop()!);
    expect(existsSync(tarball)).toBe(true);
    // postpack put the repository's manifest back.
    expect(readFileSync(join(clone, 'package.json'), 'utf8')).toBe(before);
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(manifest.dependencies).toEqual({ 'better-sqlite3': expect.any(String) });
    expect(manifest).not.toHaveProperty('optionalDependencies');
    expect(manifest).not.toHaveProperty('devDependencies');
    expect(manifest).not.toHaveProperty('scripts');
    expect(manifest.bin).toEqual({ 'pasarela-sandbox': 'server/pack/bin.mjs' });
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(listing).toEqual(
      expect.arrayContaining([
        'package/dist/pkg/cli.mjs',
        'package/dist/pkg/receive.mjs',
        'package/dist/pkg/testkit.mjs',
        'package/dist/pkg/parent-watch.mjs',
        'package/dist/renderer/index.html',
        'package/server/pack/bin.mjs',
      ]),
    );
    // No sources: the one file under server/ is the command's launcher.
    expect(listing.filter((f) => /^package\/(server|renderer|test|electron)\//.test(f))).toEqual(['package/server/pack/bin.mjs']);
  }, 180_000);

  it(
    'installs with --omit=dev into an empty folder with only runtime dependencies, and serves like npm run serve',
    async () => {
      expect(tarball).not.toBe('');
      const args = ['install', '--omit=dev', '--prefer-offline', ...(compile ? [] : ['--ignore-scripts']), tarball];
      execFileSync(npm, args, { cwd: app, env, stdio: 'pipe' });
      if (!compile) {
        const release = join(app, 'node_modules', 'better-sqlite3', 'build', 'Release');
        mkdirSync(release, { recursive: true });
        copyFileSync(
          join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'),
          join(release, 'better_sqlite3.node'),
        );
      }
      const installed = readdirSync(join(app, 'node_modules'));
      for (const tool of ['vite', 'tsx', 'esbuild', 'typescript', 'electron', 'electron-builder', 'express', 'zod', 'pdfkit'])
        expect(installed).not.toContain(tool);

      const help = execFileSync('npx', ['--no', 'pasarela-sandbox', 'serve', '--help'], {
        cwd: app,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(help).toContain('--control-token T');
      const receiveHelp = execFileSync('npx', ['--no', 'pasarela-sandbox', 'receive', '--help'], { cwd: app, env, encoding: 'utf8' });
      expect(receiveHelp).toContain('--secret S');
      const checkHelp = execFileSync('npx', ['--no', 'pasarela-sandbox', 'check', '--help'], { cwd: app, env, encoding: 'utf8' });
      expect(checkHelp).toContain('--success-url URL');
      expect(() => execFileSync('npx', ['--no', 'pasarela-sandbox', 'server'], { cwd: app, env, stdio: 'pipe' })).toThrow(
        /unknown command: server/,
      );

      const s = await start('npx', ['--no', 'pasarela-sandbox', 'serve', '--port', '0', '--data', ':memory:'], app);
      expect(s.stdout()).toMatch(/^sandbox listening on http:\/\/127\.0\.0\.1:\d+\n/);
      const health = await fetch(s.url + '/health');
      expect(await health.json()).toEqual({ ok: true, version: expect.any(String) });
      expect(await (await fetch(s.url + '/')).text()).toContain('<div id="root">');
      expect((await fetch(s.url + '/helth')).status).toBe(404);
      // A signed creation, and a cash voucher: pdfkit and its fonts come from the bundle's lazy chunk.
      const created = await createPayment(s.url, 38);
      expect(created.token).toBeTruthy();
      const pdf = await fetch(`${s.url}/check-out/voucher.pdf?tokenID=${created.token}`);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await stop(s);
    },
    compile ? 600_000 : 180_000,
  );

  it('ships the testkit: pasarela-sandbox/testkit starts a sandbox in-process and as a child, from the installed package', () => {
    expect(existsSync(join(app, 'node_modules', 'pasarela-sandbox', 'dist', 'pkg', 'testkit.mjs'))).toBe(true);
    const script = join(app, 'kit.mjs');
    writeFileSync(
      script,
      [
        "import { receiver, startSandbox } from 'pasarela-sandbox/testkit';",
        'for (const spawn of [false, true]) {',
        '  const sb = await startSandbox({ spawn });',
        '  const rx = await receiver();',
        "  await sb.control.updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: rx.url + '/ok' } });",
        "  const created = await sb.merchant.createPayment({ channel: '17' });",
        '  const op = (await sb.control.listOperations()).items[0];',
        '  const confirmed = await sb.control.confirmOperation({ id: op.id });',
        '  // The bundled sandbox sends the success notification (undici inside the package bundle).',
        '  const got = await rx.next({ trans_id: created.trans_id }, { timeoutMs: 30000 });',
        '  console.log(JSON.stringify({ spawn, pid: sb.pid ?? null, checkout: created.checkout_url, ' +
          'status: confirmed.status, notified: got.fields.trans_ID }));',
        '  await rx.close();',
        '  await sb.stop();',
        '}',
      ].join('\n'),
    );
    const out = execFileSync(process.execPath, [script], { cwd: app, env, encoding: 'utf8', timeout: 120_000 });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { spawn: boolean; pid: number | null; checkout: string; status: string; notified: string });
    expect(lines.map((l) => [l.spawn, l.status, l.notified])).toEqual([
      [false, 'confirmed', expect.stringMatching(/^TK-17-/)],
      [true, 'confirmed', expect.stringMatching(/^TK-17-/)],
    ]);
    expect(lines[0]!.checkout).toContain('/check-out/?channel=17');
    // The child the spawned sandbox ran is gone after stop().
    expect(() => process.kill(lines[1]!.pid!, 0)).toThrow();
  }, 180_000);
});
