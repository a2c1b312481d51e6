import type { Db } from './db.js';

/** Sandbox-wide settings as JSON values under string keys. */
export function settingsRepo(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  const del = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    get<T>(key: string, fallback: T): T {
      const row = get.get(key);
      return row ? (JSON.parse(row.value) as T) : fallback;
    },
    set(key: string, value: unknown): void {
      put.run(key, JSON.stringify(value));
    },
    delete(key: string): void {
      del.run(key);
    },
  };
}
export type SettingsRepo = ReturnType<typeof settingsRepo>;
