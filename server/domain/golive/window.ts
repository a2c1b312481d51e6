import type { Store } from '../../store/index.js';

/** Settings key: when the sandbox's memory began (its last reset, or the first start of its data dir). */
const KEY = 'window_started_at';

/** Notes the start of what the sandbox remembers: on a reset, and once for a new data dir. */
export function markWindowStart(store: Store, now: number, onlyIfUnset = false): void {
  if (onlyIfUnset && store.settings.get<number | null>(KEY, null) !== null) return;
  store.settings.set(KEY, now);
}

/** When the last reset was (the passive checks' default `since`); 0 when unknown. */
export const windowStart = (store: Store): number => store.settings.get<number | null>(KEY, null) ?? 0;
