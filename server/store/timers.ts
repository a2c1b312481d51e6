import type { Db } from './db.js';

export interface TimerRecord {
  id: number;
  kind: string;
  ref_id: number;
  due_at: number;
}

/**
 * Due timers of the given kinds (a JSON list), walked in due order (INDEXED BY), skipping rows of
 * other kinds. Left to itself the planner picks the (kind, ref_id) index and sorts every timer of
 * those kinds at each call, which made each stop of a clock advance cost O(timers).
 */
export const DUE_OF_KINDS_SQL =
  'SELECT * FROM timers INDEXED BY timers_due WHERE due_at <= ? AND kind IN (SELECT value FROM json_each(?)) ORDER BY due_at, id LIMIT ?';
/** The earliest timer of the given kinds, by the same walk. */
export const NEXT_OF_KINDS_SQL =
  'SELECT due_at FROM timers INDEXED BY timers_due WHERE kind IN (SELECT value FROM json_each(?)) ORDER BY due_at, id LIMIT 1';

/** Persisted timers: one per (kind, ref_id); scheduling again moves it. */
export function timerRepo(db: Db) {
  const upsert = db.prepare(`INSERT INTO timers (kind, ref_id, due_at) VALUES (?, ?, ?)
    ON CONFLICT(kind, ref_id) DO UPDATE SET due_at = excluded.due_at`);
  const del = db.prepare('DELETE FROM timers WHERE kind = ? AND ref_id = ?');
  const delId = db.prepare('DELETE FROM timers WHERE id = ?');
  const due = db.prepare<[number, number], TimerRecord>('SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id LIMIT ?');
  const next = db.prepare<[], { due_at: number }>('SELECT due_at FROM timers ORDER BY due_at LIMIT 1');
  const dueOf = db.prepare<[number, string, number], TimerRecord>(DUE_OF_KINDS_SQL);
  const nextOf = db.prepare<[string], { due_at: number }>(NEXT_OF_KINDS_SQL);
  const byKind = db.prepare<[], { kind: string; n: number }>('SELECT kind, COUNT(*) AS n FROM timers GROUP BY kind');
  const get = db.prepare<[string, number], TimerRecord>('SELECT * FROM timers WHERE kind = ? AND ref_id = ?');
  return {
    schedule: (kind: string, refId: number, dueAt: number) => void upsert.run(kind, refId, dueAt),
    cancel: (kind: string, refId: number) => void del.run(kind, refId),
    remove: (id: number) => delId.run(id).changes > 0,
    get: (kind: string, refId: number) => get.get(kind, refId),
    /** Due timers, earliest first; of the given kinds only when `kinds` is given. */
    due: (now: number, limit = 500, kinds?: readonly string[]) =>
      kinds ? dueOf.all(now, JSON.stringify(kinds), limit) : due.all(now, limit),
    nextDueAt: (kinds?: readonly string[]) => (kinds ? nextOf.get(JSON.stringify(kinds)) : next.get())?.due_at ?? null,
    /** How many timers each stored kind has. */
    countByKind: (): Record<string, number> => Object.fromEntries(byKind.all().map((r) => [r.kind, r.n])),
  };
}
export type TimerRepo = ReturnType<typeof timerRepo>;
