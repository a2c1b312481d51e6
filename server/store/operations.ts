import type { OperationStatus } from '../contract/common.js';
import { readDetails, type OperationDetails } from '../contract/operation-details.js';
import type { Dialect } from '../contract/protocol.js';
import type { Db } from './db.js';

/** An operation as the domain sees it; times are epoch ms on the sandbox clock. */
export interface OperationRecord {
  id: number;
  merchant_id: number;
  token: string;
  trans_id: string;
  channel: number;
  amount: string;
  amount_cents: number;
  currency: string;
  status: OperationStatus;
  method: string | null;
  user_bank_code: string | null;
  direct_integration: boolean;
  url_ok: string;
  url_error: string;
  shopper: Record<string, unknown>;
  doc_number: string | null;
  email: string | null;
  rfc: string | null;
  /** The creation fields exactly as sent (strings). */
  request: Record<string, string>;
  /** Channel-specific data: warnings, direct response, voucher reference, card data, … */
  details: OperationDetails;
  created_at: number;
  expires_at: number;
  updated_at: number;
  /** The older dialect the creation was sent in (its `channel` is then a legacy channel 0–4); null: current. */
  protocol: Dialect | null;
  /** The go-live check report that created this probe operation; absent or null otherwise. */
  check_report?: string | null;
  /** `golive:<check id>` on a probe operation; absent or null otherwise. */
  test_label?: string | null;
}

export type NewOperation = Omit<OperationRecord, 'id' | 'status' | 'updated_at' | 'check_report' | 'test_label' | 'protocol'> & {
  protocol?: Dialect | null;
};

export interface OperationEventRecord {
  id: number;
  operation_id: number;
  at: number;
  kind: string;
  actor: string;
  from_status: string | null;
  to_status: string | null;
  details: Record<string, unknown>;
}

interface Row extends Omit<OperationRecord, 'direct_integration' | 'shopper' | 'request' | 'details'> {
  direct_integration: number;
  shopper: string;
  request: string;
  details: string;
}
interface EventRow extends Omit<OperationEventRecord, 'details'> {
  details: string;
}

/** What a row keeps besides what its creation gave. */
type Kept = Pick<OperationRecord, 'id' | 'status' | 'updated_at' | 'protocol'> &
  Partial<Pick<OperationRecord, 'check_report' | 'test_label'>>;
type Given = Omit<NewOperation, 'protocol' | 'direct_integration' | 'shopper' | 'request' | 'details'>;
type Parsed = Pick<OperationRecord, 'direct_integration' | 'shopper' | 'request' | 'details'>;

/**
 * Every OperationRecord is built here, in one literal: one hidden class for all of them. In V8 a
 * spread followed by more keys (`{ ...row, id }`) gives each object a class of its own (~3.5 KB), and
 * every place that reads records an inline cache that never settles.
 */
const record = (g: Given, p: Parsed, k: Kept): OperationRecord => ({
  id: k.id,
  merchant_id: g.merchant_id,
  token: g.token,
  trans_id: g.trans_id,
  channel: g.channel,
  amount: g.amount,
  amount_cents: g.amount_cents,
  currency: g.currency,
  status: k.status,
  method: g.method,
  user_bank_code: g.user_bank_code,
  direct_integration: p.direct_integration,
  url_ok: g.url_ok,
  url_error: g.url_error,
  shopper: p.shopper,
  doc_number: g.doc_number,
  email: g.email,
  rfc: g.rfc,
  request: p.request,
  details: p.details,
  created_at: g.created_at,
  expires_at: g.expires_at,
  updated_at: k.updated_at,
  protocol: k.protocol,
  check_report: k.check_report ?? null,
  test_label: k.test_label ?? null,
});

const fromRow = (r: Row): OperationRecord =>
  record(
    r,
    {
      direct_integration: r.direct_integration === 1,
      shopper: JSON.parse(r.shopper) as Record<string, unknown>,
      request: JSON.parse(r.request) as Record<string, string>,
      // Typed on the way out; a key an old bundle stored with another type reads as absent.
      details: readDetails(JSON.parse(r.details)),
    },
    r,
  );
/** A literal, not `{ ...r, details }`, for the reason `record` gives. */
const eventFromRow = (r: EventRow): OperationEventRecord => ({
  id: r.id,
  operation_id: r.operation_id,
  at: r.at,
  kind: r.kind,
  actor: r.actor,
  from_status: r.from_status,
  to_status: r.to_status,
  details: JSON.parse(r.details) as Record<string, unknown>,
});

