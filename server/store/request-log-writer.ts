import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db.js';

/**
 * Who writes the request log. Every API call adds a row of about a kilobyte and, once the log is
 * full, deletes one: on the request thread that was about a tenth of a payment creation's time. For a
 * data dir the rows go to a thread of its own with its own connection to the log's database (a file
 * of its own, so the two writers never wait for each other's lock); an in-memory sandbox, or a
 * thread that failed, writes on the calling thread. Either way a reader first waits for every batch
 * given so far (`sync`), so nothing logged is missing from what it reads.
 */

const LOG_SQL = {
  insert: `INSERT INTO request_log (at, request_id, method, path, status, latency_ms, request_headers, request_body,
    response_body, note, note_details, warnings, warning_details, diagnosis, call_kind, public_key, migration, bytes)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  // The deleted rows' bytes come back with them, so the kept total is never summed again.
  trimRows: 'DELETE FROM request_log WHERE id <= (SELECT MAX(id) FROM request_log) - ? RETURNING bytes',
  // The newest entry past the byte cap, summing sizes newest first (read from the (id, bytes) index).
  trimBytes: `DELETE FROM request_log WHERE id <= (
    SELECT id FROM (SELECT id, SUM(bytes) OVER (ORDER BY id DESC) AS total FROM request_log) WHERE total > ? ORDER BY id DESC LIMIT 1)`,
  total: 'SELECT COALESCE(SUM(bytes), 0) FROM request_log',
  wipe: 'DELETE FROM request_log',
};

/** Rows to add (each the insert's parameters, its bytes last), after deleting every row when `wipe`. */
export interface LogBatch {
  rows: unknown[][];
  wipe: boolean;
}
export interface LogLimits {
  maxRows: number;
  maxBytes: number;
}
export interface LogWriter {
  write(batch: LogBatch): void;
  /** Returns once every batch written so far is in the log. */
  sync(): void;
  /** Bytes the kept rows count (after `sync`). */
  bytes(): number;
  /** Whether batches are now handed to a thread of their own. */
  threaded(): boolean;
  close(): void;
}

// The two functions below are also the writer thread's source (their text is put into it), so they
// use nothing but their parameters: no imports, no outer names, no nested functions.

type LogStatements = ReturnType<typeof logStatements>;

function logStatements(db: Db, sql: typeof LOG_SQL) {
  return {
    insert: db.prepare(sql.insert),
    trimRows: db.prepare<[number], number>(sql.trimRows).pluck(),
    trimBytes: db.prepare(sql.trimBytes),
    total: db.prepare<[], number>(sql.total).pluck(),
    wipe: db.prepare(sql.wipe),
  };
}

/** Writes one batch in one transaction and trims the log to its limits; returns the bytes kept now. */
function applyLogBatch(db: Db, st: LogStatements, batch: LogBatch, limits: LogLimits, bytes: number): number {
  db.exec('BEGIN IMMEDIATE');
  try {
    if (batch.wipe) {
      st.wipe.run();
      bytes = 0;
    }
    for (const row of batch.rows) {
      st.insert.run(row);
      bytes += row[row.length - 1] as number;
    }
    for (const gone of st.trimRows.all(limits.maxRows)) bytes -= gone;
    // Past the byte cap, down to seven eighths of it, so a flood trims once in a while, not on every write.
    if (bytes > limits.maxBytes) {
      st.trimBytes.run(Math.floor((limits.maxBytes * 7) / 8));
      bytes = st.total.get()!;
    }
    db.exec('COMMIT');
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
  return bytes;
}

/** Writes on the calling thread, on `db`. */
export function inlineLogWriter(db: Db, limits: LogLimits): LogWriter {
  const st = logStatements(db, LOG_SQL);
  let bytes = st.total.get()!;
  return {
    write: (batch) => void (bytes = applyLogBatch(db, st, batch, limits, bytes)),
    sync: () => {},
    bytes: () => bytes,
    threaded: () => false,
    close: () => {},
  };
}

// Shared with the thread: the last batch it finished, the first batch it failed (0: none), whether it
// closed its connection, whether it is ready for batches; then the bytes kept after the last batch
// (written by the calling thread until the first batch it hands over, by the thread after).
const ACKED = 0;
const FAILED = 1;
const CLOSED = 2;
const READY = 3;
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const logStatements = (${logStatements.toString()});
const applyLogBatch = (${applyLogBatch.toString()});
const state = new Int32Array(workerData.shared, 0, 4);
const kept = new Float64Array(workerData.shared, 16, 1);
let db, st;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  st = logStatements(db, workerData.sql);
  Atomics.store(state, ${READY}, 1);
} catch {
  Atomics.store(state, ${FAILED}, 1);
  Atomics.notify(state, ${ACKED});
}
parentPort.on('message', (m) => {
  if (m.close) {
    try { db?.close(); } finally { Atomics.store(state, ${CLOSED}, 1); Atomics.notify(state, ${CLOSED}); process.exit(0); }
  }
  if (Atomics.load(state, ${FAILED}) === 0) {
    try {
      kept[0] = applyLogBatch(db, st, m.batch, workerData.limits, kept[0]);
    } catch {
      Atomics.store(state, ${FAILED}, m.seq);
    }
  }
  Atomics.store(state, ${ACKED}, m.seq);
  Atomics.notify(state, ${ACKED});
});
`;

/** How long a reader waits for the thread before writing on its own thread instead. */
const STALL_MS = 10_000;

/**
 * Writes in a thread of its own to the log database `db` is open on. The thread starts with the first
 * batch; until it is ready, batches are written on `db` by the calling thread, so no caller ever waits
 * for a thread to start. When the thread fails, the batches it had not written and every later one
 * are written on `db` by the calling thread.
 */
export function threadLogWriter(db: Db, limits: LogLimits): LogWriter {
  const shared = new SharedArrayBuffer(24);
  const state = new Int32Array(shared, 0, 4);
  const kept = new Float64Array(shared, 16, 1);
  let worker: Worker | null = null;
  let started = false;
  // Writes on this thread: until the thread is ready (`early`), or for good once it failed (`inline`).
  let early: LogWriter | null = inlineLogWriter(db, limits);
  let inline: LogWriter | null = null;
  let seq = 0;
  let unacked: { seq: number; batch: LogBatch }[] = [];

  function start(): void {
    started = true;
    try {
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file: db.name, sql: LOG_SQL, limits, shared },
      });
      // The thread must never keep a finished process alive (tests, CLI exit); close() ends it.
      worker.unref();
    } catch {
      worker = null;
    }
  }

  /**
   * From now on, writes on this thread: first the batches the thread did not finish, then `next` (the
   * batch being written, if any). Every batch gets its chance; the first that cannot be written is the
   * caller's error.
   */
  function fallBack(next?: LogBatch): void {
    if (inline) {
      if (next) inline.write(next);
      return;
    }
    void worker?.terminate();
    worker = null;
    const failedAt = Atomics.load(state, FAILED);
    const from = failedAt > 0 ? failedAt : Atomics.load(state, ACKED) + 1;
    inline = inlineLogWriter(db, limits);
    early = null;
    const todo = unacked.filter((u) => u.seq >= from).map((u) => u.batch);
    if (next) todo.push(next);
    unacked = [];
    let failure: { err: unknown } | null = null;
    for (const batch of todo) {
      try {
        inline.write(batch);
      } catch (err) {
        failure ??= { err };
      }
    }
    if (failure) throw failure.err;
  }
  const failed = () => worker === null || Atomics.load(state, FAILED) !== 0;

  return {
    write(batch) {
      if (!started) start();
      if (inline || failed()) return fallBack(batch);
      if (early) {
        if (Atomics.load(state, READY) === 0) return early.write(batch);
        // The thread takes over: it counts on from the bytes kept so far.
        kept[0] = early.bytes();
        early = null;
      }
      const acked = Atomics.load(state, ACKED);
      if (unacked.length && unacked[0]!.seq <= acked) unacked = unacked.filter((u) => u.seq > acked);
      unacked.push({ seq: ++seq, batch });
      worker!.postMessage({ seq, batch });
    },
    sync() {
      if (inline || early) return;
      for (let acked = Atomics.load(state, ACKED); acked < seq && !failed(); acked = Atomics.load(state, ACKED)) {
        if (Atomics.wait(state, ACKED, acked, STALL_MS) === 'timed-out') break;
      }
      if (failed() || Atomics.load(state, ACKED) < seq) fallBack();
      else unacked = [];
    },
    bytes: () => (inline ?? early)?.bytes() ?? kept[0]!,
    threaded: () => !inline && worker !== null && Atomics.load(state, READY) === 1,
    close() {
      // A started thread may be opening the file: wait until it let go of it, so the caller may delete it.
      if (!inline && worker) {
        worker.postMessage({ close: true });
        Atomics.wait(state, CLOSED, 0, STALL_MS);
      }
      worker = null;
    },
  };
}
