import { DEFAULT_SETTINGS, type SandboxSettings } from '../contract/settings.js';
import type { Store } from '../store/index.js';

const KEY = 'sandbox';

/** Current sandbox-wide settings (defaults for anything never set). */
export function getSettings(store: Store): SandboxSettings {
  return { ...DEFAULT_SETTINGS, ...store.settings.get<Partial<SandboxSettings>>(KEY, {}) };
}

export function updateSettings(store: Store, patch: Partial<SandboxSettings>): SandboxSettings {
  const next = { ...getSettings(store), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
  store.settings.set(KEY, next);
  return next;
}
