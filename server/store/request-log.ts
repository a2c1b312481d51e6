import type { CallKind } from '../contract/call-kinds.js';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { Migration } from '../contract/migration.js';
import type { Db } from './db.js';
import type { EntryInput } from './request-log-entry.js';
import { inlineLogWriter, threadLogWriter } from './request-log-writer.js';
import type { NoteDetail } from '../contract/log-notes.js';
import type { WarningDetail } from '../contract/warnings.js';

export interface RequestLogRecord {
  id: number;
  at: number;
  request_id: string;
  method: string;
  path: string;
  status: number;
  latency_ms: number;
  request_headers: Record<string, string>;
  request_body: string;
  response_body: string;
  note: string | null;
  /** The notes as codes and values (`note` is their words); null on entries kept before notes had codes, or too large to keep. */
  note_details: NoteDetail[] | null;
  /** What the request was accepted with against the service's advice (e.g. a creation's warnings). */
  warnings: string[];
  /** The same warnings as codes and values; null on entries kept before warnings had codes. */
  warning_details: WarningDetail[] | null;
  /** How a refused signature was built, as far as the diagnosis found out; null on every other request. */
  diagnosis: Diagnosis | null;
  /** On a refused older-dialect creation: the request to send today (null on every other request). */
  migration: Migration | null;
  /** Which call it was (null: not a call the sandbox recognises, or logged before calls were recorded). */
  call_kind: CallKind | null;
  /** The merchant the call names: the public key of a creation, query or notify, the owner of a payout token. */
  public_key: string | null;
}

interface Row extends Omit<
  RequestLogRecord,
  'request_headers' | 'warnings' | 'diagnosis' | 'migration' | 'note_details' | 'warning_details'
> {
  request_headers: string;
  warnings: string;
  note_details: string | null;
  warning_details: string | null;
  diagnosis: string | null;
  migration: string | null;
}

const fromRow = ({ bytes: _bytes, ...r }: Row & { bytes?: number }): RequestLogRecord => ({
  ...r,
  request_headers: JSON.parse(r.request_headers) as Record<string, string>,
  warnings: JSON.parse(r.warnings) as string[],
  note_details: r.note_details === null ? null : (JSON.parse(r.note_details) as NoteDetail[]),
  warning_details: r.warning_details === null ? null : (JSON.parse(r.warning_details) as WarningDetail[]),
  diagnosis: r.diagnosis === null ? null : (JSON.parse(r.diagnosis) as Diagnosis),
  migration: r.migration === null ? null : (JSON.parse(r.migration) as Migration),
});

/**
 * The request log, capped in rows and in bytes (oldest entries go first), in its own database `db`
 * (log-db.ts). Entries are buffered as given and handed to the log's writer in batches (every few ms
 * or when the buffer fills); the writer builds their rows (request-log-entry.ts), so for a file,
 * whose writer is a thread of its own (request-log-writer.ts), logging costs the API path almost
 * nothing. Every read first waits for what was logged before it, and `close()` for everything, so
 * nothing acknowledged is missing from the log.
 */
export function requestLogRepo(db: Db, opts: { maxRows: number; maxBytes: number; flushMs?: number }) {
  const limits = { maxRows: opts.maxRows, maxBytes: opts.maxBytes };
  const writer = db.memory ? inlineLogWriter(db, limits) : threadLogWriter(db, limits);
  const page = db.prepare<[number, string, number], Row>(
    `SELECT * FROM request_log WHERE id < ? AND path LIKE ? ESCAPE '\\' ORDER BY id DESC LIMIT ?`,
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM request_log');
  const byId = db.prepare<[number], Row>('SELECT * FROM request_log WHERE id = ?');
  const ofMerchant = db.prepare<{ key: string; kinds: string; after: number; limit: number }, Row>(
    `SELECT * FROM (SELECT * FROM request_log INDEXED BY request_log_merchant
       WHERE public_key = @key AND call_kind IN (SELECT value FROM json_each(@kinds)) AND at >= @after ORDER BY id DESC LIMIT @limit)
     ORDER BY id`,
  );
  let buffer: EntryInput[] = [];
  let timer: NodeJS.Timeout | null = null;
  // Each batch is a message to the writer and a transaction with its trim there. Under creation load,
  // batches of up to 50 ms (512 entries) instead of 25 ms (256) gave x1.023 requests per second and
  // 2 us less CPU per creation (paired A/B of two servers, 16 rounds of 3 s); 100 ms did no better.
  const flushMs = opts.flushMs ?? 50;
  const maxBatch = 512;

  /** Hands the buffered entries to the writer. */
  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return;
    const entries = buffer;
    buffer = [];
    writer.write({ entries, wipe: false });
  }
  /** Everything logged so far is in the log. */
  const sync = () => (flush(), writer.sync());

  return {
    add(input: EntryInput): void {
      buffer.push(input);
      if (buffer.length >= maxBatch) flush();
      else timer ??= setTimeout(flush, flushMs);
    },
    flush,
    /** Returns once everything logged so far is in the log (readers call it themselves). */
    sync,
    count: () => (sync(), count.get()!.n),
    /** Bytes the kept entries take (their paths, headers, excerpts and notes). */
    bytes: () => (sync(), writer.bytes()),
    /** Deletes every entry logged so far (a reset). */
    wipe(): void {
      flush();
      writer.write({ entries: [], wipe: true });
      writer.sync();
    },
    /** Writes what is pending and stops the writer; the caller closes `db`. */
    close(): void {
      sync();
      writer.close();
    },
    list(limit: number, cursor?: number, pathPrefix?: string): RequestLogRecord[] {
      sync();
      const like = (pathPrefix ?? '').replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
      return page.all(cursor ?? Number.MAX_SAFE_INTEGER, like, limit).map(fromRow);
    },
    get(id: number): RequestLogRecord | undefined {
      sync();
      const r = byId.get(id);
      return r ? fromRow(r) : undefined;
    },
    /**
     * One merchant's calls of the given kinds logged at or after `after` (sandbox ms), oldest first: at
     * most the newest `limit` of them, so a flood of one merchant's refusals cannot make a reader load the whole log.
     */
    ofMerchant(publicKey: string, kinds: readonly CallKind[], after = 0, limit = 2000): RequestLogRecord[] {
      sync();
      return ofMerchant.all({ key: publicKey, kinds: JSON.stringify(kinds), after, limit }).map(fromRow);
    },
  };
}
export type RequestLogRepo = ReturnType<typeof requestLogRepo>;
