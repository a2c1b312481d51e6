import type { Db } from './db.js';

/** One kept replay: its report (as answered) and what was sent per entry, both parsed back. */
export interface ReplayRecord {
  id: number;
  merchant_id: number;
  created_at: number;
  report: unknown;
  sent: unknown;
}

/** A kept replay's counters, for the list. */
export interface ReplayRow {
  id: number;
  merchant_id: number;
  created_at: number;
  entries: number;
  replayed: number;
  operations: number;
  drift_count: number;
  source: string | null;
}

export interface NewReplay {
  merchant_id: number;
  created_at: number;
  source: string | null;
  entries: number;
  replayed: number;
  operations: number;
  drift_count: number;
}

/** Kept incident replays. A row is written once the replay has run; its id is taken first. */
export function replayRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO replays (merchant_id, created_at, source, entries, replayed, operations, drift_count, report, sent)
    VALUES (@merchant_id, @created_at, @source, @entries, @replayed, @operations, @drift_count, '{}', '[]')`);
  const finish = db.prepare(`UPDATE replays SET entries = @entries, replayed = @replayed, operations = @operations,
    drift_count = @drift_count, report = @report, sent = @sent WHERE id = @id`);
  const byId = db.prepare<[number], { id: number; merchant_id: number; created_at: number; report: string; sent: string }>(
    'SELECT id, merchant_id, created_at, report, sent FROM replays WHERE id = ?',
  );
  const page = db.prepare<[number, number], ReplayRow>(
    `SELECT id, merchant_id, created_at, source, entries, replayed, operations, drift_count FROM replays
      WHERE id < ? ORDER BY id DESC LIMIT ?`,
  );
  return {
    /** Takes an id for a replay about to run (its report is written by `finish`). */
    start: (r: NewReplay) => Number(insert.run(r).lastInsertRowid),
    /** Writes a replay's report and what it sent, each given as JSON text (a large report is written in slices). */
    finish: (id: number, r: Omit<NewReplay, 'merchant_id' | 'created_at' | 'source'> & { report: string; sent: string }) =>
      void finish.run({ ...r, id }),
    get: (id: number): ReplayRecord | undefined => {
      const row = byId.get(id);
      return row && { ...row, report: JSON.parse(row.report) as unknown, sent: JSON.parse(row.sent) as unknown };
    },
    list: (limit: number, beforeId?: number) => page.all(beforeId ?? Number.MAX_SAFE_INTEGER, limit),
  };
}
export type ReplayRepo = ReturnType<typeof replayRepo>;
