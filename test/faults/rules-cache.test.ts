import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoredRulesSchema } from '../../server/store/fault-rules.js';
import { answer, control, DEMO, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
// The one parse of the stored rules (store/fault-rules.ts): counted, not replaced.
const parses = vi.spyOn(StoredRulesSchema, 'safeParse');
beforeAll(async () => {
  sb = await startSandbox();
  await control(sb).createMerchant({ body: { name: 'Otra', public_key: 'pk_cache_other', secret_key: 'sk_cache_other' } });
});
afterAll(async () => {
  parses.mockRestore();
  await sb.stop();
});
beforeEach(async () => {
  await control(sb).clearFaults();
});

/** One merchant API request (the demo merchant's payout list, fault target `payouts`): its status. */
async function call(): Promise<number> {
  const res = await fetch(`${sb.url}/api/transactions/`, { headers: { authorization: `Bearer ${DEMO.payout_token}` } });
  await res.arrayBuffer();
  return res.status;
}
const calls = async (n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await call());
  return out;
};

describe('fault rules read from the store cache', () => {
  it('a rule added, changed, replaced, removed, wiped or imported takes effect on the very next request', async () => {
    const added = await answer(sb, 'addFault', { body: { kind: 'server_error', target: 'payouts', remaining: null, enabled: false } });
    expect(added.status).toBe(201);
    const id = added.data.id;
    expect(await calls(2)).toEqual([200, 200]);
    expect((await answer(sb, 'patchFault', { id, body: { enabled: true } })).status).toBe(200);
    expect(await calls(2)).toEqual([500, 500]);
    expect((await answer(sb, 'patchFault', { id, body: { enabled: false } })).status).toBe(200);
    expect(await call()).toBe(200);
    expect((await answer(sb, 'replaceFaults', { body: { rules: [{ kind: 'server_error', remaining: 1 }] } })).status).toBe(200);
    expect(await calls(2)).toEqual([500, 200]);
    const again = await control(sb).addFault({ body: { kind: 'server_error', remaining: null } });
    expect(await call()).toBe(500);
    expect((await answer(sb, 'deleteFault', { id: again.id })).status).toBe(200);
    expect(await call()).toBe(200);

    // A bundle with a live rule, imported with its settings after a reset (a wipe) brings it back at once.
    await control(sb).addFault({ body: { kind: 'server_error', remaining: null } });
    expect(await call()).toBe(500);
    const bundle = await control(sb).exportBundle({ query: { include_secrets: 'true' } });
    expect((await answer(sb, 'resetSandbox')).status).toBe(200);
    expect(await call()).toBe(200);
    expect((await answer(sb, 'importBundle', { query: { apply_settings: 'true' }, body: bundle })).status).toBe(200);
    expect(await call()).toBe(500);
  });

  it('requests with rules present parse them once per write, not once per request', async () => {
    // Live and aimed at the payout API, but for another merchant: every request reads it, none fires.
    expect((await answer(sb, 'addFault', { body: { kind: 'server_error', public_key: 'pk_cache_other' } })).status).toBe(201);
    parses.mockClear();
    expect(await calls(10)).toEqual(Array(10).fill(200));
    expect(parses).toHaveBeenCalledTimes(1);

    // A firing rule writes its counter each time: one parse per firing, none once it is spent.
    expect((await answer(sb, 'addFault', { body: { kind: 'server_error', remaining: 3 } })).status).toBe(201);
    parses.mockClear();
    expect(await calls(8)).toEqual([500, 500, 500, 200, 200, 200, 200, 200]);
    expect(parses).toHaveBeenCalledTimes(4);
  });
});
