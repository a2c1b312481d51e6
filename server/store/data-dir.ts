import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The data dir holds every merchant's secret key, payout token and password in plain text, so it is
 * its owner's alone (0700, files 0600), and one sandbox at a time uses it: two delivery workers
 * sweeping one outbox would send each notification twice.
 */

/** Why a data dir was refused; the CLI words each reason (texts.ts). */
export type DataDirProblem =
  | { kind: 'in-use'; dir: string; pid: number; command: string | null }
  | { kind: 'world-writable'; dir: string }
  | { kind: 'foreign-owner'; dir: string; uid: number };

export class DataDirError extends Error {
  constructor(readonly problem: DataDirProblem) {
    super(
      problem.kind === 'in-use'
        ? `data dir ${problem.dir} is in use by process ${problem.pid}`
        : problem.kind === 'world-writable'
          ? `data dir ${problem.dir} is writable by every user`
          : `data dir ${problem.dir} belongs to another user (uid ${problem.uid})`,
    );
    this.name = 'DataDirError';
  }
}

export const LOCK_FILE = 'sandbox.lock';
export const DB_FILE = 'sandbox.db';
/** The request log's own database (store/log-db.ts). */
export const LOG_FILE = 'requests.db';
/** The request log's database beside the sandbox database `dbFile`. */
export const logFileBeside = (dbFile: string) => join(dirname(dbFile), LOG_FILE);
const OWNER_ONLY_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, LOG_FILE, `${LOG_FILE}-wal`, `${LOG_FILE}-shm`, LOCK_FILE];

/** Locks held by this process, so a lock naming our own pid is told apart from a stale one. */
const heldHere = new Set<string>();

/**
 * Creates (or checks) the data dir, takes its lock and answers how to release it. Existing files are
 * narrowed to the owner (a dir written by an older release had 0755/0644); the database file is made
 * 0600 before SQLite opens it, and SQLite gives the -wal and -shm files the database file's mode.
 */
export function openDataDir(dir: string): { dbFile: string; release: () => void } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkOwnership(dir);
  const lock = takeLock(dir);
  try {
    const dbFile = join(dir, DB_FILE);
    for (const f of [dbFile, logFileBeside(dbFile)]) if (!existsSync(f)) closeSync(openSync(f, 'a', 0o600));
    if (process.platform !== 'win32') {
      chmodSync(dir, 0o700);
      for (const f of OWNER_ONLY_FILES) if (existsSync(join(dir, f))) chmodSync(join(dir, f), 0o600);
    }
    return { dbFile, release: lock };
  } catch (err) {
    lock();
    throw err;
  }
}

function checkOwnership(dir: string): void {
  if (process.platform === 'win32' || !process.getuid) return;
  const st = statSync(dir);
  const uid = process.getuid();
  // Whoever owns the dir can delete and replace the files in it, whatever their modes: only our own.
  if (st.uid !== uid) throw new DataDirError({ kind: 'foreign-owner', dir, uid: st.uid });
  if (st.mode & 0o002) throw new DataDirError({ kind: 'world-writable', dir });
}

/** The fields of /proc/PID/stat after the parenthesised command (which may hold spaces); null where the OS has none. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The lock file's content: the holder's pid and, where the OS tells it, when that process started (field 22). */
const identity = (pid: number): string | null => statFields(pid)?.[19] ?? null;

/**
 * Dead but not yet reaped (a zombie, state Z; X while it is being reaped): its parent has not waited
 * for it, and in a container without an init it may stay so. It holds nothing, and kill(pid, 0) still succeeds.
 */
const isDeadProcess = (pid: number): boolean => /^[ZX]$/.test(statFields(pid)?.[0] ?? '');

function commandOf(pid: number): string | null {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return cmd ? cmd.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** Whether the process named by a lock file still runs (and is the same process, not a reused pid). */
function holderAlive(file: string, text: string): number | null {
  const [pidText, started] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return heldHere.has(file) ? pid : null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  if (isDeadProcess(pid)) return null;
  if (started && started !== '-' && identity(pid) !== null && identity(pid) !== started) return null;
  return pid;
}

function takeLock(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  const content = `${process.pid} ${identity(process.pid) ?? '-'}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // removed meanwhile: try again
      }
      const pid = holderAlive(file, text);
      if (pid !== null) throw new DataDirError({ kind: 'in-use', dir, pid, command: commandOf(pid) });
      // A stale lock: its holder was killed without a chance to remove it.
      try {
        unlinkSync(file);
      } catch {
        // another starter removed it first
      }
      continue;
    }
    writeSync(fd, content);
    closeSync(fd);
    heldHere.add(file);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      heldHere.delete(file);
      process.off('exit', release);
      try {
        if (readFileSync(file, 'utf8') === content) unlinkSync(file);
      } catch {
        // already gone
      }
    };
    // An exit without stop() (an uncaught error, process.exit) still frees the dir.
    process.on('exit', release);
    return release;
  }
  throw new Error(`data dir ${dir}: could not take its lock (${file})`);
}
