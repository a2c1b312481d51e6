import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { CacheKey } from './cache-keys';

/**
 * The console's one cache of server data. Entries are keyed by the `CacheKey`s of ./cache-keys.ts
 * such as `op:12` or `merchants`; live events invalidate by key prefix. Only entries someone is looking at refetch,
 * at most one request in flight per key, so a burst of events never becomes a burst of requests.
 */
export interface Snapshot<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

interface Entry {
  snap: Snapshot<unknown>;
  fetcher: (() => Promise<unknown>) | null;
  subscribers: number;
  inFlight: boolean;
  again: boolean;
  stale: boolean;
  lastStart: number;
  listeners: Set<() => void>;
}

const MIN_GAP_MS = 250;
const entries = new Map<string, Entry>();
const EMPTY: Snapshot<unknown> = { data: undefined, error: undefined, loading: false };

function entry(key: string): Entry {
  let e = entries.get(key);
  if (!e) {
    e = { snap: EMPTY, fetcher: null, subscribers: 0, inFlight: false, again: false, stale: true, lastStart: 0, listeners: new Set() };
    entries.set(key, e);
  }
  return e;
}

function publish(e: Entry, next: Partial<Snapshot<unknown>>): void {
  e.snap = { ...e.snap, ...next };
  for (const l of e.listeners) l();
}

async function run(key: string): Promise<void> {
  const e = entry(key);
  if (!e.fetcher) return;
  if (e.inFlight) {
    e.again = true;
    return;
  }
  const wait = e.lastStart + MIN_GAP_MS - Date.now();
  if (wait > 0) {
    e.inFlight = true;
    await new Promise((r) => setTimeout(r, wait));
    e.inFlight = false;
  }
  e.inFlight = true;
  e.again = false;
  e.stale = false;
  e.lastStart = Date.now();
  publish(e, { loading: true });
  try {
    const data = await e.fetcher();
    publish(e, { data, error: undefined, loading: false });
  } catch (error) {
    publish(e, { error, loading: false });
  } finally {
    e.inFlight = false;
  }
  if (e.again && e.subscribers > 0) void run(key);
}

/**
 * Refetches watched entries named `prefix` or below it (`op` covers `op:12`, `op:12` not `op:123`);
 * others refetch when next watched. An empty prefix covers everything.
 */
export function invalidate(prefix: CacheKey | '' = ''): void {
  for (const [key, e] of entries) {
    if (prefix && key !== prefix && !key.startsWith(prefix + ':')) continue;
    e.stale = true;
    if (e.subscribers > 0) void run(key);
  }
}

/** Writes data straight into the cache (a live event that carries the whole value, an action's answer). */
export function setData<T>(key: CacheKey, update: T | ((prev: T | undefined) => T)): void {
  const e = entry(key);
  const prev = e.snap.data as T | undefined;
  const data = typeof update === 'function' ? (update as (p: T | undefined) => T)(prev) : update;
  publish(e, { data, error: undefined });
}

export function getData<T>(key: CacheKey): T | undefined {
  return entries.get(key)?.snap.data as T | undefined;
}

/** Watches one cache entry; fetches it when missing or stale. A null key watches nothing. */
export function useResource<T>(key: CacheKey | null, fetcher: () => Promise<T>): Snapshot<T> & { reload: () => void } {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!key) return () => {};
      const e = entry(key);
      e.listeners.add(listener);
      return () => e.listeners.delete(listener);
    },
    [key],
  );
  const snap = useSyncExternalStore(subscribe, () => (key ? entry(key).snap : EMPTY)) as Snapshot<T>;
  useEffect(() => {
    if (!key) return;
    const e = entry(key);
    e.fetcher = fetcher;
    e.subscribers++;
    if (e.stale && !e.inFlight) void run(key);
    return () => {
      e.subscribers--;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher belongs to the key: a new key brings a new fetcher
  }, [key]);
  const reload = useCallback(() => {
    if (key) void run(key);
  }, [key]);
  return { ...snap, reload };
}
