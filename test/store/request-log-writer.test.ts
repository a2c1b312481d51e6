import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/store/db.js';
import { openLogDb } from '../../server/store/log-db.js';
import { logRow, type EntryInput } from '../../server/store/request-log-entry.js';
import { threadLogWriter, type LogWriter } from '../../server/store/request-log-writer.js';

let dir: string;
let db: Db;
let writer: LogWriter;

/** An entry as a writer gives it; `at` tells them apart. */
const entry = (n: number): EntryInput => ({ at: n, method: 'POST', path: `/api/notify?n=${n}`, status: 200, request_body: 'x'.repeat(n) });
/** The bytes the log counts for entries `ns`. */
const bytesOf = (...ns: number[]) => ns.reduce((sum, n) => sum + (logRow(entry(n)).at(-1) as number), 0);
// The thread loads its module through tsx here: on a busy machine that can take seconds.
const threadReady = () => vi.waitFor(() => expect(writer.threaded()).toBe(true), { timeout: 15_000 });
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
    writer.write({ entries: [entry(1), entry(2), entry(3)], wipe: false });
    expect(writer.threaded()).toBe(false);
    await threadReady();
    writer.write({ entries: [entry(4), entry(5), entry(6), entry(7)], wipe: false });
    writer.sync();
    expect(ids()).toEqual([3, 4, 5, 6, 7]);
    expect(writer.bytes()).toBe(bytesOf(3, 4, 5, 6, 7));
    writer.write({ entries: [entry(8)], wipe: true });
    writer.sync();
    expect([ids(), writer.bytes()]).toEqual([[8], bytesOf(8)]);
  });

  it('a batch the thread cannot write is written on the calling thread, whose error the caller gets', async () => {
    writer.write({ entries: [entry(1)], wipe: false });
    await threadReady();
    // The error comes out of the next write or the sync, whichever finds the thread failed first.
    expect(() => {
      writer.write({ entries: [{ ...entry(2), at: null as unknown as number }], wipe: false }); // no time
      writer.write({ entries: [entry(3)], wipe: false });
      writer.sync();
    }).toThrow(/NOT NULL/);
    expect(ids()).toEqual([1, 3]);
    writer.write({ entries: [entry(4)], wipe: false });
    writer.sync();
    expect([ids(), writer.threaded()]).toEqual([[1, 3, 4], false]);
  });

  it('an entry that cannot be handed to the thread is written on the calling thread, as every later one', async () => {
    writer.write({ entries: [entry(1)], wipe: false });
    await threadReady();
    // A function cannot be copied to another thread; the row keeps what JSON keeps of it.
    const odd = { ...entry(2), note_details: [{ code: 'odd', params: { f: () => 1 } }] } as unknown as EntryInput;
    writer.write({ entries: [odd], wipe: false });
    writer.write({ entries: [entry(3)], wipe: false });
    writer.sync();
    expect([ids(), writer.threaded()]).toEqual([[1, 2, 3], false]);
  });
});
