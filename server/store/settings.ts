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
  // Values read on hot paths, kept with the reader and the text they came from (see `parsed`).
  const values = new Map<string, { read: (value: unknown) => unknown; text: string | null; value: unknown }>();
  const textOf = (key: string): string | null => texts.get(key, () => get.get(key)?.value ?? null) ?? null;
  return {
    get<T>(key: string, fallback: T): T {
      const text = textOf(key);
      return text == null ? fallback : (JSON.parse(text) as T);
    },
    /**
     * `read` of the stored value (`fallback` when none), parsed once per stored text: the same
     * result goes to every caller until the key is written, so `read` must return a frozen value.
     * For values read by every request (the fault rules).
     */
    parsed<T>(key: string, fallback: unknown, read: (value: unknown) => T): T {
      const text = textOf(key);
      const hit = values.get(key);
      if (hit && hit.read === read && hit.text === text) return hit.value as T;
      const value = read(text == null ? fallback : JSON.parse(text));
      values.set(key, { read, text, value });
      return value;
    },
    set(key: string, value: unknown): void {
      texts.delete(key);
      values.delete(key);
      put.run(key, JSON.stringify(value));
    },
    delete(key: string): void {
      texts.delete(key);
      values.delete(key);
      del.run(key);
    },
    /** Drops cached values: after a wipe or a rollback. */
    forgetCached: () => {
      texts.clear();
      values.clear();
    },
  };
}
export type SettingsRepo = ReturnType<typeof settingsRepo>;

/** Settings key of the sandbox-wide settings (retries, payout mode, …). */
const SANDBOX_KEY = 'sandbox';

/** Current sandbox-wide settings (defaults for anything never set). Read here so delivery and domain share one reader. */
export function readSandboxSettings(repo: SettingsRepo): SandboxSettings {
  return { ...DEFAULT_SETTINGS, ...readChosenSettings(repo) };
}

/** Only the settings someone set: a default left alone stays out, so a later release's default reaches it. */
export const readChosenSettings = (repo: SettingsRepo): Partial<SandboxSettings> => repo.get<Partial<SandboxSettings>>(SANDBOX_KEY, {});

export function writeSandboxSettings(repo: SettingsRepo, chosen: Partial<SandboxSettings>): void {
  repo.set(SANDBOX_KEY, chosen);
}
