import type { CheckReport } from '../contract/checks.js';
import type { Db } from './db.js';

/** Go-live check reports, kept whole as JSON until the next reset. */
export function goliveCheckRepo(db: Db) {
  const insert = db.prepare(
    'INSERT INTO golive_checks (public_id, merchant_id, started_at, finished_at, report) ' +
      'VALUES (@public_id, @merchant_id, @started_at, @finished_at, @report)',
  );
  const byPublicId = db.prepare<[string], { report: string }>('SELECT report FROM golive_checks WHERE public_id = ?');
  const newest = db.prepare<[number], { report: string }>('SELECT report FROM golive_checks ORDER BY id DESC LIMIT ?');
  const newestOf = db.prepare<[number, number], { report: string }>(
    'SELECT report FROM golive_checks WHERE merchant_id = ? ORDER BY id DESC LIMIT ?',
  );
  // Reports kept from before probes named their orders and answers read with those left empty.
  const parse = (r: { report: string }): CheckReport => {
    const old = JSON.parse(r.report) as Partial<CheckReport> & Pick<CheckReport, 'started_at' | 'checks'>;
    return {
      ...old,
      since: old.since ?? old.started_at,
      orders: old.orders ?? [],
      checks: old.checks.map((c) => ({ ...c, answers: c.answers ?? [] })),
    } as CheckReport;
  };
  return {
    add(merchantId: number, report: CheckReport, startedAt: number, finishedAt: number): void {
      insert.run({
        public_id: report.id,
        merchant_id: merchantId,
        started_at: startedAt,
        finished_at: finishedAt,
        report: JSON.stringify(report),
      });
    },
    get(publicId: string): CheckReport | undefined {
      const r = byPublicId.get(publicId);
      return r ? parse(r) : undefined;
    },
    list(limit: number, merchantId?: number): CheckReport[] {
      return (merchantId === undefined ? newest.all(limit) : newestOf.all(merchantId, limit)).map(parse);
    },
  };
}
export type GoliveCheckRepo = ReturnType<typeof goliveCheckRepo>;
