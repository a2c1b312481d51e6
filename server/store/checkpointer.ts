import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db.js';

/**
 * WAL checkpoints off the event loop. A checkpoint copies the WAL back into the database file and
 * fsyncs both; run by the writing connection (SQLite's autocheckpoint) it blocks every request for
 * tens of milliseconds every few hundred writes (measured: mean creation cost 0.63–0.87 ms with
 * autocheckpoint vs 0.30–0.45 ms without, p99 7–12 ms vs 0.5–4 ms). A worker thread with its own
 * connection runs PASSIVE checkpoints, which never block the writer. The writer keeps a large
 * autocheckpoint as a safety net: by the time it triggers, the worker has copied almost everything,
 * so it is cheap, and it lets the WAL file restart from the beginning under sustained load.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const stopped = new Int32Array(workerData.stopped);
const done = () => { Atomics.store(stopped, 0, 1); Atomics.notify(stopped, 0); process.exit(0); };
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 0');
} catch {
  done(); // the store closed (and its files went) before this thread started: nothing to do
}
const run = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: next turn */ } };
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); run(); db.close(); done(); });
`;

/** Pages in the WAL before the writer checkpoints by itself (the worker normally got there first). */
export const WRITER_AUTOCHECKPOINT_PAGES = 16000;
/** SQLite's own value: used when no worker could start, so the WAL stays bounded anyway. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 4000;

export interface Checkpointer {
  stop(): void;
}

/** Starts the checkpoint worker for the database file `file` (not for `:memory:`). */
export function startCheckpointer(db: Db, file: string, everyMs = 100): Checkpointer {
  let worker: Worker | null = null;
  // Set by the worker once it let go of the file, so stop() returns only then.
  const stopped = new Int32Array(new SharedArrayBuffer(4));
  const fallback = () => {
    worker = null;
    if (db.open) db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  };
  try {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs, stopped: stopped.buffer } });
    // The worker must never keep a finished process alive (tests, CLI exit).
    worker.unref();
    worker.on('error', fallback);
    worker.on('exit', (code) => code !== 0 && fallback());
    db.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_PAGES}`);
  } catch {
    fallback();
  }
  return {
    /** Runs a last checkpoint and returns once the worker closed its connection (the caller may then delete the files). */
    stop() {
      worker
        ?.removeAllListeners('error')
        .removeAllListeners('exit')
        .on('error', () => {});
      if (worker) {
        worker.postMessage('stop');
        Atomics.wait(stopped, 0, 0, 10_000);
      }
      worker = null;
    },
  };
}
