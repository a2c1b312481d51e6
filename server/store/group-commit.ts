import type { Db } from './db.js';

/**
 * Group commit for the hottest write (payment creation). Each creation touches ~15 pages (the
 * operation and its nine indexes, its event, its expiry timer), and a commit per request wrote them
 * all to the WAL each time: about a quarter of the creation path's CPU. Creations that run in the
 * same event-loop turn share one transaction instead; each runs in its own savepoint (a failed one
 * undoes only its writes), and each caller's promise resolves only after the shared COMMIT, so
 * nothing is acknowledged before it is durable. Any other writer (store.tx) commits an open group
 * first, so every other path keeps its own transaction and its own durability.
 */
export function groupCommit(db: Db, onRollback: () => void = () => {}) {
  let waiters: { resolve: () => void; reject: (err: Error) => void }[] = [];
  let open = false;
  let inside = false;

  function commit(): void {
    if (!open) return;
    open = false;
    const list = waiters;
    waiters = [];
    try {
      db.exec('COMMIT');
    } catch (err) {
      if (db.inTransaction) db.exec('ROLLBACK');
      onRollback();
      for (const w of list) w.reject(err as Error);
      return;
    }
    for (const w of list) w.resolve();
  }

  return {
    /** A group is open and the caller is not inside one of its functions: commit it before other work. */
    pending: () => open && !inside,
    commit,
    /** Runs fn now, in a savepoint of the open group; resolves with its value once the group committed. */
    run<T>(fn: () => T): Promise<T> {
      if (!open) {
        // Called from inside someone else's transaction: join it, it commits with its owner.
        if (db.inTransaction) return Promise.resolve(db.transaction(fn)());
        db.exec('BEGIN IMMEDIATE');
        open = true;
        setImmediate(commit);
      }
      inside = true;
      let value: T;
      try {
        value = db.transaction(fn)();
      } finally {
        inside = false;
      }
      return new Promise<T>((resolve, reject) => waiters.push({ resolve: () => resolve(value), reject }));
    },
  };
}
export type GroupCommit = ReturnType<typeof groupCommit>;
