import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..', '..');

export interface Spawned {
  proc: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Runs the real CLI (`server/cli.ts` with the tsx loader) and waits for its ready line. */
export function spawnCli(
  args: string[],
  opts: { waitReady?: boolean; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Spawned> {
  // `node --import tsx` (not the tsx CLI, which runs the server in a child process): the pid we hold is
  // the server itself, so SIGKILL really kills it.
  return spawnUntilReady(process.execPath, ['--import', 'tsx', join(root, 'server', 'cli.ts'), ...args], { cwd: root, ...opts });
}

/**
 * Runs any command that starts a sandbox (the CLI, `npm run serve`, an installed package's bin) and
 * waits for the ready line on stdout. `group` starts it in its own process group, for launchers
 * (npm, npx) that do not pass signals on: stop it with `process.kill(-proc.pid, signal)`.
 */
export function spawnUntilReady(
  command: string,
  args: string[],
  opts: { cwd: string; waitReady?: boolean; timeoutMs?: number; env?: NodeJS.ProcessEnv; group?: boolean },
): Promise<Spawned> {
  const proc = spawn(command, args, {
    cwd: opts.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: opts.env ?? process.env,
    detached: opts.group ?? false,
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (c) => (out += String(c)));
  proc.stderr!.on('data', (c) => (err += String(c)));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const base = { proc, stdout: () => out, stderr: () => err, exited };
  if (opts.waitReady === false) return Promise.resolve({ ...base, url: '' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`CLI not ready in time; stdout=${out} stderr=${err}`));
    }, opts.timeoutMs ?? 15_000);
    const check = () => {
      const m = /sandbox listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ ...base, url: m[1]! });
      }
    };
    proc.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      if (!/sandbox listening on/.test(out)) reject(new Error(`CLI exited ${code} before ready: ${err}`));
    });
  });
}

/** `kill -9` of a spawned CLI: the process dies with no chance to clean up. Resolves once it is gone. */
export async function killHard(cli: Spawned): Promise<void> {
  if (cli.proc.exitCode !== null || cli.proc.signalCode !== null) return;
  cli.proc.kill('SIGKILL');
  await cli.exited;
}

/** `pasarela-sandbox receive` as a user runs it, with a queue of its stdout lines. */
export function startReceiveCommand(args: string[]) {
  const proc = spawn(process.execPath, [join(root, 'server', 'pack', 'bin.mjs'), 'receive', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting: { re: RegExp; resolve: (l: string) => void }[] = [];
  createInterface({ input: proc.stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of [...waiting]) if (w.re.test(line)) (waiting.splice(waiting.indexOf(w), 1), w.resolve(line));
  });
  let stderr = '';
  proc.stderr.on('data', (c: Buffer) => (stderr += String(c)));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const line = (re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((l) => re.test(l));
      if (seen) return resolve(seen);
      waiting.push({ re, resolve });
      void exited.then((code) => reject(new Error(`receive exited ${code} before printing ${re}: ${stderr}`)));
    });
  return { proc, line, exited, stderr: () => stderr };
}
