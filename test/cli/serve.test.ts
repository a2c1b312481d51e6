import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMap } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { buildFailureLine, buildServeBundle, decodeMapOffThread, serveBundleIsFresh } from '../../server/build.mjs';

const root = join(import.meta.dirname, '..', '..');

/** Runs the `npm run serve` launcher (the bundled CLI, rebuilt when stale; tsx on request) until its ready line. */
function launch(env: NodeJS.ProcessEnv, data = ':memory:') {
  const proc = spawn(process.execPath, [join(root, 'server', 'serve.mjs'), '--port', '0', '--data', data], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c) => (out += String(c)));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${out}`)), 15_000);
    proc.stdout!.on('data', () => {
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.split('\n')[0]!);
      }
    });
  });
  return { proc, ready, exited };
}

describe('npm run serve launcher', () => {
  it.each([
    ['through the bundled CLI', {}],
    ['through the tsx fallback', { SANDBOX_SERVE_TSX: '1' }],
  ])(
    'prints the ready line first, answers /health and exits 0 on SIGTERM (%s)',
    async (_name, extra) => {
      const s = launch({ ...process.env, ...extra });
      const line = await s.ready;
      expect(line).toMatch(/^sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(line.replace('sandbox listening on ', '') + '/health');
      expect(res.status).toBe(200);
      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    },
    30_000,
  );
});

/** How many descriptors process `pid` holds on `file` (Linux /proc): one per open SQLite connection. */
const connectionsTo = (pid: number, file: string) =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
    } catch {
      return false; // closed meanwhile
    }
  }).length;

describe.runIf(process.platform === 'linux')('the bundled CLI with a data dir', () => {
  it('writes the request log from a thread of its own (the module the bundle ships beside it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-log-thread-'));
    const s = launch(process.env, dir);
    try {
      const base = (await s.ready).replace('sandbox listening on ', '');
      const log = join(dir, 'requests.db');
      // Only the request path's connection (it reads the log) until a logged call starts the thread.
      expect(connectionsTo(s.proc.pid!, log)).toBe(1);
      await fetch(`${base}/api/no-such-call`);
      await vi.waitFor(() => expect(connectionsTo(s.proc.pid!, log)).toBe(2), { timeout: 10_000 });
      const { items } = (await (await fetch(`${base}/sandbox/v1/requests?limit=5`)).json()) as { items: { path: string }[] };
      expect(items.map((e) => e.path)).toContain('/api/no-such-call');
    } finally {
      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('checkpoints the database from a thread of its own (the module the bundle ships beside it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-ckpt-thread-'));
    const s = launch(process.env, dir);
    try {
      await s.ready;
      // The request path's connection and the checkpoint thread's: a module that failed to load leaves one.
      await vi.waitFor(() => expect(connectionsTo(s.proc.pid!, join(dir, 'sandbox.db'))).toBe(2), { timeout: 10_000 });
    } finally {
      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('the server bundle is visible machinery', () => {
  it('counts as fresh only with each thread module beside it, as new as the sources', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-fresh-'));
    try {
      const out = join(dir, 'cli.bundle.mjs');
      await buildServeBundle(root, out);
      for (const name of ['request-log-thread', 'checkpoint-thread']) {
        const thread = join(dir, `${name}.mjs`);
        expect(serveBundleIsFresh(root, out), name).toBe(true);
        const built = statSync(thread).mtime;
        utimesSync(thread, new Date(2020, 0, 1), new Date(2020, 0, 1)); // a build cut short after the bundle
        expect(serveBundleIsFresh(root, out), name).toBe(false);
        utimesSync(thread, built, built);
      }
      rmSync(join(dir, 'checkpoint-thread.mjs'));
      expect(serveBundleIsFresh(root, out)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('has a linked source map naming the server .ts files, without their text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-map-'));
    try {
      const out = join(dir, 'cli.bundle.mjs');
      await buildServeBundle(root, out);
      const js = readFileSync(out, 'utf8');
      expect(js.trimEnd().endsWith('//# sourceMappingURL=cli.bundle.mjs.map')).toBe(true);
      const map = JSON.parse(readFileSync(`${out}.map`, 'utf8'));
      const sources: string[] = map.sources;
      expect(sources.some((s) => s.endsWith('server/cli.ts'))).toBe(true);
      expect(sources.some((s) => s.endsWith('server/channels/ch38.ts'))).toBe(true);
      expect(map.sourcesContent).toBeUndefined();
      // A position inside the bundle maps back to a line of a .ts file under server/.
      const lines = js.split('\n');
      const at = lines.findIndex((l) => l.includes('voucherReferenceOf'));
      expect(at).toBeGreaterThanOrEqual(0);
      const entry = new SourceMap(map).findEntry(at, lines[at]!.indexOf('voucherReferenceOf'));
      expect('originalSource' in entry && entry.originalSource).toMatch(/server\/.+\.ts$/);
      // The map decoded off the event loop (once the sandbox is serving) finds what SourceMap finds.
      const decoded = await decodeMapOffThread(`${out}.map`);
      const sm = new SourceMap(map);
      const where = (e: { originalSource?: string; originalLine?: number; originalColumn?: number }) => [
        e.originalSource,
        e.originalLine,
        e.originalColumn,
      ];
      let compared = 0;
      for (let line = 0; line <= lines.length; line++)
        for (let col = 0; col <= (lines[line]?.length ?? 0) + 1; col += 53, compared++) {
          const [mine, theirs] = [where(decoded!.findEntry(line, col)), where(sm.findEntry(line, col))];
          if (mine.join() !== theirs.join()) expect([line, col, ...mine]).toEqual([line, col, ...theirs]);
        }
      expect(compared).toBeGreaterThan(10_000);
      expect(await decodeMapOffThread(join(dir, 'missing.map'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('prints stack traces through the bundle with the .ts file and line (the map read only when a stack is printed)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-stack-'));
    try {
      writeFileSync(
        join(dir, 'boom.ts'),
        'const pad: number = 1;\nexport function boom(): never {\n  throw new Error(`boom ${pad}`);\n}\n',
      );
      const esbuild = await import('esbuild');
      const out = join(dir, 'bundle.mjs');
      await esbuild.build({
        entryPoints: [join(dir, 'boom.ts')],
        bundle: true,
        format: 'esm',
        platform: 'node',
        outfile: out,
        minifyWhitespace: true,
        sourcemap: 'linked',
        sourcesContent: false,
      });
      const script = `const { mapBundleStacks } = await import(${JSON.stringify(join(root, 'server', 'build.mjs'))});
mapBundleStacks(${JSON.stringify(out)});
const { boom } = await import(${JSON.stringify(out)});
try { boom(); } catch (e) { console.log(e.stack); }`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout!.on('data', (c) => (text += String(c)));
      child.stderr!.on('data', (c) => (text += String(c)));
      await new Promise((r) => child.on('exit', r));
      expect(text).toContain('Error: boom 1');
      expect(text).toMatch(/at boom \(boom\.ts:3:\d+\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('says why a build failed in one line: the first error with file and line', () => {
    const esbuildError = {
      message: 'Build failed with 2 errors',
      errors: [{ text: 'Expected ";" but found "x"', location: { file: 'server/channels/ch38.ts', line: 12 } }, { text: 'other' }],
    };
    expect(buildFailureLine(esbuildError)).toBe('server/channels/ch38.ts:12: Expected ";" but found "x"');
    expect(buildFailureLine({ errors: [{ text: 'no location' }] })).toBe('no location');
    expect(buildFailureLine(new Error("Cannot find module 'esbuild'\nRequire stack: …"))).toBe("Cannot find module 'esbuild'");
  });
});
