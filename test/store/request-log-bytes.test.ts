import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../../server/store/index.js';

// The request log keeps a running count of the bytes it holds, so a write never sums the table; these
// tests hold that count to a fresh sum (a store opened again on the same data dir reads the table).
let dir: string;
let store: Store;
const open = () => createStore({ data: dir, requestLogMaxRows: 7 });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbx-log-bytes-'));
  store = open();
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function addEntries(n: number, from = 0): void {
  for (let i = from; i < from + n; i++)
    store.requests.add({
      at: i,
      method: 'POST',
      path: `/api/notify?n=${i}`,
      status: 200,
      request_body: 'ñ'.repeat(10 + ((i * 37) % 300)),
      response_body: 'ok',
      note: i % 3 ? `operation ${i}` : null,
    });
}

function bytesOnDisk(): number {
  store.close();
  store = open();
  return store.requests.bytes();
}

describe('request log: the bytes it counts are the bytes it keeps', () => {
  it('after the oldest rows are trimmed, in several rounds', () => {
    for (let round = 0; round < 4; round++) {
      addEntries(23, round * 23);
      store.requests.flush();
    }
    expect(store.requests.count()).toBe(7);
    const counted = store.requests.bytes();
    expect(counted).toBeGreaterThan(7 * 64);
    expect(bytesOnDisk()).toBe(counted);
  });

  it('after a reset deleted every row, and the entries written since', () => {
    addEntries(30);
    store.requests.flush();
    store.wipe();
    expect(store.requests.bytes()).toBe(0);
    addEntries(12, 100);
    store.requests.flush();
    const counted = store.requests.bytes();
    expect(bytesOnDisk()).toBe(counted);
  });
});
