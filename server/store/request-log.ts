import type { Diagnosis } from '../contract/diagnosis.js';
import type { Db } from './db.js';

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
  /** What the request was accepted with despite the spec (e.g. a creation's warnings). */
  warnings: string[];
  /** How a refused signature was built (contract §10); null on every other request. */
  diagnosis: Diagnosis | null;
}

type NewEntry = Omit<RequestLogRecord, 'id' | 'warnings' | 'diagnosis'> & { warnings?: string[]; diagnosis?: Diagnosis | null };
interface Row extends Omit<RequestLogRecord, 'request_headers' | 'warnings' | 'diagnosis'> {
  request_headers: string;
  warnings: string;
  diagnosis: string | null;
}

const fromRow = (r: Row): RequestLogRecord => ({
  ...r,
  request_headers: JSON.parse(r.request_headers) as Record<string, string>,
  warnings: JSON.parse(r.warnings) as string[],
  diagnosis: r.diagnosis === null ? null : (JSON.parse(r.diagnosis) as Diagnosis),
});

/**
 * The request log. Writes are buffered and flushed in one transaction (every few ms or when the
 * buffer fills) so logging costs the API path almost nothing; `flush()` is called before reads and
 * on shutdown so nothing acknowledged is missing from the log.
 */
export function requestLogRepo(db: Db, opts: { maxRows: number; flushMs?: number }) {
  const insert = db.prepare(`INSERT INTO request_log (at, request_id, method, path, status, latency_ms,
    request_headers, request_body, response_body, note, warnings, diagnosis)
    VALUES (@at, @request_id, @method, @path, @status, @latency_ms, @request_headers, @request_body, @response_body, @note, @warnings,
    @diagnosis)`);
  const trim = db.prepare('DELETE FROM request_log WHERE id <= (SELECT MAX(id) FROM request_log) - ?');
  const page = db.prepare<[number, string, number], Row>(
    `SELECT * FROM request_log WHERE id < ? AND path LIKE ? ESCAPE '\\' ORDER BY id DESC LIMIT ?`,
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM request_log');
  const byId = db.prepare<[number], Row>('SELECT * FROM request_log WHERE id = ?');
  const since = db.prepare<[string, number], Row>(`SELECT * FROM request_log WHERE path LIKE ? ESCAPE '\\' AND id > ? ORDER BY id`);
  let buffer: NewEntry[] = [];
  let timer: NodeJS.Timeout | null = null;
  let sinceTrim = 0;

  const writeAll = db.transaction((entries: NewEntry[]) => {
    for (const e of entries)
      insert.run({
        ...e,
        request_headers: JSON.stringify(e.request_headers),
        warnings: e.warnings?.length ? JSON.stringify(e.warnings) : '[]',
        diagnosis: e.diagnosis ? JSON.stringify(e.diagnosis) : null,
      });
  });

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return;
    const entries = buffer;
    buffer = [];
    writeAll(entries);
    sinceTrim += entries.length;
    if (sinceTrim >= 200) {
      sinceTrim = 0;
      trim.run(opts.maxRows);
    }
  }

  return {
    add(entry: NewEntry): void {
      buffer.push(entry);
      if (buffer.length >= 256) flush();
      else timer ??= setTimeout(flush, opts.flushMs ?? 25);
    },
    flush,
    list(limit: number, cursor?: number, pathPrefix?: string): RequestLogRecord[] {
      flush();
      const like = (pathPrefix ?? '').replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
      return page.all(cursor ?? Number.MAX_SAFE_INTEGER, like, limit).map(fromRow);
    },
    count: () => (flush(), count.get()!.n),
    get(id: number): RequestLogRecord | undefined {
      flush();
      const r = byId.get(id);
      return r ? fromRow(r) : undefined;
    },
    /** Entries whose path starts with one of `prefixes`, oldest first (the go-live check's passive reading). */
    withPathPrefixes(prefixes: readonly string[]): RequestLogRecord[] {
      flush();
      return prefixes.flatMap((p) => since.all(p.replace(/[\\%_]/g, (c) => `\\${c}`) + '%', 0).map(fromRow)).sort((a, b) => a.id - b.id);
    },
    trim: () => (flush(), trim.run(opts.maxRows)),
  };
}
export type RequestLogRepo = ReturnType<typeof requestLogRepo>;
