import { DEFAULT_SETTINGS, type SandboxSettings } from '../contract/settings.js';
import type { Db } from './db.js';
import { readCache } from './read-cache.js';

/** Sandbox-wide settings as JSON values under string keys. */
export function settingsRepo(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  const del = db.prepare('DELETE FROM settings WHERE key = ?');
  // The stored text is cached, never the parsed value: every caller gets its own copy. Keys are
  // the code's own constants, so a missing key is cached too (as null).
  const texts = readCache<string | null>();
  return {
    get<T>(key: string, fallback: T): T {
      const text = texts.get(key, () => get.get(key)?.value ?? null);
      return text == null ? fallback : (JSON.parse(text) as T);
    },
    set(key: string, value: unknown): void {
      texts.delete(key);
      put.run(key, JSON.stringify(value));
    },
    delete(key: string): void {
      texts.delete(key);
      del.run(key);
    },
    /** Drops cached values: after a wipe or a rollback. */
    forgetCached: () => texts.clear(),
  };
}
export type SettingsRepo = ReturnType<typeof settingsRepo>;

/** Settings key of the sandbox-wide settings (retries, payout mode, …). */
const SANDBOX_KEY = 'sandbox';

/** Current sandbox-wide settings (defaults for anything never set). Read here so delivery and domain share one reader. */
export function readSandboxSettings(repo: SettingsRepo): SandboxSettings {
  return { ...DEFAULT_SETTINGS, ...repo.get<Partial<SandboxSettings>>(SANDBOX_KEY, {}) };
}

export function writeSandboxSettings(repo: SettingsRepo, next: SandboxSettings): void {
  repo.set(SANDBOX_KEY, next);
}
