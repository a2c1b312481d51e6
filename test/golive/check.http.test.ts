import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../server/contract/checks.js';
import { api, DEMO, startSandbox } from '../helpers/sandbox.js';
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
  const r = await api(sb.url, 'PATCH', `/sandbox/v1/merchants/${DEMO.public_key}`, urls);
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
    const r = await api<CheckReport>(sb.url, 'POST', '/sandbox/v1/checks', {});
    expect(r.status).toBe(201);
    const report = r.body;
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
    const got = await api<CheckReport>(sb.url, 'GET', `/sandbox/v1/checks/${report.id}`);
    expect(got.body).toEqual(report);
    const list = await api<{ items: CheckReport[] }>(sb.url, 'GET', '/sandbox/v1/checks');
    expect(list.body.items[0]!.id).toBe(report.id);
  });

  it("probe operations are labelled as the check's and not counted as the merchant's payments", async () => {
    const list = await api<{ items: CheckReport[] }>(sb.url, 'GET', '/sandbox/v1/checks');
    const report = list.body.items[0]!;
    const success = report.checks.find((c) => c.id === 'success_acknowledged')!;
    const n = await api(sb.url, 'GET', `/sandbox/v1/notifications?limit=100`);
    const probe = n.body.items.find((x: { id: number }) => x.id === success.notification_ids[0]);
    expect(probe.attempts).toHaveLength(1);
    const op = await api(sb.url, 'GET', `/sandbox/v1/operations/${probe.operation_id}`);
    expect(op.body.check_report).toBe(report.id);
    const stats = await api(sb.url, 'GET', '/sandbox/v1/operations/stats');
    expect(stats.body.items).toEqual([]);
  });

  it('a naive handler (acknowledges everything, slowly; refuses an unknown field) gets the verdicts §11 gives it', async () => {
    await pointAt(sb, naive);
    const started = Date.now();
    const r = await api<CheckReport>(sb.url, 'POST', '/sandbox/v1/checks', { merchant: DEMO.public_key, only: PROBES });
    expect(r.status).toBe(201);
    expect(verdicts(r.body)).toEqual({
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
    const r = await api<CheckReport>(sb.url, 'POST', '/sandbox/v1/checks', { only: PROBES });
    expect(r.status).toBe(201);
    for (const c of r.body.checks) {
      expect(c.verdict).toBe('skipped');
      expect(c.evidence).toMatch(/skipped/);
    }
  });

  it('bad input: unknown merchant 404, unknown check id 400, unknown report 404, nothing stored', async () => {
    const before = (await api(sb.url, 'GET', '/sandbox/v1/checks')).body.items.length;
    const m = await api(sb.url, 'POST', '/sandbox/v1/checks', { merchant: 'pk_nobody' });
    expect(m.status).toBe(404);
    expect(m.body.error.code).toBe('NOT_FOUND');
    const c = await api(sb.url, 'POST', '/sandbox/v1/checks', { only: ['success_acknowledged', 'no_such_check'] });
    expect(c.status).toBe(400);
    expect(c.body.error.message).toMatch(/no_such_check/);
    const g = await api(sb.url, 'GET', '/sandbox/v1/checks/chk_0123');
    expect(g.status).toBe(404);
    const x = await api(sb.url, 'POST', '/sandbox/v1/checks', { merchant: 5 });
    expect(x.status).toBe(400);
    expect((await api(sb.url, 'GET', '/sandbox/v1/checks')).body.items.length).toBe(before);
  });
});
