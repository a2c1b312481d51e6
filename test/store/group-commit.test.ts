import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TURNS } from '../../server/store/group-commit.js';
import { createStore, type Store } from '../../server/store/index.js';

let dir: string;
let store: Store;
let other: Database.Database;
/** What a second connection (another process, a restart) sees: only committed rows. */
const committed = (key: string) =>
  other.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key)?.value ?? null;

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

  it('stays open while each turn brings another member, and commits at the first turn that brings none', async () => {
    const nextTurn = () => new Promise<void>((r) => setImmediate(r));
    const a = store.txGrouped(() => store.settings.set('g.t0', 0));
    await nextTurn();
    const whileOpen = committed('g.t0');
    const b = store.txGrouped(() => store.settings.set('g.t1', 1));
    await Promise.all([a, b]);
    expect(whileOpen).toBeNull();
    expect([committed('g.t0'), committed('g.t1')]).toEqual(['0', '1']);
  });

  it(`commits after ${MAX_TURNS} turns even while every turn brings another member`, async () => {
    const done: Promise<void>[] = [];
    let committedAt = -1;
    for (let turn = 0; turn < 3 * MAX_TURNS && committedAt < 0; turn++) {
      done.push(store.txGrouped(() => store.settings.set(`g.s${turn}`, turn)));
      await new Promise<void>((r) => setImmediate(r));
      if (committed('g.s0') !== null) committedAt = turn;
    }
    await Promise.all(done);
    expect(committedAt).toBeGreaterThan(0);
    expect(committedAt).toBeLessThanOrEqual(MAX_TURNS);
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

  it('after a failure the earlier members run again and resolve with the values of their new run', async () => {
    const insert = (n: number) => () => {
      store.settings.set(`g.m${n}`, n);
      store.timers.schedule('g', n, n);
      return store.timers.get('g', n)!.id;
    };
    const first = store.txGrouped(insert(1));
    const second = store.txGrouped(insert(2));
    expect(() =>
      store.txGrouped(() => {
        insert(3)();
        throw new Error('third fails after writing');
      }),
    ).toThrow('third fails after writing');
    const fourth = store.txGrouped(insert(4));
    const ids = await Promise.all([first, second, fourth]);
    expect([committed('g.m1'), committed('g.m2'), committed('g.m3'), committed('g.m4')]).toEqual(['1', '2', null, '4']);
    const rows = other.prepare<[], { id: number; ref_id: number }>("SELECT id, ref_id FROM timers WHERE kind = 'g' ORDER BY id").all();
    expect(rows.map((r) => r.ref_id)).toEqual([1, 2, 4]);
    expect(ids).toEqual(rows.map((r) => r.id));
  });

  it("a write that is no member's, made while the group is open, survives a later member's failure", async () => {
    const a = store.txGrouped(() => store.settings.set('g.a', 1));
    // An autocommit write (a clock pause, say) joins the open group's transaction…
    store.settings.set('g.clock', 'paused');
    // …and a member failing after it must not take it down with the group.
    expect(() =>
      store.txGrouped(() => {
        store.settings.set('g.bad', 2);
        throw new Error('fails after writing');
      }),
    ).toThrow('fails after writing');
    const b = store.txGrouped(() => store.settings.set('g.b', 3));
    await Promise.all([a, b]);
    expect([committed('g.a'), committed('g.clock'), committed('g.bad'), committed('g.b')]).toEqual(['1', '"paused"', null, '3']);
  });

  it('any other transaction commits the open group first', () => {
    void store.txGrouped(() => store.settings.set('g.first', 1));
    store.tx(() => store.settings.set('g.second', 2));
    expect([committed('g.first'), committed('g.second')]).toEqual(['1', '2']);
  });
});
