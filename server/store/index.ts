import { bundleRepo } from './bundle.js';
import { startCheckpointer } from './checkpointer.js';
import { goliveCheckRepo } from './golive-checks.js';
import { groupCommit } from './group-commit.js';
import { logFileBeside } from './data-dir.js';
import { openDb, tx, type Db } from './db.js';
import { adoptLogRows, copyLogRows, openLogDb } from './log-db.js';
import { storeDiagnostics } from './diagnostics.js';
import { merchantRepo } from './merchants.js';
import { notificationRepo } from './notifications.js';
import { operationRepo } from './operations.js';
import { payoutSessionRepo } from './payout-sessions.js';
import { payoutRepo } from './payouts.js';
import { replayRepo } from './replays.js';
import { requestLogRepo } from './request-log.js';
import { settingsRepo } from './settings.js';
import { speiRepo } from './spei.js';
import { timerRepo } from './timers.js';

export interface StoreOptions {
  /** `:memory:` or a directory. */
  data: string;
  /** Request-log rows kept (oldest dropped first). */
  requestLogMaxRows?: number;
  /** Request-log bytes kept (paths, headers, excerpts; oldest dropped first). */
  requestLogMaxBytes?: number;
}

/** The whole store: one database handle and one repository per table group. SQL lives only below here. */
export function createStore(opts: StoreOptions) {
  const db = openDb(opts.data);
  // WAL checkpoints run in a worker thread so they never stall a request (see checkpointer.ts).
  const checkpointer = db.memory ? null : startCheckpointer(db, db.name);
  // The request log is a database of its own, beside this one or in memory (log-db.ts).
  // A database that carries log rows (an export opened as a data dir) hands them to the log's file first.
  if (!db.memory) adoptLogRows(db, logFileBeside(db.name));
  const logDb = openLogDb(db.memory ? ':memory:' : logFileBeside(db.name));
  const requests = requestLogRepo(logDb, {
    maxRows: opts.requestLogMaxRows ?? 20000,
    maxBytes: opts.requestLogMaxBytes ?? 64 * 1024 * 1024,
  });
  const merchants = merchantRepo(db);
  const settings = settingsRepo(db);
  // Cached reads must not outlive writes they did not see: rollbacks, wipes and bundle imports.
  const forgetCached = () => {
    merchants.forgetCached();
    settings.forgetCached();
  };
  const forgettingOnThrow = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      forgetCached();
      throw err;
    }
  };
  const group = groupCommit(db, forgetCached);
  return {
    /** Runs fn in one IMMEDIATE transaction. Nested calls join the outer one. */
    tx: <T>(fn: () => T): T => {
      if (group.pending()) group.commit();
      return forgettingOnThrow(() => (db.inTransaction ? fn() : tx(db, fn)));
    },
    /**
     * Like tx, sharing one commit with the other calls of this event-loop turn; resolves once
     * committed (creation). fn must only write to the database: it runs again if another member
     * of its group fails (see group-commit.ts).
     */
    txGrouped: <T>(fn: () => T): Promise<T> => forgettingOnThrow(() => group.run(fn)),
    bundle: bundleRepo(db, (t) => t === 'merchants' && merchants.forgetCached()),
    checks: goliveCheckRepo(db),
    merchants,
    notifications: notificationRepo(db),
    operations: operationRepo(db),
    payouts: payoutRepo(db),
    payoutSessions: payoutSessionRepo(db),
    replays: replayRepo(db),
    settings,
    spei: speiRepo(db),
    timers: timerRepo(db),
    requests,
    /** Reads and writes for tests and benchmarks only (fingerprint, pragmas, checkpoint, planted rows). */
    diagnostics: storeDiagnostics(
      db,
      () => group.commit(),
      () => {
        requests.sync();
        logDb.pragma('wal_checkpoint(TRUNCATE)');
      },
    ),
    /** A consistent copy of the database in `file`, taken while the sandbox keeps running (SQLite's online backup). */
    backup: async (file: string): Promise<void> => {
      group.commit();
      await db.backup(file);
      // The log is a file of its own: its rows go into the copy, which hands them back when opened.
      requests.sync();
      copyLogRows(logDb, file);
    },
    /** Deletes every row of every table (reset); the schema stays. */
    wipe(): void {
      group.commit();
      const tables = db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all();
      db.pragma('foreign_keys = OFF');
      try {
        tx(db, () => {
          for (const t of tables) db.exec(`DELETE FROM "${t.name}"`);
        });
      } finally {
        db.pragma('foreign_keys = ON');
        forgetCached();
      }
      requests.wipe();
    },
    close(): void {
      group.commit();
      requests.close();
      logDb.close();
      checkpointer?.stop();
      db.close();
    },
  };
}
export type Store = ReturnType<typeof createStore>;
export type { Db };
