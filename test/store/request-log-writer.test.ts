import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/store/db.js';
import { openLogDb } from '../../server/store/log-db.js';
import { threadLogWriter, type LogWriter } from '../../server/store/request-log-writer.js';

let dir: string;
let db: Db;
let writer: LogWriter;

/** The insert's parameters for one entry (LOG_SQL.insert), its bytes last. */
const row = (n: number, bytes = 100 + n): unknown[] => [
  n,
  `r${n}`,
  'POST',
  `/api/notify?n=${n}`,
  200,
  1,
  '{}',
  'body',
  'ok',
  null,
  null,
  '[]',
  null,
  null,
  'manual_notify',
  'pk',
  null,
  bytes,
];
const ids = () => db.prepare<[], number>('SELECT at FROM request_log ORDER BY id').pluck().all();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbx-log-writer-'));
  db = openLogDb(join(dir, 'requests.db'));
  writer = threadLogWriter(db, { maxRows: 5, maxBytes: 1e6 });
});
afterEach(() => {
  writer.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the request log written by a thread of its own', () => {
  it('a reader that syncs sees every batch written before, trimmed to the newest rows, with their bytes', async () => {
    // The first batch starts the thread and is written here; the next ones go to the thread once it is ready.
    writer.write({ rows: [row(1), row(2), row(3)], wipe: false });
    expect(writer.threaded()).toBe(false);
    await vi.waitFor(() => expect(writer.threaded()).toBe(true));
    writer.write({ rows: [row(4), row(5), row(6), row(7)], wipe: false });
    writer.sync();
    expect(ids()).toEqual([3, 4, 5, 6, 7]);
    expect(writer.bytes()).toBe(5 * 100 + 3 + 4 + 5 + 6 + 7);
    writer.write({ rows: [row(8)], wipe: true });
    writer.sync();
    expect([ids(), writer.bytes()]).toEqual([[8], 108]);
  });

  it('a batch the thread cannot write is written on the calling thread, whose error the caller gets', async () => {
    writer.write({ rows: [row(1)], wipe: false });
    await vi.waitFor(() => expect(writer.threaded()).toBe(true));
    // The error comes out of the next write or the sync, whichever finds the thread failed first.
    expect(() => {
      writer.write({ rows: [row(2).slice(1)], wipe: false }); // one parameter short
      writer.write({ rows: [row(3)], wipe: false });
      writer.sync();
    }).toThrow(/parameter/);
    expect(ids()).toEqual([1, 3]);
    writer.write({ rows: [row(4)], wipe: false });
    writer.sync();
    expect([ids(), writer.threaded()]).toEqual([[1, 3, 4], false]);
  });
});
