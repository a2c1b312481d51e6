import { randomBytes } from 'node:crypto';
import type { Diagnosis } from '../contract/diagnosis.js';
import { maskHeaders, maskSecrets } from '../contract/secret-masking.js';
import type { RequestLogRecord } from './request-log.js';

/**
 * A request-log entry from what a writer knows to the row the log keeps. Loaded by the log's writer
 * thread too, so it imports nothing that thread does not need (types aside).
 */

/**
 * What a writer gives for one entry: the request line and time, and what it knows of the rest, as
 * sent (secrets are masked by `requestLogEntry`); request headers as Node reads them.
 * `anonymous`: no caller was identified (no control token, loopback operator or payout token), so a
 * refusal keeps only a short excerpt.
 */
export type EntryInput = Pick<RequestLogRecord, 'at' | 'method' | 'path'> &
  Partial<Omit<RequestLogRecord, 'id' | 'at' | 'method' | 'path' | 'request_headers'>> & {
    request_headers?: Record<string, string | string[] | undefined>;
    anonymous?: boolean;
  };

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

/**
 * The one builder of request-log entries: defaults, masked secrets, and every size bound of the log.
 * It runs where the log is written (request-log-writer.ts), off the request path when that is a thread.
 */
export function requestLogEntry(e: EntryInput): StoredEntry {
  const status = e.status ?? 0;
  const excerpt = e.anonymous && (status === 0 || status >= 400) ? REFUSED_EXCERPT : EXCERPT;
  const migration = e.migration ? JSON.stringify(e.migration) : null;
  // `bytes` is set below, on this object: a spread with one more key would give each entry a hidden
  // class of its own (V8), and every read of its fields in rowOf a lookup that never caches.
  const entry: StoredEntry = {
    at: e.at,
    request_id: e.request_id ?? randomBytes(6).toString('hex'),
    method: e.method.slice(0, 32),
    path: maskSecrets(e.path).slice(0, PATH_CHARS),
    status,
    latency_ms: e.latency_ms ?? 0,
    request_headers: boundedHeaders(maskHeaders(e.request_headers ?? {})),
    request_body: maskSecrets(e.request_body ?? '').slice(0, excerpt),
    response_body: maskSecrets(e.response_body ?? '').slice(0, excerpt),
    note: e.note ? e.note.slice(0, EXCERPT) : null,
    note_details: boundedDetails(e.note_details),
    warnings: (e.warnings ?? []).slice(0, MAX_WARNINGS).map((w) => w.slice(0, 1000)),
    warning_details: boundedDetails(e.warning_details?.slice(0, MAX_WARNINGS)),
    diagnosis: boundedDiagnosis(e.diagnosis),
    call_kind: e.call_kind ?? null,
    // A key no merchant has is kept as sent, bounded like the field it came from.
    public_key: e.public_key ? e.public_key.slice(0, 255) : null,
    migration: migration !== null && Buffer.byteLength(migration) <= MIGRATION_BYTES ? migration : null,
    bytes: 0,
  };
  // Every stored column counts towards the log's byte cap, the diagnosis included.
  let headerBytes = 2;
  for (const [k, v] of Object.entries(entry.request_headers)) headerBytes += Buffer.byteLength(k) + Buffer.byteLength(v) + 6;
  let warningBytes = 2;
  for (const w of entry.warnings) warningBytes += Buffer.byteLength(w) + 3;
  entry.bytes =
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
  return entry;
}

/** An entry as the log's insert takes it (the writer's insert statement), its bytes last. */
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

/** The row the log keeps for one entry. */
export const logRow = (e: EntryInput): unknown[] => rowOf(requestLogEntry(e));