/** Filters of the console's list; every combination pages by id (keyset, never OFFSET). */
export interface OperationFilter {
  status?: OperationStatus;
  channel?: number;
  merchant_id?: number;
  trans_id?: string;
  /** Matches trans_id, document number / RFC or e-mail exactly. */
  q?: string;
  created_from?: number;
  created_to?: number;
  /** Only ids below this (the cursor). */
  before_id?: number;
  /** Go-live probe operations: listed with the rest (default), left out, or alone. */
  probes?: 'include' | 'exclude' | 'only';
}

export function operationRepo(db: Db) {
  // Positional parameters: binding 21 named ones looked each name up on the object (~2 µs a creation).
  const insert = db.prepare(`INSERT INTO operations (id, merchant_id, token, trans_id, channel, amount, amount_cents,
      currency, method, user_bank_code, direct_integration, url_ok, url_error, shopper, doc_number, email, rfc,
      request, details, created_at, expires_at, updated_at, protocol)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const lastId = db.prepare<[], number>('SELECT MAX(id) FROM operations').pluck();
  const byId = db.prepare<[number], Row>('SELECT * FROM operations WHERE id = ?');
  const byToken = db.prepare<[string], Row>('SELECT * FROM operations WHERE token = ?');
  const byMerchantTrans = db.prepare<[number, string], Row>(
    // `+merchant_id`: look up by trans_id (few rows) and filter the merchant, never walk the merchant's rows.
    'SELECT * FROM operations WHERE +merchant_id = ? AND trans_id = ? ORDER BY id',
  );
  const setStatus = db.prepare("UPDATE operations SET status = @to, updated_at = @at WHERE id = @id AND status = 'pending'");
  const setDetails = db.prepare('UPDATE operations SET details = ?, updated_at = ? WHERE id = ?');
  const insertEvent = db.prepare(`INSERT INTO operation_events (operation_id, at, kind, actor, from_status, to_status, details)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const eventsOf = db.prepare<[number], EventRow>('SELECT * FROM operation_events WHERE operation_id = ? ORDER BY id');
  const countBy = db.prepare<[], { status: string; channel: number; n: number }>(
    // A go-live check's probe operations never count as the merchant's payments.
    'SELECT status, channel, COUNT(*) AS n FROM operations WHERE check_report IS NULL GROUP BY status, channel',
  );
  const setCheck = db.prepare('UPDATE operations SET check_report = ?, test_label = ? WHERE id = ?');
  const ownSince = db.prepare<[number, number, number], Row>(
    // The merchant's own operations created since a time, newest first (probe operations left out).
    'SELECT * FROM operations WHERE merchant_id = ? AND created_at >= ? AND test_label IS NULL ORDER BY id DESC LIMIT ?',
  );
  // Pending operations by expiry: the clock's expiry timers. INDEXED BY: left to itself the planner
  // takes operations_status and sorts every pending operation, tens of ms at each of the clock's checks.
  const pendingByExpiry = "SELECT id, expires_at FROM operations INDEXED BY operations_expiry WHERE status = 'pending'";
  const dueExpiries = db.prepare<[number, number], { id: number; expires_at: number }>(
    `${pendingByExpiry} AND expires_at <= ? ORDER BY expires_at, id LIMIT ?`,
  );
  const firstExpiries = db.prepare<[number], { id: number; expires_at: number }>(`${pendingByExpiry} ORDER BY expires_at, id LIMIT ?`);
  const isPending = db.prepare<[number], number>("SELECT 1 FROM operations WHERE id = ? AND status = 'pending'").pluck();
  const listCache = new Map<string, ReturnType<Db['prepare']>>();

  function list(f: OperationFilter, limit: number): OperationRecord[] {
    const where: string[] = [];
    const params: Record<string, unknown> = { limit };
    // With a trans_id or search term (a handful of rows) the other filters must not pick an index of
    // their own: `+col` keeps SQLite on the selective lookup instead of walking every pending row.
    const p = f.trans_id !== undefined || f.q !== undefined ? '+' : '';
    if (f.before_id !== undefined) (where.push(`${p}id < @before_id`), (params.before_id = f.before_id));
    if (f.status) (where.push(`${p}status = @status`), (params.status = f.status));
    if (f.channel !== undefined) (where.push(`${p}channel = @channel`), (params.channel = f.channel));
    if (f.merchant_id !== undefined) (where.push(`${p}merchant_id = @merchant_id`), (params.merchant_id = f.merchant_id));
    if (f.trans_id !== undefined) (where.push('trans_id = @trans_id'), (params.trans_id = f.trans_id));
    if (f.q !== undefined) {
      where.push(
        'id IN (SELECT id FROM operations WHERE trans_id = @q ' +
          'UNION SELECT id FROM operations WHERE doc_number = @q ' +
          'UNION SELECT id FROM operations WHERE email = @q)',
      );
      params.q = f.q;
    }
    if (f.probes === 'exclude') where.push('test_label IS NULL');
    if (f.probes === 'only') where.push('test_label IS NOT NULL');
    if (f.created_from !== undefined) (where.push('created_at >= @created_from'), (params.created_from = f.created_from));
    if (f.created_to !== undefined) (where.push('created_at < @created_to'), (params.created_to = f.created_to));
    const sql = `SELECT * FROM operations ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id DESC LIMIT @limit`;
    let stmt = listCache.get(sql);
    if (!stmt) listCache.set(sql, (stmt = db.prepare(sql)));
    return (stmt.all(params) as Row[]).map(fromRow);
  }

  return {
    /**
     * The id the next insert gets, inside the caller's write transaction: SQLite's own choice for an
     * INTEGER PRIMARY KEY (the largest plus one), so an answer that names the id (a direct answer)
     * is built before the row and written with it, instead of updating the row after.
     */
    nextId: (): number => (lastId.get() ?? 0) + 1,
    /** Writes the operation, with `id` when given (from `nextId`, same transaction). */
    insert(op: NewOperation, id?: number): OperationRecord {
      const info = insert.run(
        id ?? null,
        op.merchant_id,
        op.token,
        op.trans_id,
        op.channel,
        op.amount,
        op.amount_cents,
        op.currency,
        op.method,
        op.user_bank_code,
        op.direct_integration ? 1 : 0,
        op.url_ok,
        op.url_error,
        JSON.stringify(op.shopper),
        op.doc_number,
        op.email,
        op.rfc,
        JSON.stringify(op.request),
        JSON.stringify(op.details),
        op.created_at,
        op.expires_at,
        op.created_at,
        op.protocol ?? null,
      );
      // The row is exactly what was written: no read-back (and no JSON re-parse) on the creation path.
      return record(op, op, {
        id: Number(info.lastInsertRowid),
        status: 'pending',
        updated_at: op.created_at,
        protocol: op.protocol ?? null,
      });
    },
    get: (id: number) => {
      const r = byId.get(id);
      return r ? fromRow(r) : undefined;
    },
    byToken: (token: string) => {
      const r = byToken.get(token);
      return r ? fromRow(r) : undefined;
    },
    byMerchantAndTransId: (merchantId: number, transId: string) => byMerchantTrans.all(merchantId, transId).map(fromRow),
    list,
    /** Moves a pending operation to a final state; false when it was no longer pending (lost the race). */
    finish: (id: number, to: OperationStatus, at: number) => setStatus.run({ id, to, at }).changes === 1,
    setDetails: (id: number, details: Record<string, unknown>, at: number) => void setDetails.run(JSON.stringify(details), at, id),
    addEvent(e: Omit<OperationEventRecord, 'id'>): void {
      insertEvent.run(e.operation_id, e.at, e.kind, e.actor, e.from_status, e.to_status, JSON.stringify(e.details));
    },
    events: (operationId: number) => eventsOf.all(operationId).map(eventFromRow),
    countsByStatusAndChannel: () => countBy.all(),
    /** Labels a probe operation with the go-live check report and the check (`golive:<id>`) that created it. */
    markCheck: (id: number, report: string, label: string) => void setCheck.run(report, label, id),
    /** Pending operations whose expiry is at or before `now`, earliest first (then by id), at most `limit`. */
    dueExpiries: (now: number, limit: number) => dueExpiries.all(now, limit),
    /** The `limit` pending operations that expire first, earliest first (then by id). */
    firstExpiries: (limit: number) => firstExpiries.all(limit),
    isPending: (id: number): boolean => isPending.get(id) === 1,
    /** The merchant's own operations (no probes) created at or after `since`, newest first, at most `limit`. */
    ownSince: (merchantId: number, since: number, limit: number) => ownSince.all(merchantId, since, limit).map(fromRow),
  };
}
export type OperationRepo = ReturnType<typeof operationRepo>;
