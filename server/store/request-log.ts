import { randomBytes } from 'node:crypto';
import type { CallKind } from '../contract/call-kinds.js';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { Migration } from '../contract/migration.js';
import type { Db } from './db.js';
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

/**
 * What a writer gives for one entry: the request line and time, and what it knows of the rest.
 * `anonymous`: no caller was identified (no control token, loopback operator or payout token), so a
 * refusal keeps only a short excerpt.
 */
export type EntryInput = Pick<RequestLogRecord, 'at' | 'method' | 'path'> &
  Partial<Omit<RequestLogRecord, 'id' | 'at' | 'method' | 'path'>> & { anonymous?: boolean };

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

type StoredEntry = Omit<RequestLogRecord, 'id' | 'migration' | 'note_details' | 'warning_details'> & {
  bytes: number;
  migration: string | null;
  note_details: string | null;
  warning_details: string | null;
};

/** Characters kept of each body (request and answer). */
export const EXCERPT = 8192;
/** Characters kept of each body of a refused anonymous request: a whole ordinary creation, not a flood's padding. */
export const REFUSED_EXCERPT = 2048;
/** Bytes of request headers kept (names and values); the rest are counted, not kept. */
export const HEADER_BYTES = 2048;
const PATH_CHARS = 2000;
/** Bytes of a stored diagnosis (its JSON): its expected string, and if need be its longer texts, are shortened in the middle. */
export const DIAGNOSIS_BYTES = 8192;
/** Bytes counted for an entry's numbers and fixed columns, so a flood of tiny entries still weighs something. */
const ROW_OVERHEAD = 64;

const bytesOf = (s: string | null | undefined) => (s ? Buffer.byteLength(s) : 0);

/** The longest start (or end) of `s` within `max` bytes of UTF-8, never splitting a surrogate pair. */
function within(s: string, max: number, end: boolean): string {
  let p = end ? s.slice(Math.max(0, s.length - max)) : s.slice(0, max);
  for (let over = bytesOf(p) - max; over > 0; over = bytesOf(p) - max) {
    const cut = Math.ceil(over / 3);
    p = end ? p.slice(cut) : p.slice(0, p.length - cut);
  }
  if (!end && /[\uD800-\uDBFF]$/.test(p)) p = p.slice(0, -1);
  if (end && /^[\uDC00-\uDFFF]/.test(p)) p = p.slice(1);
  return p;
}

/**
 * Whether `s` is longer than `max` bytes of UTF-8. A character is 1 to 3 bytes (a surrogate pair 4
 * for 2), so its length settles most cases without encoding a value of a megabyte to count it.
 */
const overBytes = (s: string, max: number): boolean => (s.length > max ? true : s.length * 3 <= max ? false : bytesOf(s) > max);

/** `s` within `max` bytes of UTF-8: its middle taken out and marked with `…` (3 bytes) when it is longer. */
export function shortenMiddle(s: string, max: number): string {
  if (!overBytes(s, max)) return s;
  const half = Math.max(0, Math.floor((max - 3) / 2));
  return `${within(s, half, false)}…${within(s, half, true)}`;
}

/**
 * A diagnosis as the log keeps it: at most DIAGNOSIS_BYTES of JSON. The expected string is shortened
 * first (it is every signed value joined), then whichever text is longest, until it fits.
 */
export function boundedDiagnosis(d: Diagnosis | null | undefined, max = DIAGNOSIS_BYTES): Diagnosis | null {
  if (!d) return null;
  // A long expected string (every signed value of a large refusal) is cut before anything is serialised.
  let out: Diagnosis = overBytes(d.expected_string, max / 2) ? { ...d, expected_string: shortenMiddle(d.expected_string, max / 2) } : d;
  const size = () => Buffer.byteLength(JSON.stringify(out));
  let over = size() - max;
  if (over <= 0) return out;
  out = { ...out, expected_string: shortenMiddle(out.expected_string, Math.max(256, bytesOf(out.expected_string) - over)) };
  for (let round = 0; round < 8 && (over = size() - max) > 0; round++) {
    const recipe = out.recipe;
    const texts: [number, (cut: (s: string) => string) => Diagnosis][] = [
      [bytesOf(out.expected_string), (cut) => ({ ...out, expected_string: cut(out.expected_string) })],
      [bytesOf(out.explanation), (cut) => ({ ...out, explanation: cut(out.explanation) })],
    ];
    if (recipe && recipe.token === undefined && recipe.field) {
      const field = recipe.field;
      texts.push(
        [bytesOf(field.sent), (cut) => ({ ...out, recipe: { ...recipe, field: { ...field, sent: cut(field.sent) } } })],
        [bytesOf(field.signed), (cut) => ({ ...out, recipe: { ...recipe, field: { ...field, signed: cut(field.signed) } } })],
      );
    }
    const [longest, replace] = texts.sort((a, b) => b[0] - a[0])[0]!;
    // JSON escapes make a text weigh more than its bytes: a margin, and another round if that was not enough.
    out = replace((s) => shortenMiddle(s, Math.max(64, longest - over - 16)));
  }
  return out;
}

function boundedHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  let budget = HEADER_BYTES;
  let omitted = 0;
  for (const [k, v] of Object.entries(headers)) {
    const size = k.length + v.length;
    if (size <= budget) {
      out[k] = v;
      budget -= size;
    } else if (budget > k.length + 16) {
      out[k] = `${v.slice(0, budget - k.length - 1)}…`;
      budget = 0;
    } else omitted++;
  }
  if (omitted) out['(omitted)'] = `${omitted} more headers`;
  return out;
}

/** A stored migration is at most this many bytes of JSON; a larger one (long values sent) is not kept. */
export const MIGRATION_BYTES = 8192;
/** Stored notes' or warnings' codes are at most this many bytes of JSON; larger ones are not kept (their words are). */
export const DETAILS_BYTES = 32768;
/** Warnings an entry keeps. */
const MAX_WARNINGS = 100;

/** Details as the log keeps them: JSON within DETAILS_BYTES, else null. */
function boundedDetails(ds: readonly unknown[] | null | undefined): string | null {
  if (!ds) return null;
  const json = JSON.stringify(ds);
  return overBytes(json, DETAILS_BYTES) ? null : json;
}

/** The one builder of request-log entries: defaults, and every size bound of the log. */
export function requestLogEntry(e: EntryInput): StoredEntry {
  const status = e.status ?? 0;
  const excerpt = e.anonymous && (status === 0 || status >= 400) ? REFUSED_EXCERPT : EXCERPT;
  const migration = e.migration ? JSON.stringify(e.migration) : null;
  const entry: Omit<StoredEntry, 'bytes'> = {
    at: e.at,
    request_id: e.request_id ?? randomBytes(6).toString('hex'),
    method: e.method.slice(0, 32),
    path: e.path.slice(0, PATH_CHARS),
    status,
    latency_ms: e.latency_ms ?? 0,
    request_headers: boundedHeaders(e.request_headers ?? {}),
    request_body: (e.request_body ?? '').slice(0, excerpt),
    response_body: (e.response_body ?? '').slice(0, excerpt),
    note: e.note ? e.note.slice(0, EXCERPT) : null,
    note_details: boundedDetails(e.note_details),
    warnings: (e.warnings ?? []).slice(0, MAX_WARNINGS).map((w) => w.slice(0, 1000)),
    warning_details: boundedDetails(e.warning_details?.slice(0, MAX_WARNINGS)),
    diagnosis: boundedDiagnosis(e.diagnosis),
    call_kind: e.call_kind ?? null,
    // A key no merchant has is kept as sent, bounded like the field it came from.
    public_key: e.public_key ? e.public_key.slice(0, 255) : null,
    migration: migration !== null && Buffer.byteLength(migration) <= MIGRATION_BYTES ? migration : null,
  };
  // Every stored column counts towards the log's byte cap, the diagnosis included.
  let headerBytes = 2;
  for (const [k, v] of Object.entries(entry.request_headers)) headerBytes += Buffer.byteLength(k) + Buffer.byteLength(v) + 6;
  let warningBytes = 2;
  for (const w of entry.warnings) warningBytes += Buffer.byteLength(w) + 3;
  const bytes =
    ROW_OVERHEAD +
    bytesOf(entry.request_id) +
    bytesOf(entry.method) +
    bytesOf(entry.path) +
    headerBytes +
    bytesOf(entry.request_body) +
    bytesOf(entry.response_body) +
    bytesOf(entry.note) +
    bytesOf(entry.note_details) +
    warningBytes +
    bytesOf(entry.warning_details) +
    (entry.diagnosis ? Buffer.byteLength(JSON.stringify(entry.diagnosis)) : 0) +
    bytesOf(entry.call_kind) +
    bytesOf(entry.public_key) +
    bytesOf(entry.migration);
  return { ...entry, bytes };
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

/** An entry as the log's insert takes it (LOG_SQL.insert), its bytes last. */
const rowOf = (e: StoredEntry): unknown[] => [
  e.at,
  e.request_id,
  e.method,
  e.path,
  e.status,
  e.latency_ms,
  JSON.stringify(e.request_headers),
  e.request_body,
  e.response_body,
  e.note,
  e.note_details,
  e.warnings.length ? JSON.stringify(e.warnings) : '[]',
  e.warning_details,
  e.diagnosis ? JSON.stringify(e.diagnosis) : null,
  e.call_kind,
  e.public_key,
  e.migration,
  e.bytes,
];

/**
 * The request log, capped in rows and in bytes (oldest entries go first), in its own database `db`
 * (log-db.ts). Entries are buffered and handed to the log's writer in batches (every few ms or when
 * the buffer fills) so logging costs the API path almost nothing; a file's writer is a thread of its
 * own (request-log-writer.ts). Every read first waits for what was logged before it, and `close()`
 * for everything, so nothing acknowledged is missing from the log.
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
  let buffer: unknown[][] = [];
  let timer: NodeJS.Timeout | null = null;

  /** Hands the buffered entries to the writer. */
  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return;
    const rows = buffer;
    buffer = [];
    writer.write({ rows, wipe: false });
  }
  /** Everything logged so far is in the log. */
  const sync = () => (flush(), writer.sync());

  return {
    add(input: EntryInput): void {
      buffer.push(rowOf(requestLogEntry(input)));
      if (buffer.length >= 256) flush();
      else timer ??= setTimeout(flush, opts.flushMs ?? 25);
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
      writer.write({ rows: [], wipe: true });
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
