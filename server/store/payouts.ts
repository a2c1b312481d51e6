import type { PayoutDecider, PayoutStatus } from '../contract/payouts.js';
import type { Db } from './db.js';
import { warningTexts, type WarningDetail } from '../contract/warnings.js';

/** A payout item as the domain sees it; times are epoch ms on the sandbox clock. */
export interface PayoutRecord {
  id: number;
  payroll_id: number;
  merchant_id: number;
  order_id: string;
  credit_note: string;
  /** The item as accepted (with its resolved `country`). */
  item: Record<string, unknown>;
  /** Decimal as accepted, e.g. "1500.5". */
  amount: string;
  channel_url: string;
  /** Created by an incident replay that holds back callbacks to the addresses recorded in production. */
  callback_held: boolean;
  status: PayoutStatus;
  /** 1 in process, 2 approved, 3 rejected, 4 rejected by the bank, 5 paid. */
  transfer_status: number;
  /** What liberal validation accepted against the service's advice. */
  warnings: string[];
  /** The same warnings as codes and values; null on items kept before warnings had codes. */
  warning_details: WarningDetail[] | null;
  decided_by: PayoutDecider | null;
  reference: string | null;
  otp_code: string | null;
  created_at: number;
  processed_at: number | null;
  updated_at: number;
}

export type NewPayout = Pick<
  PayoutRecord,
  'payroll_id' | 'merchant_id' | 'order_id' | 'credit_note' | 'item' | 'amount' | 'channel_url' | 'created_at'
> & { callback_held?: boolean; warning_details: readonly WarningDetail[] };

export interface PayrollRecord {
  id: number;
  merchant_id: number;
  created_at: number;
  process_at: number;
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  /** Sum of the items' amounts, exact to the cent. */
  amount_cents: number;
}

interface PayoutRow extends Omit<PayoutRecord, 'item' | 'warnings' | 'warning_details' | 'updated_at' | 'callback_held'> {
  callback_held: number;
  item: string;
  warnings: string;
  warning_details: string | null;
  updated_at: number | null;
}

const fromRow = (r: PayoutRow): PayoutRecord => ({
  ...r,
  item: JSON.parse(r.item) as Record<string, unknown>,
  warnings: JSON.parse(r.warnings) as string[],
  warning_details: r.warning_details === null ? null : (JSON.parse(r.warning_details) as WarningDetail[]),
  updated_at: r.updated_at ?? r.processed_at ?? r.created_at,
  callback_held: r.callback_held === 1,
});

export interface PayoutFilter {
  payroll_id?: number;
  merchant_id?: number;
  status?: PayoutStatus;
  /** Only ids below this (the cursor). */
  before_id?: number;
  credit_note?: string;
  order_id?: string;
}

/** A change of transfer_status (and the status it implies) written on a payout. */
export interface PayoutChange {
  status: PayoutStatus;
  transfer_status: number;
  decided_by: PayoutDecider;
  reference: string | null;
  otp_code: string | null;
  at: number;
}

const PAYROLL_COLUMNS = `p.id, p.merchant_id, p.created_at, p.process_at,
  COUNT(o.id) AS total,
  COALESCE(SUM(o.status = 'pending'), 0) AS pending,
  COALESCE(SUM(o.status = 'approved'), 0) AS approved,
  COALESCE(SUM(o.status = 'rejected'), 0) AS rejected,
  COALESCE(SUM(CAST(ROUND(CAST(o.amount AS REAL) * 100) AS INTEGER)), 0) AS amount_cents`;

