import Database from 'better-sqlite3';
import { openDataDir } from './data-dir.js';
import { migrations, type Migration } from './migrations/index.js';

// An interface, not an alias: declaration output (the npm package's types) can then name it.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a named Database.Database
export interface Db extends Database.Database {}

/**
 * Opens (and creates) the sandbox database: `:memory:` or `<dir>/sandbox.db`. A data dir is checked
 * and locked first (store/data-dir.ts); closing the database releases the lock.
 */
export function openDb(data: string): Db {
  if (data === ':memory:') return configure(new Database(':memory:'));
  const dir = openDataDir(data);
  try {
    const db = configure(new Database(dir.dbFile));
    const close = db.close.bind(db);
    db.close = () => {
      try {
        return close();
      } finally {
        dir.release();
      }
    };
    return db;
  } catch (err) {
    dir.release();
    throw err;
  }
}

function configure(db: Db): Db {
  db.pragma('journal_mode = WAL');
  // NORMAL with WAL: a crash of the process loses nothing; only an OS crash could lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Fewer, larger checkpoints keep the write path cheap.
  db.pragma('wal_autocheckpoint = 4000');
  // Savepoints keep page images in a sub-journal; in a temp file that cost a third of a creation's
  // write, in memory it is a memcpy. Grouped creations run without one and only a replayed group
  // (after a member failed) uses one per member (store/group-commit.ts).
  db.pragma('temp_store = MEMORY');
  try {
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** Applies every migration not yet applied, each in its own transaction. Returns the new version. */
export function migrate(db: Db, list: readonly Migration[] = migrations): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length) {
    throw new Error(
      `database schema version ${current} is newer than this sandbox knows (${list.length}); use a newer sandbox or another --data dir`,
    );
  }
  for (let v = current; v < list.length; v++) {
    const m = list[v]!;
    m.before?.(db);
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return list.length;
}

/** Runs fn in one transaction (IMMEDIATE, so concurrent writers queue instead of failing). */
export function tx<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
