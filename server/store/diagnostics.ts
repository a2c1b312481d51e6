import type { Db } from './db.js';
import { storeFingerprint } from './fingerprint.js';

/** Pragmas a caller outside the store may read. */
export type ReadablePragma = 'user_version' | 'wal_autocheckpoint';

/** Columns of an operation that `overwriteOperation` may set. */
export interface OperationOverwrite {
  url_ok?: string;
  url_error?: string;
  /** Keys of `details` set to these strings; the other keys stay. */
  details?: Record<string, string>;
}

/**
 * What tests and benchmarks read or write below the repositories, so their SQL stays in the store
 * and the database handle never leaves it. Nothing in the service itself calls these.
 */
export function storeDiagnostics(db: Db, commitPending: () => void, checkpointLog: () => void) {
  const setUrlOk = db.prepare('UPDATE operations SET url_ok = ? WHERE id = ?');
  const setUrlError = db.prepare('UPDATE operations SET url_error = ? WHERE id = ?');
  const setDetail = db.prepare('UPDATE operations SET details = json_set(details, ?, ?) WHERE id = ?');
  return {
    /** A digest of every row of every state table and their row counts (see fingerprint.ts). */
    fingerprint: () => storeFingerprint(db),
    /** The value of one pragma (schema version, the writer's autocheckpoint threshold). */
    pragma: (name: ReadablePragma): number => db.pragma(name, { simple: true }) as number,
    /** Commits what is pending and moves each database's whole WAL into its file, so their sizes are the data's. */
    checkpoint(): void {
      commitPending();
      db.pragma('wal_checkpoint(TRUNCATE)');
      checkpointLog();
    },
    /**
     * Writes an operation's addresses and detail strings past every check of the API, as an old data
     * dir or a hand-edited file may hold them.
     */
    overwriteOperation(id: number, cols: OperationOverwrite): void {
      if (cols.url_ok !== undefined) setUrlOk.run(cols.url_ok, id);
      if (cols.url_error !== undefined) setUrlError.run(cols.url_error, id);
      for (const [k, v] of Object.entries(cols.details ?? {})) setDetail.run(`$.${k}`, v, id);
    },
    /**
     * Counts the UPDATEs of operation rows made through the store's connection from now on (a
     * temporary trigger, seen by no other connection); `stop` removes it and its counts.
     */
    watchOperationUpdates(): { count(id: number): number; stop(): void } {
      db.exec('CREATE TEMP TABLE IF NOT EXISTS op_updates (id INTEGER)');
      db.exec(
        'CREATE TEMP TRIGGER IF NOT EXISTS count_op_updates AFTER UPDATE ON main.operations ' +
          'BEGIN INSERT INTO op_updates VALUES (new.id); END',
      );
      const count = db.prepare<[number], number>('SELECT COUNT(*) FROM temp.op_updates WHERE id = ?').pluck();
      return {
        count: (id) => count.get(id) ?? 0,
        stop: () => void db.exec('DROP TRIGGER IF EXISTS temp.count_op_updates; DROP TABLE IF EXISTS temp.op_updates'),
      };
    },
  };
}

export type StoreDiagnostics = ReturnType<typeof storeDiagnostics>;