/** Payrolls (accepted batches) and their payout items. */
export function payoutRepo(db: Db) {
  const insertPayroll = db.prepare('INSERT INTO payrolls (merchant_id, created_at, process_at) VALUES (?, ?, ?)');
  const insertPayout = db.prepare(`INSERT INTO payouts (payroll_id, merchant_id, order_id, credit_note, item, amount,
      channel_url, created_at, updated_at, warnings, warning_details, callback_held)
    VALUES (@payroll_id, @merchant_id, @order_id, @credit_note, @item, @amount, @channel_url, @created_at, @created_at, @warnings,
      @warning_details,
      @callback_held)`);
  const byId = db.prepare<[number], PayoutRow>('SELECT * FROM payouts WHERE id = ?');
  const creditNoteTaken = db.prepare<[number, string], { id: number }>('SELECT id FROM payouts WHERE merchant_id = ? AND credit_note = ?');
  // By payouts_payroll (payroll_id, id): a LIMIT stops at the first n pending items of the payroll.
  const pendingOf = db.prepare<[number, number], PayoutRow>(
    "SELECT * FROM payouts WHERE payroll_id = ? AND status = 'pending' ORDER BY id LIMIT ?",
  );
  const allPending = db.prepare<[number], PayoutRow>("SELECT * FROM payouts WHERE status = 'pending' ORDER BY id LIMIT ?");
  // Guarded by the transfer_status read before: a concurrent change makes it a no-op (changes = 0).
  const change = db.prepare(`UPDATE payouts SET status = @status, transfer_status = @transfer_status,
      decided_by = @decided_by, reference = @reference, otp_code = @otp_code,
      processed_at = COALESCE(processed_at, @at), updated_at = @at
    WHERE id = @id AND transfer_status = @from`);
  const payrollById = db.prepare<[number], PayrollRecord>(
    `SELECT ${PAYROLL_COLUMNS} FROM payrolls p LEFT JOIN payouts o ON o.payroll_id = p.id WHERE p.id = ? GROUP BY p.id`,
  );
  const payrollProcessAt = db.prepare<[number], { process_at: number }>('SELECT process_at FROM payrolls WHERE id = ?');
  const cache = new Map<string, ReturnType<Db['prepare']>>();
  const prepared = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = db.prepare(sql)));
    return stmt;
  };

  return {
    /** Inserts a payroll; returns its id. */
    insertPayroll: (merchantId: number, createdAt: number, processAt: number): number =>
      Number(insertPayroll.run(merchantId, createdAt, processAt).lastInsertRowid),
    insert: (p: NewPayout): number =>
      Number(
        insertPayout.run({
          ...p,
          item: JSON.stringify(p.item),
          // The words and the codes of the same warnings, the words written from the codes.
          warnings: JSON.stringify(warningTexts(p.warning_details)),
          warning_details: JSON.stringify(p.warning_details),
          callback_held: p.callback_held ? 1 : 0,
        }).lastInsertRowid,
      ),
    get: (id: number): PayoutRecord | undefined => {
      const r = byId.get(id);
      return r ? fromRow(r) : undefined;
    },
    isCreditNoteTaken: (merchantId: number, creditNote: string): boolean => creditNoteTaken.get(merchantId, creditNote) !== undefined,
    /** Pending items of one payroll, or of every payroll when none is given, oldest first; the first `limit` (-1: all). */
    pending: (payrollId?: number, limit = -1): PayoutRecord[] =>
      (payrollId === undefined ? allPending.all(limit) : pendingOf.all(payrollId, limit)).map(fromRow),
    /** Whether a payroll still has a pending item (reads at most one row). */
    hasPending: (payrollId: number): boolean => pendingOf.get(payrollId, 1) !== undefined,
    /** Moves an item from transfer_status `from`; false when it was no longer there. */
    change: (id: number, from: number, c: PayoutChange): boolean => change.run({ id, from, ...c }).changes === 1,
    list(f: PayoutFilter, limit: number): PayoutRecord[] {
      const where: string[] = [];
      const params: Record<string, unknown> = { limit };
      if (f.before_id !== undefined) (where.push('id < @before_id'), (params.before_id = f.before_id));
      if (f.payroll_id !== undefined) (where.push('payroll_id = @payroll_id'), (params.payroll_id = f.payroll_id));
      if (f.merchant_id !== undefined) (where.push('merchant_id = @merchant_id'), (params.merchant_id = f.merchant_id));
      if (f.status !== undefined) (where.push('status = @status'), (params.status = f.status));
      if (f.credit_note !== undefined) (where.push('credit_note = @credit_note'), (params.credit_note = f.credit_note));
      if (f.order_id !== undefined) (where.push('order_id = @order_id'), (params.order_id = f.order_id));
      const sql = `SELECT * FROM payouts ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id DESC LIMIT @limit`;
      return (prepared(sql).all(params) as PayoutRow[]).map(fromRow);
    },
    payroll: (id: number): PayrollRecord | undefined => payrollById.get(id),
    processAtOf: (payrollId: number): number | undefined => payrollProcessAt.get(payrollId)?.process_at,
    listPayrolls(f: { merchant_id?: number; before_id?: number }, limit: number): PayrollRecord[] {
      const where: string[] = [];
      const params: Record<string, unknown> = { limit };
      if (f.before_id !== undefined) (where.push('p.id < @before_id'), (params.before_id = f.before_id));
      if (f.merchant_id !== undefined) (where.push('p.merchant_id = @merchant_id'), (params.merchant_id = f.merchant_id));
      const sql = `SELECT ${PAYROLL_COLUMNS} FROM payrolls p LEFT JOIN payouts o ON o.payroll_id = p.id
        ${where.length ? 'WHERE ' + where.join(' AND ') : ''} GROUP BY p.id ORDER BY p.id DESC LIMIT @limit`;
      return prepared(sql).all(params) as PayrollRecord[];
    },
  };
}
export type PayoutRepo = ReturnType<typeof payoutRepo>;
