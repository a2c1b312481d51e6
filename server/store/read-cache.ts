/**
 * Hot reads kept between writes. Every creation looks up its merchant and the sandbox settings; on
 * a disk database each of those autocommit reads takes SQLite's WAL read lock, which cost about 7%
 * of the creation path. Entries are dropped by the writes of the same rows (the repositories),
 * by bundle imports and wipes, and wholesale whenever a transaction rolls back, so a value read
 * inside a transaction that is later undone never outlives it.
 */
export function readCache<V>() {
  const entries = new Map<string, V>();
  return {
    /** The cached value, or load() cached when it found something (misses are not kept). */
    get(key: string, load: () => V | undefined): V | undefined {
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const value = load();
      if (value !== undefined) entries.set(key, value);
      return value;
    },
    delete: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}
export type ReadCache<V> = ReturnType<typeof readCache<V>>;

/** Freezes a record and its nested objects, so a cached value shared by callers cannot be changed in place. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
