import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../server/store/db.js';
import { migrations } from '../../server/store/migrations/index.js';
import { payoutRepo } from '../../server/store/payouts.js';
import { requestLogRepo } from '../../server/store/request-log.js';
import { createStore } from '../../server/store/index.js';

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
  db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((r) => r.name);

describe('migrations', () => {
  it('apply from an empty file to the latest version with WAL and foreign keys on', () => {
    const dir = tmp();
    const db = openDb(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'merchants',
        'operations',
        'operation_events',
        'notifications',
        'notification_attempts',
        'payrolls',
        'payouts',
        'spei_transfers',
        'settings',
        'timers',
      ]),
    );
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

  it('019 moves the log rows of an older database into the log database, ids and all, once', () => {
    const dir = tmp();
    const old = new Database(join(dir, 'sandbox.db'));
    migrate(
      old,
      migrations.slice(
        0,
        migrations.findIndex((m) => m.name.startsWith('019')),
      ),
    );
    old.exec(`INSERT INTO request_log
        (id, at, request_id, method, path, status, latency_ms, request_headers, request_body, response_body, note, warnings,
         bytes, call_kind, public_key)
      VALUES (7, 5, 'r7', 'POST', '/api/notify', 400, 1.5, '{"host":"x"}', 'public_key=pk', '{}', NULL, '[]', 123, 'manual_notify', 'pk'),
             (9, 6, 'r9', 'GET', '/api/operations', 200, 2, '{}', '', '[]', 'one', '["w"]', 45, 'operation_query', 'pk');`);
    old.close();
    const store = createStore({ data: dir });
    try {
      expect(store.requests.list(10).map((e) => [e.id, e.request_id, e.path, e.call_kind, e.warnings])).toEqual([
        [9, 'r9', '/api/operations', 'operation_query', ['w']],
        [7, 'r7', '/api/notify', 'manual_notify', []],
      ]);
      expect(store.requests.bytes()).toBe(168);
    } finally {
      store.close();
    }
    const main = new Database(join(dir, 'sandbox.db'), { readonly: true });
    expect(tables(main)).not.toContain('request_log');
    main.close();
    const reopened = createStore({ data: dir });
    expect(reopened.requests.count()).toBe(2);
    reopened.close();
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
    const list = [
      { name: 'ok', sql: 'CREATE TABLE a (x)' },
      { name: 'bad', sql: 'CREATE TABLE b (y); INSERT INTO nope VALUES (1)' },
    ];
    expect(() => migrate(db, list)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(['a']);
  });

  it('004 gives the demo merchant its payout login and old payouts the transfer_status their decision implies', () => {
    const db = new Database(':memory:');
    const upTo003 = migrations.findIndex((m) => m.name.startsWith('004'));
    migrate(db, migrations.slice(0, upTo003));
    db.exec(`INSERT INTO merchants (id, name, public_key, secret_key, payout_token, clabe, max_amount, channels, created_at)
      VALUES (1, 'Demo', 'pk_sandbox_demo', 'sk', 'tk', '646180000000000012', 1, '{}', 0);
      INSERT INTO payrolls (id, merchant_id, created_at, process_at) VALUES (1, 1, 0, 0);
      INSERT INTO payouts
        (payroll_id, merchant_id, order_id, credit_note, item, amount, channel_url, status, created_at, processed_at) VALUES
        (1, 1, 'o', 'a', '{}', '2.00', 'https://x.example', 'approved', 0, 5),
        (1, 1, 'o', 'b', '{}', '3.00', 'https://x.example', 'rejected', 0, 6),
        (1, 1, 'o', 'c', '{}', '4.00', 'https://x.example', 'pending', 0, NULL);`);
    migrate(db, migrations);
    expect(db.prepare('SELECT payout_username, payout_password FROM merchants').get()).toEqual({
      payout_username: 'payout_demo',
      payout_password: 'pw_sandbox_demo',
    });
    expect(db.prepare('SELECT credit_note, transfer_status, warnings, updated_at FROM payouts ORDER BY id').all()).toEqual([
      { credit_note: 'a', transfer_status: 5, warnings: '[]', updated_at: 5 },
      { credit_note: 'b', transfer_status: 3, warnings: '[]', updated_at: 6 },
      { credit_note: 'c', transfer_status: 1, warnings: '[]', updated_at: 0 },
    ]);
  });

  it('018 keeps the warnings and notes of older payouts and log entries as words, with no codes (null) beside them', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.slice(
        0,
        migrations.findIndex((m) => m.name.startsWith('018')),
      ),
    );
    db.exec(`INSERT INTO merchants (id, name, public_key, secret_key, payout_token, clabe, max_amount, channels, created_at)
      VALUES (1, 'Demo', 'pk_sandbox_demo', 'sk', 'tk', '646180000000000012', 1, '{}', 0);
      INSERT INTO payrolls (id, merchant_id, created_at, process_at) VALUES (1, 1, 0, 0);
      INSERT INTO payouts (payroll_id, merchant_id, order_id, credit_note, item, amount, channel_url, created_at, warnings) VALUES
        (1, 1, 'o', 'a', '{}', '2.00', 'https://x.example', 0, '["bank: sent \\"37\\"; the service asks for an Integer; read as 37"]');
      INSERT INTO request_log
        (at, request_id, method, path, status, latency_ms, request_headers, request_body, response_body, note, warnings) VALUES
        (0, 'r1', 'POST', '/x', 200, 1, '{}', '', '', 'operation 1', '["time: sent \\"x\\""]');`);
    migrate(db, migrations.slice(0, migrations.findIndex((m) => m.name.startsWith('018')) + 1));
    const payout = payoutRepo(db).get(1)!;
    expect([payout.warnings, payout.warning_details]).toEqual([['bank: sent "37"; the service asks for an Integer; read as 37'], null]);
    const entry = requestLogRepo(db, { maxRows: 10, maxBytes: 1e6 }).get(1)!;
    expect(entry).toMatchObject({ note: 'operation 1', note_details: null, warnings: ['time: sent "x"'], warning_details: null });
    db.close();
  });
});
