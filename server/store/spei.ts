import type { Db } from './db.js';

export interface TransferRecord {
  id: number;
  clabe: string;
  amount_cents: number;
  rfc: string;
  sender_name: string | null;
  received_at: number;
  merchant_id: number | null;
  matched_operation_id: number | null;
  result: 'matched' | 'unmatched';
  reason: string;
  /** The reason's code (contract/spei.ts SPEI_REASON_CODES); NULL on rows older than the codes. */
  reason_code: string | null;
  /** The reason's values as a JSON object of strings. */
  reason_params: string | null;
}

/** Channel-41 operations of one RFC, for explaining why a transfer did not match. */
export interface RfcOperation {
  id: number;
  amount: string;
  amount_cents: number;
  status: string;
  expires_at: number;
  updated_at: number;
}

export function speiRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO spei_transfers (clabe, amount_cents, rfc, sender_name, received_at, merchant_id,
      matched_operation_id, result, reason, reason_code, reason_params)
    VALUES (@clabe, @amount_cents, @rfc, @sender_name, @received_at, @merchant_id, @matched_operation_id, @result, @reason,
      @reason_code, @reason_params)`);
  const settle = db.prepare(
    'UPDATE spei_transfers SET matched_operation_id = ?, result = ?, reason = ?, reason_code = ?, reason_params = ? WHERE id = ?',
  );
  const byId = db.prepare<[number], TransferRecord>('SELECT * FROM spei_transfers WHERE id = ?');
  const page = db.prepare<[number, number], TransferRecord>('SELECT * FROM spei_transfers WHERE id < ? ORDER BY id DESC LIMIT ?');
  // A transfer matches by the shopper's RFC and the exact amount; among several pending channel-41
  // operations of this merchant, the oldest is paid first.
  // Served by the partial index operations_spei_match. `channel = 41` stays a literal (SPEI_CHANNEL in
  // contract/common.ts): SQLite uses a partial index only when the query repeats its WHERE term as written
  // (migrations/001-initial.ts), so a bound parameter would scan.
  const candidate = db.prepare<[number, string, number], { id: number; expires_at: number }>(
    `SELECT id, expires_at FROM operations
      WHERE merchant_id = ? AND rfc = ? AND amount_cents = ? AND channel = 41 AND status = 'pending'
      ORDER BY created_at, id LIMIT 1`,
  );
  const ofRfc = db.prepare<[number, string], RfcOperation>(
    `SELECT id, amount, amount_cents, status, expires_at, updated_at FROM operations
      WHERE merchant_id = ? AND rfc = ? AND channel = 41 ORDER BY id DESC LIMIT 20`,
  );
  return {
    insert: (t: Omit<TransferRecord, 'id'>) => Number(insert.run(t).lastInsertRowid),
    /** Records the match result: the reason in words, its code and its values. */
    settle: (id: number, operationId: number | null, reason: { text: string; code: string; params: Record<string, string> }) =>
      void settle.run(
        operationId,
        operationId === null ? 'unmatched' : 'matched',
        reason.text,
        reason.code,
        JSON.stringify(reason.params),
        id,
      ),
    get: (id: number) => byId.get(id),
    list: (limit: number, beforeId?: number) => page.all(beforeId ?? Number.MAX_SAFE_INTEGER, limit),
    oldestPendingMatch: (merchantId: number, rfc: string, amountCents: number) => candidate.get(merchantId, rfc, amountCents),
    operationsOfRfc: (merchantId: number, rfc: string) => ofRfc.all(merchantId, rfc),
    /** The plan of the match query, to prove it uses the index. */
    explainMatch: () =>
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT id, expires_at FROM operations
        WHERE merchant_id = 1 AND rfc = 'X' AND amount_cents = 1 AND channel = 41 AND status = 'pending'
        ORDER BY created_at, id LIMIT 1`,
        )
        .all() as { detail: string }[],
  };
}
export type SpeiRepo = ReturnType<typeof speiRepo>;
