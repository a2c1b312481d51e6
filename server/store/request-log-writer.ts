import type Database from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import type { Db } from './db.js';
import { logRow, type EntryInput } from './request-log-entry.js';
import { startThread } from './thread-module.js';

/**
 * Who writes the request log. Every API call adds a row of about a kilobyte and, once the log is
 * full, deletes one; on the request thread that was about a tenth of a payment creation's time, and
 * building the row (masking secrets, bounding sizes) about another tenth. For a data dir the entries
 * go to a thread of its own, which builds their rows and writes them with its own connection to the
 * log's database (a file of its own, so the two writers never wait for each other's lock); an
 * in-memory sandbox, or a thread that failed, writes on the calling thread. Either way a reader first
 * waits for every batch given so far (`sync`), so nothing logged is missing from what it reads.
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

/** Entries to add, after deleting every entry when `wipe`. */
export interface LogBatch {
  entries: EntryInput[];
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

/** The writer's statements (named types: the npm package's declarations name them). */
export interface LogStatements {
  insert: Database.Statement<unknown[]>;
  trimRows: Database.Statement<[number], number>;
  trimBytes: Database.Statement<[number]>;
  total: Database.Statement<[], number>;
  wipe: Database.Statement<[]>;
}

/** The writer's statements on the log database `db`. */
export function logStatements(db: Db): LogStatements {
  return {
    insert: db.prepare(LOG_SQL.insert),
    trimRows: db.prepare<[number], number>(LOG_SQL.trimRows).pluck(),
    trimBytes: db.prepare(LOG_SQL.trimBytes),
    total: db.prepare<[], number>(LOG_SQL.total).pluck(),
    wipe: db.prepare(LOG_SQL.wipe),
  };
}

/** Writes one batch in one transaction and trims the log to its limits; returns the bytes kept now. */
export function applyLogBatch(db: Db, st: LogStatements, batch: LogBatch, limits: LogLimits, bytes: number): number {
  db.exec('BEGIN IMMEDIATE');
  try {
    if (batch.wipe) {
      st.wipe.run();
      bytes = 0;
    }
    for (const entry of batch.entries) {
      const row = logRow(entry);
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
  const st = logStatements(db);
  let bytes = st.total.get()!;
  return {
    write: (batch) => void (bytes = applyLogBatch(db, st, batch, limits, bytes)),
    sync: () => {},
    bytes: () => bytes,
    threaded: () => false,
    close: () => {},
  };
}

/**
 * Words shared with the thread: the last batch it finished, the first batch it failed (0: none),
 * whether it closed its connection, whether it is ready for batches, and who came first to the file
 * (OPENED: the thread, CLOSED_FIRST: a caller closing the log before the thread opened it); then, at
 * KEPT, the bytes kept after the last batch (written by the calling thread until the first batch it
 * hands over, by the thread after).
 */
export const SHARED = { ACKED: 0, FAILED: 1, CLOSED: 2, READY: 3, PHASE: 4, words: 5, KEPT: 24, size: 32 } as const;
export const PHASE = { OPENED: 1, CLOSED_FIRST: 2 } as const;
const { ACKED, FAILED, CLOSED, READY } = SHARED;

/** What the thread is started with. */
export interface LogThreadData {
  file: string;
  limits: LogLimits;
  shared: SharedArrayBuffer;
}

/** How long a reader waits for the thread before writing on its own thread instead. */
const STALL_MS = 10_000;

/**
 * Writes in a thread of its own to the log database `db` is open on. The thread starts with the first
 * batch; until it is ready, batches are written on `db` by the calling thread, so no caller ever waits
 * for a thread to start. When the thread fails, the batches it had not written and every later one
 * are written on `db` by the calling thread.
 */
export function threadLogWriter(db: Db, limits: LogLimits): LogWriter {
  const shared = new SharedArrayBuffer(SHARED.size);
  const state = new Int32Array(shared, 0, SHARED.words);
  const kept = new Float64Array(shared, SHARED.KEPT, 1);
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
      const data: LogThreadData = { file: db.name, limits, shared };
      // A module that cannot load fails the thread and lets go of the file: batches are written here.
      worker = startThread('request-log-thread', data, { shared, set: [FAILED, CLOSED], notify: [ACKED, CLOSED] });
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
      try {
        worker!.postMessage({ seq, batch });
      } catch {
        // An entry that cannot be copied to the thread (a value no entry should hold): written here, as every later one.
        fallBack();
      }
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
      // A thread that opened the file is waited for until it let go of it, so the caller may delete
      // it; one that has not got that far never will.
      if (!inline && worker) {
        if (Atomics.compareExchange(state, SHARED.PHASE, 0, PHASE.CLOSED_FIRST) === 0) void worker.terminate();
        else {
          worker.postMessage({ close: true });
          Atomics.wait(state, CLOSED, 0, STALL_MS);
        }
      }
      worker = null;
    },
  };
}
