import type { Db } from './db.js';

interface Member {
  fn: () => unknown;
  value: unknown;
  failed: Error | null;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** Turns of the event loop a group may wait for more creations before it commits anyway. */
export const MAX_TURNS = 8;

/**
 * Group commit for the hottest write (payment creation). Each creation touches a page of the
 * operations table and one of each of its indexes, and a commit per request wrote them all to the
 * WAL each time: about a quarter of the creation path's CPU. Creations share one
 * transaction instead, and each caller's promise resolves only after the shared COMMIT, so nothing
 * is acknowledged before it is durable. A group stays open while each turn of the event loop brings
 * it another creation (at most MAX_TURNS turns) and commits at the first turn that brings none: a
 * lone creation waits one turn, a stream of them shares the pages each commit writes (in the creation
 * benchmark groups grew from about 7 creations to about 10, and each cost less).
 * Any other writer (store.tx) commits an open group first, so every other path keeps its own
 * transaction.
 *
 * Members run without a savepoint: a savepoint copies every page it touches to a sub-journal,
 * ~15% of a creation's write. A member that throws has written part of its rows into the group,
 * so the group is rolled back and the earlier members run again, each in a savepoint this time;
 * a member's function must therefore only write to the database (it may run twice, and its
 * promise carries the value of its last run). Writes that are not a member's (a clock pause, say:
 * autocommit statements while the group is open) join its transaction and could
 * not be replayed, so a member that finds such writes commits the group first: they are durable
 * before any later member could fail.
 */
export function groupCommit(db: Db, onRollback: () => void = () => {}) {
  let members: Member[] = [];
  let open = false;
  // Which group is open: a wait scheduled for a group committed early must not commit the next one.
  let generation = 0;
  let inside = false;
  // Rows changed by this connection so far; unchanged between members unless someone else wrote.
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  let changesSeen = 0;

  function commit(): void {
    if (!open) return;
    open = false;
    const list = members;
    members = [];
    try {
      db.exec('COMMIT');
    } catch (err) {
      if (db.inTransaction) db.exec('ROLLBACK');
      onRollback();
      for (const m of list) m.reject(err as Error);
      return;
    }
    for (const m of list) m.failed ? m.reject(m.failed) : m.resolve(m.value);
  }

  /** Commits the open group at the first turn that added no member to it, or after MAX_TURNS turns. */
  function commitWhenQuiet(): void {
    const mine = generation;
    let seen = 0;
    let turns = 0;
    const check = () => {
      if (!open || generation !== mine) return;
      if (members.length > seen && ++turns < MAX_TURNS) {
        seen = members.length;
        setImmediate(check);
      } else commit();
    };
    setImmediate(check);
  }

  /** Undoes the group's writes and runs its members again, each in its own savepoint. Never throws. */
  function replay(): void {
    try {
      if (db.inTransaction) db.exec('ROLLBACK');
      onRollback();
      db.exec('BEGIN IMMEDIATE');
    } catch (err) {
      // No transaction to run them in (the database is locked or gone): none of them is written.
      open = false;
      const list = members;
      members = [];
      for (const m of list) m.reject(err as Error);
      return;
    }
    for (const m of members) {
      if (m.failed) continue;
      try {
        m.value = db.transaction(m.fn)();
      } catch (err) {
        m.failed = err as Error;
      }
    }
    changesSeen = changes.get()!;
  }

  return {
    /** A group is open and the caller is not inside one of its functions: commit it before other work. */
    pending: () => open && !inside,
    commit,
    /** Runs fn now, inside the open group; resolves with its value once the group committed. */
    run<T>(fn: () => T): Promise<T> {
      if (open && changes.get() !== changesSeen) commit();
      if (!open) {
        // Called from inside someone else's transaction: join it, it commits with its owner.
        if (db.inTransaction) return Promise.resolve(db.transaction(fn)());
        db.exec('BEGIN IMMEDIATE');
        open = true;
        generation++;
        commitWhenQuiet();
      }
      inside = true;
      let value: T;
      try {
        value = fn();
        changesSeen = changes.get()!;
      } catch (err) {
        replay();
        throw err;
      } finally {
        inside = false;
      }
      return new Promise<T>((resolve, reject) => {
        members.push({ fn, value, failed: null, resolve: resolve as (v: unknown) => void, reject });
      });
    },
  };
}
export type GroupCommit = ReturnType<typeof groupCommit>;
