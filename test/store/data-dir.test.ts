import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox.js';
import { DataDirError } from '../../server/store/data-dir.js';
import { control } from '../helpers/sandbox.js';
import { eventually } from '../helpers/receiver.js';
import { killHard, spawnCli, spawnUntilReady } from '../helpers/spawn.js';

const root = join(import.meta.dirname, '..', '..');

const work = mkdtempSync(join(tmpdir(), 'sbx-datadir-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(work, `d${n++}`);
const mode = (p: string) => statSync(p).mode & 0o777;
const posix = process.platform !== 'win32';

describe.skipIf(!posix)('the data dir is its owner’s alone', () => {
  it('is created 0700 with the database, WAL and shared-memory files 0600, whatever the umask', async () => {
    const dir = fresh();
    const old = process.umask(0o022);
    try {
      const sb = createSandbox({ data: dir, port: 0 });
      const url = await sb.start();
      // A write makes sure the -wal and -shm files exist.
      await control({ url }).pauseClock();
      expect(mode(dir)).toBe(0o700);
      for (const f of ['sandbox.db', 'sandbox.db-wal', 'sandbox.db-shm', 'sandbox.lock']) expect(mode(join(dir, f)), f).toBe(0o600);
      await sb.stop();
    } finally {
      process.umask(old);
    }
  });

  it('narrows a dir an older release left readable by everyone (0755, files 0644), keeping its data', async () => {
    const dir = fresh();
    const first = createSandbox({ data: dir, port: 0 });
    first.ctx.store.merchants.byPublicKey('pk_sandbox_demo');
    first.ctx.store.close();
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'sandbox.db'), 0o644);
    const sb = createSandbox({ data: dir, port: 0 });
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'sandbox.db'))).toBe(0o600);
    expect(sb.ctx.store.merchants.byPublicKey('pk_sandbox_demo')).toBeDefined();
    await sb.stop();
  });

  it('refuses a world-writable dir, creating nothing in it', () => {
    const dir = fresh();
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const err = captureError(() => createSandbox({ data: dir, port: 0 }));
    expect(err).toBeInstanceOf(DataDirError);
    expect((err as DataDirError).problem).toEqual({ kind: 'world-writable', dir });
    expect(existsSync(join(dir, 'sandbox.db'))).toBe(false);
    expect(existsSync(join(dir, 'sandbox.lock'))).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)('refuses a dir that belongs to another user (checked as root, which can make one)', () => {
    const dir = fresh();
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 54321, 54321);
    const err = captureError(() => createSandbox({ data: dir, port: 0 }));
    expect((err as DataDirError).problem).toEqual({ kind: 'foreign-owner', dir, uid: 54321 });
    expect(existsSync(join(dir, 'sandbox.db'))).toBe(false);
  });
});

describe.skipIf(!posix)('one sandbox at a time on a data dir', () => {
  it('a second sandbox in the same process is refused while the first runs, and starts once it stopped', async () => {
    const dir = fresh();
    const first = createSandbox({ data: dir, port: 0 });
    const err = captureError(() => createSandbox({ data: dir, port: 0 }));
    expect((err as DataDirError).problem).toMatchObject({ kind: 'in-use', dir, pid: process.pid });
    await first.stop();
    expect(existsSync(join(dir, 'sandbox.lock'))).toBe(false);
    const second = createSandbox({ data: dir, port: 0 });
    await second.stop();
  });

  it('a second CLI exits 1 with one line naming the process that holds the dir; the first keeps serving', async () => {
    const dir = fresh();
    const first = await spawnCli(['--port', '0', '--data', dir]);
    try {
      const second = await spawnCli(['--port', '0', '--data', dir], { waitReady: false });
      expect(await second.exited).toBe(1);
      const lines = second.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^data dir ${dir} is in use by process ${first.proc.pid} \\(.*cli\\.ts.*\\): stop that sandbox`));
      expect(second.stdout()).toBe('');
      expect((await fetch(`${first.url}/health`)).status).toBe(200);
    } finally {
      first.proc.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
    expect(existsSync(join(dir, 'sandbox.lock'))).toBe(false);
  }, 60_000);

  it('a lock left by a killed sandbox does not block the next start', async () => {
    const dir = fresh();
    const first = await spawnCli(['--port', '0', '--data', dir]);
    await killHard(first);
    expect(readFileSync(join(dir, 'sandbox.lock'), 'utf8')).toMatch(new RegExp(`^${first.proc.pid} `));
    const next = await spawnCli(['--port', '0', '--data', dir]);
    expect((await fetch(`${next.url}/health`)).status).toBe(200);
    next.proc.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 60_000);

  it('a sandbox killed with kill -9 whose parent has not reaped it (a zombie) is taken over at once', async () => {
    const dir = fresh();
    // A parent that never waits for its child: sh starts the sandbox, then becomes a sleep that never reaps it.
    const cli = `"${process.execPath}" --import tsx server/cli.ts --port 0 --data "${dir}"`;
    const parent = await spawnUntilReady('sh', ['-c', `${cli} & echo "holder $!"; exec sleep 600`], { cwd: root });
    try {
      const holder = Number(/holder (\d+)/.exec(parent.stdout())![1]);
      expect(readFileSync(join(dir, 'sandbox.lock'), 'utf8')).toMatch(new RegExp(`^${holder} `));
      process.kill(holder, 'SIGKILL');
      // The event that proves the death: the kernel marks it a zombie (it still answers kill(pid, 0)).
      await eventually(async () => /^\S+ \(.*\) Z /.test(readFileSync(`/proc/${holder}/stat`, 'utf8')), 10_000, 5);
      expect(() => process.kill(holder, 0)).not.toThrow();
      const next = await spawnCli(['--port', '0', '--data', dir]);
      expect((await fetch(`${next.url}/health`)).status).toBe(200);
      next.proc.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    } finally {
      parent.proc.kill('SIGKILL');
      await parent.exited;
    }
  }, 60_000);

  it('a lock naming a live process that is not the holder (a reused pid) does not block the start', async () => {
    const dir = fresh();
    mkdirSync(dir, { mode: 0o700 });
    // Our parent is alive, but its start time is not the one recorded: the pid was reused.
    writeFileSync(join(dir, 'sandbox.lock'), `${process.ppid} 1\n`, { mode: 0o600 });
    const sb = createSandbox({ data: dir, port: 0 });
    await sb.stop();
  });

  it('the world-writable refusal is one line from the CLI, exit 1', async () => {
    const dir = fresh();
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const cli = await spawnCli(['--port', '0', '--data', dir], { waitReady: false });
    expect(await cli.exited).toBe(1);
    const lines = cli.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`data dir ${dir} is writable by every user`);
  }, 60_000);
});

function captureError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}
