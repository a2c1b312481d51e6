import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { answer, api, control, DEMO, sha256, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const PASSIVE = ['signatures_valid', 'creations_without_warnings', 'trans_id_unique', 'queries_operations'];

describe('go-live check: passive checks over what the sandbox saw', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());
  const run = async (merchant = DEMO.public_key) => {
    const r = await answer(sb, 'runCheck', { body: { merchant, only: PASSIVE } });
    expect(r.status).toBe(201);
    return Object.fromEntries(r.data.checks.map((c) => [c.id, c]));
  };

  it('skips every passive check before any creation', async () => {
    const v = await run();
    for (const id of PASSIVE) expect([id, v[id]!.verdict]).toEqual([id, 'skipped']);
  });

  it('passes a clean integration: valid signatures, no warnings, unique trans_ids, an operation query', async () => {
    const f = paymentFields(17);
    expect((await postPayment(sb.url, f)).status).toBe(200);
    expect((await postPayment(sb.url, paymentFields(17))).status).toBe(200);
    let v = await run();
    expect(v.signatures_valid!.verdict).toBe('pass');
    expect(v.creations_without_warnings!.verdict).toBe('pass');
    expect(v.trans_id_unique!.verdict).toBe('pass');
    expect(v.queries_operations!.verdict).toBe('warn');
    const q = { public_key: DEMO.public_key, time: '2026-01-01 00:00:00', mid_id: '1', trans_id: f.trans_id! };
    const signature = sha256(q.public_key + q.time + q.mid_id + q.trans_id + DEMO.secret_key);
    expect((await api(sb.url, 'GET', `/api/operations?${new URLSearchParams({ ...q, signature })}`)).status).toBe(200);
    v = await run();
    expect(v.queries_operations!.verdict).toBe('pass');
  });

  it('fails refused signatures (with the diagnosis) and warns on warnings and repeated trans_ids', async () => {
    const bad = paymentFields(17, {}, { sign: false });
    bad.signature = sha256(
      ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel']
        .map((k) => bad[k])
        .join(''),
    );
    expect((await postPayment(sb.url, bad)).status).toBe(400);
    const again = paymentFields(17, { amount: '50000.0000' });
    expect((await postPayment(sb.url, again)).status).toBe(200);
    expect((await postPayment(sb.url, paymentFields(17, { trans_id: again.trans_id!, amount: '50000.0000' }))).status).toBe(200);
    const v = await run();
    expect(v.signatures_valid!.verdict).toBe('fail');
    expect(v.signatures_valid!.evidence).toMatch(/without the secret key/);
    expect(v.creations_without_warnings!.verdict).toBe('warn');
    expect(v.creations_without_warnings!.evidence).toMatch(/amount.*\(2×\)/);
    expect(v.trans_id_unique!.verdict).toBe('warn');
    expect(v.trans_id_unique!.evidence).toContain(`${again.trans_id} (2×)`);
  });

  it("reads only this merchant's requests", async () => {
    const other = await control(sb).createMerchant({ body: { name: 'Quiet shop' } });
    const v = await run(other.public_key);
    for (const id of PASSIVE) expect(v[id]!.verdict).toBe('skipped');
  });

  it('counts from `since` (default the last reset), and the report and each verdict say from when', async () => {
    const all = await answer(sb, 'runCheck', { body: { only: PASSIVE } });
    const later = new Date(Date.parse(all.data.started_at) + 60_000).toISOString();
    const r = await answer(sb, 'runCheck', { body: { only: PASSIVE, since: later } });
    expect(r.status).toBe(201);
    expect(r.data.since).toBe(later);
    for (const c of r.data.checks) {
      expect(c.verdict).toBe('skipped');
      expect(c.evidence).toContain(`since ${later}`);
    }
    await control(sb).resetSandbox();
    const fresh = await answer(sb, 'runCheck', { body: { only: PASSIVE } });
    // The window starts at the reset, so nothing before it is read.
    expect(Date.parse(fresh.data.since)).toBeGreaterThan(Date.parse(all.data.since));
    for (const c of fresh.data.checks) expect(c.verdict).toBe('skipped');
  });
});
