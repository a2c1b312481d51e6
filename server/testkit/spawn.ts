import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { texts } from '../texts.js';

/** A sandbox CLI running as a child process. */
export interface SpawnedSandbox {
  url: string;
  pid: number;
  /** Everything the CLI wrote so far (its log). */
  output: () => string;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it is gone. */
  stop: (graceMs?: number) => Promise<void>;
}

const live = new Set<ChildProcess>();
/** Last resort when the test process exits without stop(): no child outlives it. */
const killLive = () => {
  for (const c of live) c.kill('SIGKILL');
};

// Run from source (`.ts` under tsx) the CLI needs the tsx loader. In the npm package this code is
// bundled into dist/pkg (testkit.mjs, or a chunk one folder below it) beside cli.mjs, and runs on plain node.
const ext = import.meta.url.endsWith('.ts') ? '.ts' : import.meta.url.endsWith('.mjs') ? '.mjs' : '.js';
const cliUrl =
  ext !== '.mjs'
    ? new URL(`../cli${ext}`, import.meta.url)
    : ([new URL('./cli.mjs', import.meta.url), new URL('../cli.mjs', import.meta.url)].find((u) => existsSync(u)) ??
      new URL('./cli.mjs', import.meta.url));
const cliPath = fileURLToPath(cliUrl);
const READY = new RegExp(`^${texts.ready('').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(http://\\S+)`, 'm');

/** Starts the sandbox CLI (`--port 0`) and waits for its ready line (`sandbox listening on http://HOST:PORT`). */
export function spawnSandbox(
  args: string[],
  opts: { cwd?: string; readyTimeoutMs?: number; onLine?: (line: string) => void } = {},
): Promise<SpawnedSandbox> {
  // Resolved here, not from the child's working directory, which may be any folder.
  const loader = ext === '.ts' ? ['--import', import.meta.resolve('tsx')] : [];
  // Our pipe on its stdin closes when this process ends, however it ends (SIGKILL too): the sandbox stops then.
  const child = spawn(process.execPath, [...loader, cliPath, ...args, '--stop-when-stdin-closes'], {
    cwd: opts.cwd ?? process.cwd(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  if (live.size === 1) process.on('exit', killLive);
  let out = '';
  const onData = (c: Buffer) => {
    const s = String(c);
    out += s;
    if (opts.onLine) for (const line of s.split('\n').filter(Boolean)) opts.onLine(line);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    live.delete(child);
    if (live.size === 0) process.off('exit', killLive);
  });

  let stopping: Promise<void> | null = null;
  const stop = (graceMs = 10_000) =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      child.stdin!.destroy();
    })());

  return new Promise((resolve, reject) => {
    const timeoutMs = opts.readyTimeoutMs ?? 30_000;
    const timer = setTimeout(() => {
      // Rejected first: the exit that stop() causes must not report itself as the reason.
      reject(new Error(`the sandbox printed no ready line within ${timeoutMs} ms; its output:\n${out}`));
      void stop(0);
    }, timeoutMs);
    const check = () => {
      const m = READY.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      // A forgotten stop() must not keep the test process alive; the exit hook and the stdin pipe still end the child.
      child.unref();
      // Child stdio pipes are net.Sockets (typed as plain streams).
      for (const s of [child.stdin, child.stdout, child.stderr]) (s as Socket | null)?.unref();
      resolve({ url: m[1]!, pid: child.pid!, output: () => out, stop });
    };
    child.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      if (!READY.test(out)) reject(new Error(`the sandbox exited (code ${child.exitCode}) before it was ready; its output:\n${out}`));
    });
  });
}
