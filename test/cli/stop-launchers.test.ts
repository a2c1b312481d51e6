import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, descendants } from '../helpers/processes.js';

// What users (and the README's CI example) do: start the sandbox in the background through npm or
// npx, then `kill $!`. $! is npm's pid; npm hands the signal to the `sh -c` running the script, which
// dies of it. Every process under it must go, cleanly, and free the port and the data dir.
const root = join(import.meta.dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const work = mkdtempSync(join(tmpdir(), 'sbx-stop-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** What was started: a sandbox (a data dir, a lock, /health) or the model receiver of `npm run receive`. */
type Kind = 'sandbox' | 'receiver';
const forms: [string, string, string[], NodeJS.ProcessEnv, Kind][] = [
  ['npm start', npm, ['start', '--'], { SANDBOX_HEADLESS: '1' }, 'sandbox'],
  ['npm run serve', npm, ['run', 'serve', '--'], {}, 'sandbox'],
  ['npx pasarela-sandbox serve', npx, ['--no', 'pasarela-sandbox', 'serve'], {}, 'sandbox'],
  ['npm run receive', npm, ['run', 'receive', '--'], {}, 'receiver'],
];

describe.skipIf(process.platform !== 'linux')('kill of the process a user started in the background', () => {
  it.each(forms)(
    '%s & … kill $!: it stops cleanly, its processes are gone and its port (and data dir) are free',
    async (_name, command, args, extra, kind) => {
      const data = mkdtempSync(join(work, 'data-'));
      // As a script runs it: a shell starts the command in the background and prints the pid it got.
      const flags = kind === 'sandbox' ? ['--port', '0', '--data', data] : ['--port', '0'];
      const line = [command, ...args, ...flags].map((a) => `'${a}'`).join(' ');
      const shell = spawn('bash', ['-c', `${line} & echo "pid $!" >&2; wait`], {
        cwd: root,
        env: { ...process.env, npm_config_update_notifier: 'false', ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      shell.stdout.on('data', (c: Buffer) => (out += String(c)));
      shell.stderr.on('data', (c: Buffer) => (err += String(c)));
      // The pipes close only once every process holding them (the shells, npm, the sandbox) is gone.
      const closed = new Promise<void>((resolve) => shell.on('close', () => resolve()));
      const url = await new Promise<string>((resolve, reject) => {
        shell.stdout.on('data', () => {
          const m = /(?:sandbox|receiver) listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        shell.on('exit', (code) => reject(new Error(`exited ${code} before ready:\n${out}\n${err}`)));
      });
      const port = Number(new URL(url).port);
      // The receiver answers anything but POST with 405: it is up.
      expect((await fetch(kind === 'sandbox' ? `${url}/health` : url)).status).toBe(kind === 'sandbox' ? 200 : 405);
      const pid = Number(/^pid (\d+)$/m.exec(err)![1]);
      const tree = [pid, ...descendants(pid)];
      expect(tree.length).toBeGreaterThan(0);
      expect(existsSync(join(data, 'sandbox.lock'))).toBe(kind === 'sandbox');

      try {
        process.kill(pid, 'SIGTERM');
        await expect.poll(() => tree.filter(alive), { timeout: 20_000 }).toEqual([]);
      } finally {
        for (const p of tree.filter(alive)) process.kill(p, 'SIGKILL');
      }
      await closed;
      if (kind === 'sandbox') expect(err).toContain('sandbox stopped');
      expect(await portFree(port)).toBe(true);
      expect(existsSync(join(data, 'sandbox.lock'))).toBe(false);
    },
    120_000,
  );
});

// A program that starts the sandbox through npx for a test run, and is then killed outright (a CI
// timeout, the OOM killer). npm exec and its shell outlive it, so the sandbox's parent never changes;
// with --stop-when-stdin-closes the sandbox reads the program's pipe closing as the stop.
describe.skipIf(process.platform !== 'linux')('a program that started npx pasarela-sandbox serve, killed with SIGKILL', () => {
  it('takes the sandbox with it, with --stop-when-stdin-closes: a clean stop, no process left, port and data dir free', async () => {
    const data = mkdtempSync(join(work, 'data-'));
    const args = ['--no', 'pasarela-sandbox', 'serve', '--port', '0', '--data', data, '--stop-when-stdin-closes'];
    // The program: npx under it with a pipe on stdin (as the testkits start it), its output passed through.
    const program = [
      `require('node:child_process').spawn(${JSON.stringify(npx)}, ${JSON.stringify(args)}, { stdio: ['pipe', 'inherit', 'inherit'] });`,
      'setInterval(() => {}, 1 << 30);',
    ].join('\n');
    const launcher = spawn(process.execPath, ['-e', program], {
      cwd: root,
      env: { ...process.env, npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    launcher.stdout.on('data', (c: Buffer) => (out += String(c)));
    launcher.stderr.on('data', (c: Buffer) => (err += String(c)));
    // The pipes close once every process holding them (npm exec, its shell, the sandbox) is gone.
    const closed = new Promise<void>((resolve) => launcher.on('close', () => resolve()));
    const url = await new Promise<string>((resolve, reject) => {
      launcher.stdout.on('data', () => {
        const m = /sandbox listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      launcher.on('exit', (code) => reject(new Error(`exited ${code} before ready:\n${out}\n${err}`)));
    });
    const tree = descendants(launcher.pid!);
    // npm exec, its shell and the sandbox.
    expect(tree.length).toBeGreaterThanOrEqual(3);
    try {
      launcher.kill('SIGKILL');
      await expect.poll(() => tree.filter(alive), { timeout: 30_000, interval: 100 }).toEqual([]);
    } finally {
      for (const p of tree.filter(alive)) process.kill(p, 'SIGKILL');
    }
    await closed;
    expect(err).toContain('sandbox stopped');
    expect(await portFree(Number(new URL(url).port))).toBe(true);
    expect(existsSync(join(data, 'sandbox.lock'))).toBe(false);
  }, 120_000);
});
