import type { Db } from './db.js';

export type NotificationStatus = 'pending' | 'delivered' | 'failed';
export type AttemptSource = 'automatic' | 'manual';

/** One outbox row as the delivery engine sees it; times are epoch ms on the sandbox clock. */
export interface NotificationRecord {
  id: number;
  public_id: string;
  merchant_id: number;
  operation_id: number | null;
  payout_id: number | null;
  kind: string;
  url: string;
  content_type: string;
  body: string;
  status: NotificationStatus;
  /** Attempts made by the retry schedule (manual resends do not count: they never shorten it). */
  attempt_count: number;
  /** When the next scheduled attempt is due; null once delivered or failed. */
  next_attempt_at: number | null;
  test_label: string | null;
  /** The notification a test delivery was made from. */
  parent_id: number | null;
  /** X-Sandbox-Notification-Id to send when it is not `public_id` (tampered copies of another). */
  header_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface AttemptRecord {
  id: number;
  notification_id: number;
  at: number;
  url: string;
  request_headers: Record<string, string>;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  latency_ms: number | null;
  error: string | null;
  source: AttemptSource;
}

/** The merchant settings a delivery needs, read without parsing the channel map or blacklist. */
export interface DeliveryMerchant {
  id: number;
  public_key: string;
  secret_key: string;
  clabe: string;
  success_url: string | null;
  rejection_url: string | null;
  payout_url: string | null;
  notification_signature_layout: 'standard' | 'legacy';
}

export type NewNotificationRow = Omit<NotificationRecord, 'id' | 'status' | 'attempt_count' | 'updated_at'>;

/** Console list filters; pages by keyset (`before`), never OFFSET. */
export interface NotificationFilter {
  operation_id?: number;
  payout_id?: number;
  status?: NotificationStatus;
  kind?: string;
  /** Notifications of the operations created with this trans_id (exact). */
  trans_id?: string;
  /** Failed deliveries first, then the rest; each group newest first. */
  failed_first?: boolean;
  /** Go-live probe deliveries (`test_label` golive:…): listed with the rest (default), left out, or alone. */
  probes?: 'include' | 'exclude' | 'only';
  /** Cursor: rows after this (rank is 0 for failed, 1 otherwise; used with failed_first). */
  before?: { rank: number; id: number };
}

interface AttemptRow extends Omit<AttemptRecord, 'request_headers'> {
  request_headers: string;
}
const attemptFromRow = (r: AttemptRow): AttemptRecord => ({
  ...r,
  request_headers: JSON.parse(r.request_headers) as Record<string, string>,
});

/** A due pending notification: its id, merchant and stored address. */
export type DueEntry = Pick<NotificationRecord, 'id' | 'merchant_id' | 'url'>;

export function notificationRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO notifications (public_id, merchant_id, operation_id, payout_id, kind, url,
      content_type, body, status, attempt_count, next_attempt_at, test_label, parent_id, header_id, created_at, updated_at)
    VALUES (@public_id, @merchant_id, @operation_id, @payout_id, @kind, @url, @content_type, @body, 'pending', 0,
      @next_attempt_at, @test_label, @parent_id, @header_id, @created_at, @created_at)`);
  const byId = db.prepare<[number], NotificationRecord>('SELECT * FROM notifications WHERE id = ?');
  const byPublicId = db.prepare<[string], NotificationRecord>('SELECT * FROM notifications WHERE public_id = ?');
  const update = db.prepare(`UPDATE notifications SET status = @status, attempt_count = @attempt_count,
      next_attempt_at = @next_attempt_at, updated_at = @updated_at WHERE id = @id`);
  const due = db.prepare<[number, number], { id: number }>(
    "SELECT id FROM notifications WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?",
  );
  const dueEntries = db.prepare<[number, number], DueEntry>(
    "SELECT id, merchant_id, url FROM notifications WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?",
  );
  const dueEntriesOf = db.prepare<[number, number, number], DueEntry>(
    `SELECT id, merchant_id, url FROM notifications WHERE status = 'pending' AND next_attempt_at <= ? AND merchant_id = ?
     ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const insertAttempt = db.prepare(`INSERT INTO notification_attempts (notification_id, at, url, request_headers,
      request_body, response_status, response_body, latency_ms, error, source)
    VALUES (@notification_id, @at, @url, @request_headers, @request_body, @response_status, @response_body,
      @latency_ms, @error, @source)`);
  const attemptsOf = db.prepare<[string], AttemptRow>(
    'SELECT * FROM notification_attempts WHERE notification_id IN (SELECT value FROM json_each(?)) ORDER BY notification_id, id',
  );
  const merchant = db.prepare<[number], DeliveryMerchant>(
    `SELECT id, public_key, secret_key, clabe, success_url, rejection_url, payout_url, notification_signature_layout
     FROM merchants WHERE id = ?`,
  );
  const listCache = new Map<string, ReturnType<Db['prepare']>>();

