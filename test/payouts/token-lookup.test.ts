import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, control, startSandbox } from '../helpers/sandbox.js';
import { payoutItem, postPayouts } from './helpers.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const MERCHANTS = 300;
const tokenOf = (i: number) => `tk_lookup_${String(i).padStart(4, '0')}`;

describe('payout token owner among many merchants', () => {
  it('finds the right merchant with one indexed lookup, and a changed token stops working at once', async () => {
    // Created in parallel groups over HTTP: 300 merchants, each with its own payout token.
    for (let start = 0; start < MERCHANTS; start += 50) {
      const created = await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          answer(sb, 'createMerchant', { body: { name: `Lookup ${start + k}`, payout_token: tokenOf(start + k) } }),
        ),
      );
      expect(created.map((c) => c.status)).toEqual(Array(50).fill(201));
    }
    const merchants = new Map((await control(sb).listMerchants()).items.map((m) => [m.payout_token, m]));
    // The full scan read every merchant through list(); the lookup must not.
    const list = vi.spyOn(sb.ctx.store.merchants, 'list');
    try {
      for (const i of [0, 1, 149, 298, 299]) {
        const r = await postPayouts(sb.url, [payoutItem()], { authorization: `Bearer ${tokenOf(i)}` });
        expect(r.status, tokenOf(i)).toBe(201);
        const stored = await control(sb).getPayout({ id: r.json.data[0].id });
        expect(stored.mid_id, tokenOf(i)).toBe(merchants.get(tokenOf(i))!.mid_id);
      }
      expect(list).not.toHaveBeenCalled();
    } finally {
      list.mockRestore();
    }

    const key = merchants.get(tokenOf(149))!.public_key;
    // Warm the cached lookup, then change the token the only way the API allows (reset, then a bundle
    // bringing the merchant back with another token): the old one is refused on the very next call.
    expect((await postPayouts(sb.url, [payoutItem()], { authorization: `Bearer ${tokenOf(149)}` })).status).toBe(201);
    const bundle = await control(sb).exportBundle({ query: { include_secrets: 'true' } });
    for (const m of bundle.merchants) if (m.public_key === key) m.payout_token = 'tk_lookup_changed';
    expect((await answer(sb, 'resetSandbox')).status).toBe(200);
    expect((await answer(sb, 'importBundle', { body: bundle })).status).toBe(200);
    const old = await postPayouts(sb.url, [payoutItem()], { authorization: `Bearer ${tokenOf(149)}` });
    expect(old.status).toBe(401);
    expect(old.json.error.code).toBe('UNAUTHORIZED');
    expect((await postPayouts(sb.url, [payoutItem()], { authorization: 'Bearer tk_lookup_changed' })).status).toBe(201);
    // Disabling is seen at once too (the cached record is dropped by the write).
    expect((await answer(sb, 'updateMerchant', { public_key: key, body: { enabled: false } })).status).toBe(200);
    const off = await postPayouts(sb.url, [payoutItem()], { authorization: 'Bearer tk_lookup_changed' });
    expect(off.status).toBe(400);
    expect(off.json.error.code).toBe('MERCHANT_DISABLED');
  });
});
