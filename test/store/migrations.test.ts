import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../server/store/db.js';
import { migrations } from '../../server/store/migrations/index.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'sbx-mig-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const tables = (db: Database.Database) =>
  db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all().map((r) => r.name);

describe('migrations', () => {
  it('apply from an empty file to the latest version with WAL and foreign keys on', () => {
    const dir = tmp();
    const db = openDb(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(expect.arrayContaining([
      'merchants', 'operations', 'operation_events', 'notifications', 'notification_attempts',
      'payrolls', 'payouts', 'spei_transfers', 'request_log', 'settings', 'timers',
    ]));
    db.close();
  });

  it('upgrade a database left at the previous version, keeping its rows', () => {
    const dir = tmp();
    const file = join(dir, 'sandbox.db');
    const old = new Database(file);
    migrate(old, migrations.slice(0, Math.max(1, migrations.length - 1)));
    old.prepare("INSERT INTO settings (key, value) VALUES ('kept', '1')").run();
    old.close();
    const db = openDb(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.prepare("SELECT value FROM settings WHERE key='kept'").get()).toEqual({ value: '1' });
    db.close();
  });

  it('is idempotent: opening an up-to-date database changes nothing', () => {
    const dir = tmp();
    openDb(dir).close();
    const db = openDb(dir);
    expect(migrate(db)).toBe(migrations.length);
    db.close();
  });

  it('refuses a database newer than the code instead of corrupting it', () => {
    const dir = tmp();
    const db = new Database(join(dir, 'sandbox.db'));
    db.pragma(`user_version = ${migrations.length + 5}`);
    db.close();
    expect(() => openDb(dir)).toThrow(/newer than this sandbox knows/);
  });

  it('rolls back a failing migration whole', () => {
    const db = new Database(':memory:');
    const list = [{ name: 'ok', sql: 'CREATE TABLE a (x)' }, { name: 'bad', sql: 'CREATE TABLE b (y); INSERT INTO nope VALUES (1)' }];
    expect(() => migrate(db, list)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(['a']);
  });
});
