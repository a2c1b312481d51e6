import type { PayoutDecider, PayoutStatus } from '../contract/payouts.js';
import type { Db } from './db.js';

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
  status: PayoutStatus;
  decided_by: PayoutDecider | null;
  reference: string | null;
  otp_code: string | null;
  created_at: number;
  processed_at: number | null;
}

export type NewPayout = Pick<PayoutRecord, 'payroll_id' | 'merchant_id' | 'order_id' | 'credit_note' | 'item' | 'amount' | 'channel_url' | 'created_at'>;

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

interface PayoutRow extends Omit<PayoutRecord, 'item'> {
  item: string;
}

const fromRow = (r: PayoutRow): PayoutRecord => ({ ...r, item: JSON.parse(r.item) as Record<string, unknown> });

export interface PayoutFilter {
  payroll_id?: number;
  merchant_id?: number;
  status?: PayoutStatus;
  /** Only ids below this (the cursor). */
  before_id?: number;
}

/** A decision written on a pending payout. */
export interface PayoutDecision {
  status: Exclude<PayoutStatus, 'pending'>;
  decided_by: PayoutDecider;
  reference: string;
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
      channel_url, created_at)
    VALUES (@payroll_id, @merchant_id, @order_id, @credit_note, @item, @amount, @channel_url, @created_at)`);
  const byId = db.prepare<[number], PayoutRow>('SELECT * FROM payouts WHERE id = ?');
  const creditNoteTaken = db.prepare<[number, string], { id: number }>('SELECT id FROM payouts WHERE merchant_id = ? AND credit_note = ?');
  const pendingOf = db.prepare<[number], PayoutRow>("SELECT * FROM payouts WHERE payroll_id = ? AND status = 'pending' ORDER BY id");
  const allPending = db.prepare<[], PayoutRow>("SELECT * FROM payouts WHERE status = 'pending' ORDER BY id");
  const decide = db.prepare(`UPDATE payouts SET status = @status, decided_by = @decided_by, reference = @reference,
      otp_code = @otp_code, processed_at = @at WHERE id = @id AND status = 'pending'`);
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
    insert: (p: NewPayout): number => Number(insertPayout.run({ ...p, item: JSON.stringify(p.item) }).lastInsertRowid),
    get: (id: number): PayoutRecord | undefined => {
      const r = byId.get(id);
      return r ? fromRow(r) : undefined;
    },
    isCreditNoteTaken: (merchantId: number, creditNote: string): boolean => creditNoteTaken.get(merchantId, creditNote) !== undefined,
    /** Pending items of one payroll, or of every payroll when none is given, oldest first. */
    pending: (payrollId?: number): PayoutRecord[] => (payrollId === undefined ? allPending.all() : pendingOf.all(payrollId)).map(fromRow),
    /** Writes a decision on a pending item; false when it was no longer pending. */
    decide: (id: number, d: PayoutDecision): boolean => decide.run({ id, ...d }).changes === 1,
    list(f: PayoutFilter, limit: number): PayoutRecord[] {
      const where: string[] = [];
      const params: Record<string, unknown> = { limit };
      if (f.before_id !== undefined) (where.push('id < @before_id'), (params.before_id = f.before_id));
      if (f.payroll_id !== undefined) (where.push('payroll_id = @payroll_id'), (params.payroll_id = f.payroll_id));
      if (f.merchant_id !== undefined) (where.push('merchant_id = @merchant_id'), (params.merchant_id = f.merchant_id));
      if (f.status !== undefined) (where.push('status = @status'), (params.status = f.status));
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
