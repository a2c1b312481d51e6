import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../../server/store/index.js';

let dir: string;
let store: Store;
let other: Database.Database;
/** What a second connection (another process, a restart) sees: only committed rows. */
const committed = (key: string) => other.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key)?.value ?? null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbx-group-'));
  store = createStore({ data: dir });
  other = new Database(join(dir, 'sandbox.db'), { readonly: true });
});
afterEach(() => {
  other.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('group commit (creation path)', () => {
  it('writes of one event-loop turn are invisible to other connections until the promise resolves', async () => {
    const a = store.txGrouped(() => store.settings.set('g.a', 1));
    const b = store.txGrouped(() => store.settings.set('g.b', 2));
    expect([committed('g.a'), committed('g.b')]).toEqual([null, null]);
    await Promise.all([a, b]);
    expect([committed('g.a'), committed('g.b')]).toEqual(['1', '2']);
  });

  it('a failing function undoes only its own writes; the rest of the group commits', async () => {
    const a = store.txGrouped(() => store.settings.set('g.ok', 1));
    expect(() =>
      store.txGrouped(() => {
        store.settings.set('g.bad', 2);
        throw new Error('check failed');
      }),
    ).toThrow('check failed');
    await a;
    expect([committed('g.ok'), committed('g.bad')]).toEqual(['1', null]);
  });

  it('any other transaction commits the open group first', () => {
    void store.txGrouped(() => store.settings.set('g.first', 1));
    store.tx(() => store.settings.set('g.second', 2));
    expect([committed('g.first'), committed('g.second')]).toEqual(['1', '2']);
  });
});
