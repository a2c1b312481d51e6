import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../server/contract/checks.js';
import { answer, api, control, DEMO, failure, startSandbox } from '../helpers/sandbox.js';
import { correctHandler, naiveHandler, type Handler } from './handlers.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const verdicts = (r: CheckReport) => Object.fromEntries(r.checks.map((c) => [c.id, c.verdict]));
const PROBES = [
  'success_acknowledged',
  'answers_fast',
  'duplicate_acknowledged',
  'forged_signature_refused',
  'tampered_amount_refused',
  'unknown_fields_tolerated',
  'rejection_acknowledged',
  'late_rejection_acknowledged',
  'payout_notification_acknowledged',
];

async function pointAt(sb: Sb, h: Handler | null) {
  const urls = h
    ? { success_url: `${h.url}/ok`, rejection_url: `${h.url}/rejected`, payout_url: `${h.url}/payout` }
    : { success_url: null, rejection_url: null, payout_url: null };
  const r = await answer(sb, 'updateMerchant', { public_key: DEMO.public_key, body: urls });
  expect(r.status).toBe(200);
}

describe('go-live check (contract §11)', () => {
  let sb: Sb;
  let correct: Handler;
  let naive: Handler;
  beforeAll(async () => {
    sb = await startSandbox();
    correct = await correctHandler(DEMO.secret_key);
    naive = await naiveHandler(3200);
  });
  afterAll(async () => {
    await sb.stop();
    await correct.close();
    await naive.close();
  });

  it('a correct handler gets no fail and no warn on the probes, and applies none of the forged ones', async () => {
    await pointAt(sb, correct);
    const r = await answer(sb, 'runCheck', { body: {} });
    expect(r.status).toBe(201);
    const report = r.data;
    expect(report.merchant).toBe(DEMO.public_key);
    const v = verdicts(report);
    for (const id of PROBES) expect([id, v[id]]).toEqual([id, 'pass']);
    for (const c of report.checks) {
      expect(c.title).not.toBe('');
      expect(c.advice).not.toBe('');
    }
    expect(report.summary.pass + report.summary.warn + report.summary.fail + report.summary.skipped).toBe(report.checks.length);
    // The tampered amount was refused: no order was paid with it.
    expect([...correct.applied.keys()].some((t) => t.endsWith('-tampered'))).toBe(false);
    // Kept, listed and readable by id.
    expect(await control(sb).getCheck({ id: report.id })).toEqual(report);
    expect((await control(sb).listChecks()).items[0]!.id).toBe(report.id);
  });

  it("probe operations are labelled as the check's and not counted as the merchant's payments", async () => {
    const report = (await control(sb).listChecks()).items[0]!;
    const success = report.checks.find((c) => c.id === 'success_acknowledged')!;
    const n = await control(sb).listNotifications({ query: { limit: 100 } });
    const probe = n.items.find((x) => x.id === success.notification_ids[0])!;
    expect(probe.attempts).toHaveLength(1);
    const op = await control(sb).getOperation({ id: probe.operation_id! });
    expect(op.check_report).toBe(report.id);
    const stats = await control(sb).operationStats();
    expect(stats.items).toEqual([]);
  });

  it('a naive handler (acknowledges everything, slowly; refuses an unknown field) gets the verdicts §11 gives it', async () => {
    await pointAt(sb, naive);
    const started = Date.now();
    const r = await answer(sb, 'runCheck', { body: { merchant: DEMO.public_key, only: PROBES } });
    expect(r.status).toBe(201);
    expect(verdicts(r.data)).toEqual({
      success_acknowledged: 'pass',
      answers_fast: 'warn',
      duplicate_acknowledged: 'pass',
      forged_signature_refused: 'warn',
      tampered_amount_refused: 'warn',
      unknown_fields_tolerated: 'fail',
      rejection_acknowledged: 'pass',
      late_rejection_acknowledged: 'pass',
      payout_notification_acknowledged: 'pass',
    });
    // Probes run concurrently: two sequential steps of 3.2 s, not nine (generous bound for a loaded machine).
    expect(Date.now() - started).toBeLessThan(25_000);
  }, 40_000);

  it('a merchant without URLs gets skipped probes with the reason, not an error', async () => {
    await pointAt(sb, null);
    const r = await answer(sb, 'runCheck', { body: { only: PROBES } });
    expect(r.status).toBe(201);
    for (const c of r.data.checks) {
      expect(c.verdict).toBe('skipped');
      expect(c.evidence).toMatch(/skipped/);
    }
  });

  it('bad input: unknown merchant 404, unknown check id 400, unknown report 404, nothing stored', async () => {
    const before = (await control(sb).listChecks()).items.length;
    const m = await failure(control(sb).runCheck({ body: { merchant: 'pk_nobody' } }));
    expect(m.status).toBe(404);
    expect(m.code).toBe('NOT_FOUND');
    const c = await failure(control(sb).runCheck({ body: { only: ['success_acknowledged', 'no_such_check'] } }));
    expect(c.status).toBe(400);
    expect(c.reason).toMatch(/no_such_check/);
    const g = await failure(control(sb).getCheck({ id: 'chk_0123' }));
    expect(g.status).toBe(404);
    // Raw: a merchant that is not a string is refused by the typed client at compile time.
    const x = await api(sb.url, 'POST', '/sandbox/v1/checks', { merchant: 5 });
    expect(x.status).toBe(400);
    expect((await control(sb).listChecks()).items.length).toBe(before);
  });
});
