import type { Db } from './db.js';

/** The tables an export bundle carries, in an order where every row's references come first. */
export const BUNDLE_TABLES = [
  'merchants',
  'operations',
  'operation_events',
  'payrolls',
  'payouts',
  'notifications',
  'notification_attempts',
  'spei_transfers',
  'timers',
] as const;
export type BundleTable = (typeof BUNDLE_TABLES)[number];

/** One row as SQLite holds it: column name to a primitive value. */
export type RawRow = Record<string, string | number | null>;

/**
 * Whole-table reads and column-tolerant inserts for export/import. Rows are read with `SELECT *`, so
 * columns added by later migrations travel in bundles without this file knowing them; inserts keep
 * only the columns the target schema has, so a bundle from another schema version still loads.
 */
export function bundleRepo(db: Db, afterInsert: (t: BundleTable) => void = () => {}) {
  const columns = new Map<BundleTable, string[]>();
  const selectAll = new Map<BundleTable, ReturnType<typeof db.prepare<[], RawRow>>>();
  for (const t of BUNDLE_TABLES) {
    columns.set(
      t,
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${t}')`)
        .all()
        .map((c) => c.name),
    );
    selectAll.set(t, db.prepare<[], RawRow>(`SELECT * FROM "${t}" ORDER BY id`));
  }
  const inserts = new Map<string, ReturnType<Db['prepare']>>();
  const tokenTaken = db.prepare<[string], { id: number }>('SELECT id FROM operations WHERE token = ?');
  const publicIdTaken = db.prepare<[string], { id: number }>('SELECT id FROM notifications WHERE public_id = ?');
  const creditNoteTaken = db.prepare<[number, string], { id: number }>('SELECT id FROM payouts WHERE merchant_id = ? AND credit_note = ?');
  const transferTaken = db.prepare<[string, number, string, number], { id: number }>(
    'SELECT id FROM spei_transfers WHERE clabe = ? AND amount_cents = ? AND rfc = ? AND received_at = ?',
  );
  const clabeTaken = db.prepare<[string], { id: number }>('SELECT id FROM merchants WHERE clabe = ?');
  const tokenOfMerchantTaken = db.prepare<[string], { id: number }>('SELECT id FROM merchants WHERE payout_token = ?');
  const nextMerchantId = db.prepare<[], { n: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS n FROM merchants');

  return {
    /** Column names of a table in this database. */
    columnsOf: (t: BundleTable): string[] => columns.get(t) ?? [],
    /** Every row of a table, by id. */
    all: (t: BundleTable): RawRow[] => selectAll.get(t)!.all(),
    /**
     * Inserts a row (without its `id`: SQLite assigns a new one) keeping only known columns;
     * answers the new id and the columns that were dropped.
     */
    insert(t: BundleTable, row: RawRow): { id: number; dropped: string[] } {
      const known = new Set(columns.get(t));
      const keys = Object.keys(row).filter((k) => k !== 'id' && known.has(k));
      const dropped = Object.keys(row).filter((k) => k !== 'id' && !known.has(k));
      const sql = `INSERT INTO "${t}" (${keys.map((k) => `"${k}"`).join(', ')}) VALUES (${keys.map((k) => `@${k}`).join(', ')})`;
      let stmt = inserts.get(sql);
      if (!stmt) inserts.set(sql, (stmt = db.prepare(sql)));
      const info = stmt.run(Object.fromEntries(keys.map((k) => [k, row[k]])));
      afterInsert(t);
      return { id: Number(info.lastInsertRowid), dropped };
    },
    operationByToken: (token: string) => tokenTaken.get(token)?.id,
    notificationByPublicId: (publicId: string) => publicIdTaken.get(publicId)?.id,
    payoutByCreditNote: (merchantId: number, creditNote: string) => creditNoteTaken.get(merchantId, creditNote)?.id,
    sameTransfer: (clabe: string, amountCents: number, rfc: string, receivedAt: number) =>
      transferTaken.get(clabe, amountCents, rfc, receivedAt)?.id,
    clabeTaken: (clabe: string) => clabeTaken.get(clabe) !== undefined,
    payoutTokenTaken: (token: string) => tokenOfMerchantTaken.get(token) !== undefined,
    nextMerchantId: () => nextMerchantId.get()!.n,
  };
}
export type BundleRepo = ReturnType<typeof bundleRepo>;