  function list(f: NotificationFilter, limit: number): NotificationRecord[] {
    const where: string[] = [];
    const params: Record<string, unknown> = { limit };
    if (f.operation_id !== undefined) (where.push('operation_id = @operation_id'), (params.operation_id = f.operation_id));
    if (f.payout_id !== undefined) (where.push('payout_id = @payout_id'), (params.payout_id = f.payout_id));
    if (f.status) (where.push('status = @status'), (params.status = f.status));
    if (f.kind) (where.push('kind = @kind'), (params.kind = f.kind));
    // A trans_id names a handful of operations (operations_trans index), each with few notifications.
    if (f.trans_id !== undefined)
      (where.push('operation_id IN (SELECT id FROM operations WHERE trans_id = @trans_id)'), (params.trans_id = f.trans_id));
    if (f.probes === 'exclude') where.push("(test_label IS NULL OR test_label NOT LIKE 'golive:%')");
    if (f.probes === 'only') where.push("test_label LIKE 'golive:%'");
    const rank = "(status <> 'failed')";
    if (f.before) {
      params.rank = f.before.rank;
      params.before_id = f.before.id;
      where.push(f.failed_first ? `(${rank} > @rank OR (${rank} = @rank AND id < @before_id))` : 'id < @before_id');
    }
    const order = f.failed_first ? `${rank}, id DESC` : 'id DESC';
    const sql = `SELECT * FROM notifications ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY ${order} LIMIT @limit`;
    let stmt = listCache.get(sql);
    if (!stmt) listCache.set(sql, (stmt = db.prepare(sql)));
    return stmt.all(params) as NotificationRecord[];
  }

  return {
    insert(n: NewNotificationRow): number {
      return Number(insert.run(n).lastInsertRowid);
    },
    get: (id: number): NotificationRecord | undefined => byId.get(id),
    /** Keys, layout and notification URLs of a merchant (the hot path of every delivery). */
    merchant: (id: number): DeliveryMerchant | undefined => merchant.get(id),
    byPublicId: (publicId: string): NotificationRecord | undefined => byPublicId.get(publicId),
    /** Stores the delivery state after an attempt (or a test delivery's end). */
    setState(id: number, s: Pick<NotificationRecord, 'status' | 'attempt_count' | 'next_attempt_at' | 'updated_at'>): void {
      update.run({ id, ...s });
    },
    /** Pending deliveries whose attempt is due, earliest first (restart resumption and the safety sweep). */
    dueIds: (now: number, limit: number): number[] => due.all(now, limit).map((r) => r.id),
    /** The same, with what the delivery queue files them by; of one merchant when `merchantId` is given. */
    dueEntries: (now: number, limit: number, merchantId?: number): DueEntry[] =>
      merchantId === undefined ? dueEntries.all(now, limit) : dueEntriesOf.all(now, merchantId, limit),
    addAttempt(a: Omit<AttemptRecord, 'id'>): void {
      insertAttempt.run({ ...a, request_headers: JSON.stringify(a.request_headers) });
    },
    /** Attempts of many notifications in one query, grouped by notification id, oldest first. */
    attemptsOf(ids: number[]): Map<number, AttemptRecord[]> {
      const out = new Map<number, AttemptRecord[]>();
      if (ids.length === 0) return out;
      for (const r of attemptsOf.all(JSON.stringify(ids))) {
        let arr = out.get(r.notification_id);
        if (!arr) out.set(r.notification_id, (arr = []));
        arr.push(attemptFromRow(r));
      }
      return out;
    },
    list,
  };
}
export type NotificationRepo = ReturnType<typeof notificationRepo>;
