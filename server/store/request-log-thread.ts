import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import {
  applyLogBatch,
  logStatements,
  PHASE,
  SHARED,
  type LogBatch,
  type LogStatements,
  type LogThreadData,
} from './request-log-writer.js';

/**
 * The request log's writer thread (started by request-log-writer.ts): builds each entry's row and
 * writes the batches it is given, in order, acknowledging each through the shared words.
 */
const { file, limits, shared } = workerData as LogThreadData;
const state = new Int32Array(shared, 0, SHARED.words);
const kept = new Float64Array(shared, SHARED.KEPT, 1);

function signal(word: number, value: number): void {
  Atomics.store(state, word, value);
  Atomics.notify(state, word);
}

function run(): void {
  // A caller that closed the log before this thread got here keeps its file to itself.
  if (Atomics.compareExchange(state, SHARED.PHASE, 0, PHASE.OPENED) !== 0) process.exit(0);
  let db: Database.Database;
  let st: LogStatements;
  try {
    db = new Database(file, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    st = logStatements(db);
  } catch {
    signal(SHARED.FAILED, 1);
    Atomics.notify(state, SHARED.ACKED);
  }
  parentPort!.on('message', (m: { close: true } | { seq: number; batch: LogBatch }) => {
    if ('close' in m) {
      try {
        db?.close();
      } finally {
        signal(SHARED.CLOSED, 1);
        process.exit(0);
      }
    }
    if (Atomics.load(state, SHARED.FAILED) === 0) {
      try {
        kept[0] = applyLogBatch(db, st, m.batch, limits, kept[0]!);
      } catch {
        Atomics.store(state, SHARED.FAILED, m.seq);
      }
    }
    signal(SHARED.ACKED, m.seq);
  });
  if (Atomics.load(state, SHARED.FAILED) === 0) Atomics.store(state, SHARED.READY, 1);
}

run();
