import { createHash } from 'node:crypto';
import type { Db } from './db.js';

/**
 * A digest of every row of every state table (the request log, which any request may write, is a
 * database of its own), so reliability tests can prove that a rejected request
 * changed nothing, and integrity checks can list row counts after a crash. Read-only; one snapshot.
 */
export function storeFingerprint(db: Db): { digest: string; counts: Record<string, number> } {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((t) => t.name);
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  const read = db.transaction(() => {
    for (const t of tables) {
      // Table names come from sqlite_master, never from a request.
      const rows = db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).raw().all();
      counts[t] = rows.length;
      hash.update(
        t +
          '\u0000' +
          JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? v.toString('hex') : v)),
      );
    }
  });
  read();
  return { digest: hash.digest('hex'), counts };
}

/** Structural integrity of the database file (after a crash): SQLite's own check plus foreign keys. */
export function integrityProblems(db: Db): string[] {
  const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  const out = problems.map((p) => p.integrity_check).filter((p) => p !== 'ok');
  const fk = db.pragma('foreign_key_check') as unknown[];
  if (fk.length > 0) out.push(`${fk.length} foreign key violations`);
  return out;
}
