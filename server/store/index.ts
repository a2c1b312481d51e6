import { openDb, tx, type Db } from './db.js';
import { merchantRepo } from './merchants.js';
import { operationRepo } from './operations.js';
import { requestLogRepo } from './request-log.js';
import { settingsRepo } from './settings.js';
import { timerRepo } from './timers.js';

export interface StoreOptions {
  /** `:memory:` or a directory. */
  data: string;
  /** Request-log rows kept (oldest dropped first). */
  requestLogMaxRows?: number;
}

/** The whole store: one database handle and one repository per table group. SQL lives only below here. */
export function createStore(opts: StoreOptions) {
  const db = openDb(opts.data);
  const requests = requestLogRepo(db, { maxRows: opts.requestLogMaxRows ?? 20000 });
  return {
    db,
    /** Runs fn in one IMMEDIATE transaction. Nested calls join the outer one. */
    tx: <T>(fn: () => T): T => (db.inTransaction ? fn() : tx(db, fn)),
    merchants: merchantRepo(db),
    operations: operationRepo(db),
    settings: settingsRepo(db),
    timers: timerRepo(db),
    requests,
    /** Deletes every row of every table (reset); the schema stays. */
    wipe(): void {
      const tables = db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )
        .all();
      db.pragma('foreign_keys = OFF');
      try {
        tx(db, () => {
          for (const t of tables) db.exec(`DELETE FROM "${t.name}"`);
        });
      } finally {
        db.pragma('foreign_keys = ON');
      }
    },
    close(): void {
      requests.flush();
      db.close();
    },
  };
}
export type Store = ReturnType<typeof createStore>;
export type { Db };
