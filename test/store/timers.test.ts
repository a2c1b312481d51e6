import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../server/store/db.js';
import { DUE_OF_KINDS_SQL, NEXT_OF_KINDS_SQL, timerRepo, type TimerRepo } from '../../server/store/timers.js';

const KINDS = ['operation.expire', 'notification.retry'];
let db: Db;
let timers: TimerRepo;

beforeEach(() => {
  db = openDb(':memory:');
  migrate(db);
  timers = timerRepo(db);
});
afterEach(() => db.close());

const plan = (sql: string, ...args: unknown[]) =>
  db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...args)
    .map((r) => (r as { detail: string }).detail)
    .join('\n');

describe('timers of the handled kinds', () => {
  // A clock advance asks both questions at every stop: a plan that sorts every timer of those kinds
  // turns a month's walk through 10,000 timers into seconds of sorting.
  it('are read in due order from the due index, without sorting every timer', () => {
    for (const [sql, args] of [
      [DUE_OF_KINDS_SQL, [0, JSON.stringify(KINDS), 10]],
      [NEXT_OF_KINDS_SQL, [JSON.stringify(KINDS)]],
    ] as const) {
      const p = plan(sql, ...args);
      expect(p).toContain('USING INDEX timers_due');
      expect(p).not.toContain('TEMP B-TREE');
    }
  });

  it('skip rows of other kinds, earliest first, and keep them stored', () => {
    timers.schedule('operation.expire', 1, 300);
    timers.schedule('future.kind', 1, 100);
    timers.schedule('notification.retry', 7, 200);
    timers.schedule('operation.expire', 2, 200);
    expect(timers.nextDueAt(KINDS)).toBe(200);
    expect(timers.due(250, 10, KINDS).map((t) => [t.kind, t.ref_id])).toEqual([
      ['notification.retry', 7],
      ['operation.expire', 2],
    ]);
    expect(timers.due(1000, 1, KINDS).map((t) => t.due_at)).toEqual([200]);
    expect(timers.nextDueAt()).toBe(100);
    expect(timers.countByKind()['future.kind']).toBe(1);
  });
});
