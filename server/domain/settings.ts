import type { SandboxSettings } from '../contract/settings.js';
import type { Store } from '../store/index.js';
import { readChosenSettings, readSandboxSettings, writeSandboxSettings } from '../store/settings.js';

/** Saves the named settings beside the ones set before; defaults are never written. */
export function updateSettings(store: Store, patch: Partial<SandboxSettings>): SandboxSettings {
  const chosen = { ...readChosenSettings(store.settings), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
  writeSandboxSettings(store.settings, chosen);
  return readSandboxSettings(store.settings);
}
