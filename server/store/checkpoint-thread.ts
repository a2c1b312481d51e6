import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointThreadData } from './checkpointer.js';

/**
 * The WAL checkpointer's thread (started by checkpointer.ts): a PASSIVE checkpoint of one database
 * file every `everyMs`, on a connection of its own, and a last one when told to stop.
 */
const { file, everyMs, stopped } = workerData as CheckpointThreadData;
const words = new Int32Array(stopped);

/** Says the thread let go of the file (its starter may delete it now), and ends the thread. */
function done(): never {
  Atomics.store(words, 0, 1);
  Atomics.notify(words, 0);
  process.exit(0);
}

let db: Database.Database;
try {
  db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 0');
} catch {
  done(); // the store closed (and its files went) before this thread started: nothing to do
}

function checkpoint(): void {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy: the next turn
  }
}

const timer = setInterval(checkpoint, everyMs);
parentPort!.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  done();
});
