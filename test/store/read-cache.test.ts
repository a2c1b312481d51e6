import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoMerchant } from '../../server/domain/merchants.js';
import { createStore, type Store } from '../../server/store/index.js';

let dir: string;
let store: Store;
const demo = () => store.merchants.byPublicKey('pk_sandbox_demo');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbx-cache-'));
  store = createStore({ data: dir });
  store.tx(() => seedDemoMerchant(store, Date.now()));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cached merchant and settings reads', () => {
  it('a cached merchant is shared read-only: changing it in place throws', () => {
    const m = demo()!;
    expect(demo()).toBe(m);
    expect(() => ((m as { enabled: boolean }).enabled = false)).toThrow(TypeError);
    expect(() => m.channels['17']!.push('XXX')).toThrow(TypeError);
    expect(demo()!.enabled).toBe(true);
  });

  it('a saved merchant is read back changed, and a renamed public key no longer finds the old one', () => {
    const m = demo()!;
    store.tx(() => store.merchants.save({ ...m, enabled: false, max_amount: 123 }));
    expect(demo()).toMatchObject({ enabled: false, max_amount: 123 });
    store.tx(() => store.merchants.save({ ...demo()!, public_key: 'pk_renamed' }));
    expect(demo()).toBeUndefined();
    expect(store.merchants.byPublicKey('pk_renamed')?.id).toBe(m.id);
  });

  it('a value read inside a transaction that rolls back does not outlive it', () => {
    const m = demo()!;
    expect(() =>
      store.tx(() => {
        store.merchants.save({ ...m, secret_key: 'sk_uncommitted' });
        store.settings.set('sandbox', { retry_minutes: [7] });
        // Read inside the transaction: the cache now holds the uncommitted values…
        expect(demo()!.secret_key).toBe('sk_uncommitted');
        expect(store.settings.get('sandbox', null)).toEqual({ retry_minutes: [7] });
        throw new Error('undo');
      }),
    ).toThrow('undo');
    // …and forgets them with the rollback.
    expect(demo()!.secret_key).toBe(m.secret_key);
    expect(store.settings.get('sandbox', null)).toBeNull();
  });

  it('a grouped write that throws forgets what it cached', async () => {
    const m = demo()!;
    await expect(
      (async () =>
        store.txGrouped(() => {
          store.merchants.save({ ...m, enabled: false });
          expect(demo()!.enabled).toBe(false);
          throw new Error('undo');
        }))(),
    ).rejects.toThrow('undo');
    expect(demo()!.enabled).toBe(true);
  });

  it('settings values are copies: changing one does not change the next read', () => {
    expect(store.settings.get('k', 'absent')).toBe('absent'); // a miss is cached, and forgotten by set
    store.settings.set('k', { list: [1, 2] });
    const v = store.settings.get<{ list: number[] }>('k', { list: [] });
    v.list.push(3);
    expect(store.settings.get('k', null)).toEqual({ list: [1, 2] });
    store.settings.delete('k');
    expect(store.settings.get('k', null)).toBeNull();
  });

  it('a wipe and a bundle insert of merchants are seen by the next lookup', () => {
    const before = demo()!;
    store.wipe();
    expect(demo()).toBeUndefined();
    const row = {
      ...before,
      enabled: 1,
      allow_http_localhost: 0,
      allow_private_callbacks: 0,
      channels: JSON.stringify(before.channels),
      blacklisted_documents: '[]',
      secret_key: 'sk_from_bundle',
    };
    store.tx(() => store.bundle.insert('merchants', row));
    expect(demo()!.secret_key).toBe('sk_from_bundle');
    store.tx(() => store.merchants.save({ ...demo()!, secret_key: 'sk_changed' }));
    store.wipe();
    store.tx(() => store.bundle.insert('merchants', row));
    expect(demo()!.secret_key).toBe('sk_from_bundle');
  });

  it('a payout token lookup forgets a token changed, rolled back, wiped or brought by a bundle', () => {
    const m = demo()!;
    expect(store.merchants.byPayoutToken('tk_sandbox_demo')?.id).toBe(m.id);
    expect(() =>
      store.tx(() => {
        store.merchants.save({ ...m, payout_token: 'tk_uncommitted' });
        expect(store.merchants.byPayoutToken('tk_uncommitted')?.id).toBe(m.id);
        expect(store.merchants.byPayoutToken('tk_sandbox_demo')).toBeUndefined();
        throw new Error('undo');
      }),
    ).toThrow('undo');
    expect(store.merchants.byPayoutToken('tk_uncommitted')).toBeUndefined();
    expect(store.merchants.byPayoutToken('tk_sandbox_demo')?.id).toBe(m.id);
    store.tx(() => store.merchants.save({ ...demo()!, payout_token: 'tk_new' }));
    expect(store.merchants.byPayoutToken('tk_sandbox_demo')).toBeUndefined();
    expect(store.merchants.byPayoutToken('tk_new')?.id).toBe(m.id);
    store.wipe();
    expect(store.merchants.byPayoutToken('tk_new')).toBeUndefined();
    const row = {
      ...m,
      enabled: 1,
      allow_http_localhost: 0,
      allow_private_callbacks: 0,
      channels: JSON.stringify(m.channels),
      blacklisted_documents: '[]',
    };
    store.tx(() => store.bundle.insert('merchants', { ...row, payout_token: 'tk_from_bundle' }));
    expect(store.merchants.byPayoutToken('tk_from_bundle')?.id).toBe(m.id);
    expect(Object.isFrozen(store.merchants.byPayoutToken('tk_from_bundle'))).toBe(true);
  });

  it('a parsed settings value is shared and frozen, read once per write, and forgotten by a rollback', () => {
    let reads = 0;
    const read = (v: unknown) => (reads++, Object.freeze({ v }));
    store.settings.set('k', [1]);
    const first = store.settings.parsed('k', [], read);
    expect(store.settings.parsed('k', [], read)).toBe(first);
    expect(reads).toBe(1);
    expect(() =>
      store.tx(() => {
        store.settings.set('k', [2]);
        expect(store.settings.parsed('k', [], read)).toEqual({ v: [2] });
        throw new Error('undo');
      }),
    ).toThrow('undo');
    expect(store.settings.parsed('k', [], read)).toEqual({ v: [1] });
    expect(reads).toBe(3);
    store.wipe();
    expect(store.settings.parsed('k', [], read)).toEqual({ v: [] });
  });
});
