import type { SandboxSettings } from '../contract/settings.js';
import type { Store } from '../store/index.js';
import { readSandboxSettings, writeSandboxSettings } from '../store/settings.js';

/** Current sandbox-wide settings (defaults for anything never set). */
export function getSettings(store: Store): SandboxSettings {
  return readSandboxSettings(store.settings);
}

export function updateSettings(store: Store, patch: Partial<SandboxSettings>): SandboxSettings {
  const next = { ...getSettings(store), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
  writeSandboxSettings(store.settings, next);
  return next;
}
