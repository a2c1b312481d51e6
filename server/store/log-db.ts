import Database from 'better-sqlite3';
import type { Db } from './db.js';

/**
 * The request log lives in a database of its own (`requests.db` beside `sandbox.db`, or in memory),
 * so a thread of its own can write it without ever holding the lock the request path writes under
 * (request-log-writer.ts). Its schema is the log table the sandbox database had, column for column.
 */
const columns = `
  id              INTEGER PRIMARY KEY,
  at              INTEGER NOT NULL,
  request_id      TEXT NOT NULL,
  method          TEXT NOT NULL,
  path            TEXT NOT NULL,
  status          INTEGER NOT NULL,
  latency_ms      REAL NOT NULL,
  request_headers TEXT NOT NULL,                -- JSON, secrets masked
  request_body    TEXT NOT NULL,                -- excerpt, secrets masked
  response_body   TEXT NOT NULL,                -- excerpt
  note            TEXT,
  warnings        TEXT NOT NULL DEFAULT '[]',   -- JSON array of strings
  bytes           INTEGER NOT NULL DEFAULT 0,   -- what the row counts towards the byte cap
  diagnosis       TEXT,                         -- JSON, refused signatures only
  call_kind       TEXT,
  public_key      TEXT,
  migration       TEXT,                         -- JSON, refused dialect creations only
  warning_details TEXT,                         -- JSON array of {code, field, sent, params}
  note_details    TEXT                          -- JSON array of {code, params, warnings?}
`;

/** The log's tables in schema `schema` (`main`, or the name a database was attached as). */
const schemaSql = (schema: string) => `
CREATE TABLE IF NOT EXISTS ${schema}.request_log (${columns});
-- Sizes newest first without reading the rows (the byte cap).
CREATE INDEX IF NOT EXISTS ${schema}.request_log_bytes ON request_log (id, bytes);
-- One merchant's calls of some kinds (go-live passive checks, the scenario recorder).
CREATE INDEX IF NOT EXISTS ${schema}.request_log_merchant ON request_log (public_key, call_kind, id);
`;

const LOG_COLUMNS = columns
  .split('\n')
  .map((l) => l.trim().split(/\s+/)[0])
  .filter((c): c is string => !!c);

/** Opens (and creates) the log database: `:memory:` or a file (its data dir already checked and locked). */
export function openLogDb(file: string): Db {
  const db = new Database(file);
  try {
    if (file !== ':memory:') {
      db.pragma('journal_mode = WAL');
      // As the sandbox database: a crash of the process loses nothing that was committed.
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
    }
    db.exec(schemaSql('main'));
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * Copies the log rows `db` holds (in its main schema) into the log table of the database `file`,
 * kept ids and all; a row already there is left as it is, so a copy cut short runs again safely.
 * Both ways the log crosses a file boundary: an older sandbox database's rows into the log's own
 * file, and the log's rows into an export (`adoptLogRows` brings them back when it is opened).
 */
export function copyLogRows(db: Db, file: string): void {
  const cols = LOG_COLUMNS.join(', ');
  db.prepare('ATTACH DATABASE ? AS log_copy').run(file);
  try {
    db.exec(schemaSql('log_copy'));
    db.exec(`INSERT OR IGNORE INTO log_copy.request_log (${cols}) SELECT ${cols} FROM main.request_log`);
  } finally {
    db.exec('DETACH DATABASE log_copy');
  }
}

/**
 * A sandbox database that carries log rows of its own (an export, opened as a data dir's database)
 * hands them to the log's file `file` and drops its copy. Nothing to do for any other database.
 */
export function adoptLogRows(db: Db, file: string): void {
  const carries = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'request_log'").get();
  if (!carries) return;
  copyLogRows(db, file);
  db.exec('DROP TABLE request_log');
}
