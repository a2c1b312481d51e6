import type { Worker } from 'node:worker_threads';
import type { Db } from './db.js';
import { startThread } from './thread-module.js';

/** Pages in the WAL before the writer checkpoints by itself (the worker normally got there first). */
export const WRITER_AUTOCHECKPOINT_PAGES = 16000;
/** SQLite's own value: used when no worker could start, so the WAL stays bounded anyway. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 4000;

export interface Checkpointer {
  stop(): void;
}

/** What the checkpointer's thread (checkpoint-thread.ts) is started with. */
export interface CheckpointThreadData {
  file: string;
  everyMs: number;
  /** Word 0 is set once the thread let go of the file. */
  stopped: SharedArrayBuffer;
}

/**
 * WAL checkpoints off the event loop. A checkpoint copies the WAL back into the database file and
 * fsyncs both; run by the writing connection (SQLite's autocheckpoint) it blocks every request for
 * tens of milliseconds every few hundred writes (measured: mean creation cost 0.63–0.87 ms with
 * autocheckpoint vs 0.30–0.45 ms without, p99 7–12 ms vs 0.5–4 ms). A worker thread with its own
 * connection runs PASSIVE checkpoints, which never block the writer. The writer keeps a large
 * autocheckpoint as a safety net: by the time it triggers, the worker has copied almost everything,
 * so it is cheap, and it lets the WAL file restart from the beginning under sustained load.
 * Starts the worker (checkpoint-thread.ts) for the database file `file` (not for `:memory:`).
 */
export function startCheckpointer(db: Db, file: string, everyMs = 100): Checkpointer {
  let worker: Worker | null = null;
  // Set by the worker once it let go of the file, so stop() returns only then.
  const stopped = new SharedArrayBuffer(4);
  const fallback = () => {
    worker = null;
    if (db.open) db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  };
  try {
    const data: CheckpointThreadData = { file, everyMs, stopped };
    // A module that cannot load sets `stopped` (stop() then never waits) and exits with 1: the fallback.
    worker = startThread('checkpoint-thread', data, { shared: stopped, set: [0], notify: [0] });
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
        Atomics.wait(new Int32Array(stopped), 0, 0, 10_000);
      }
      worker = null;
    },
  };
}
