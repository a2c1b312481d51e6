import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_CHECK_IDS, type CheckReport, type RunCheckBody } from '../../server/contract/checks.js';
import { createPayment } from '../helpers/payments.js';
import { answer, api, control, DEMO, failure, startSandbox } from '../helpers/sandbox.js';
import { correctHandler, pathOutcomeHandler, phpEchoHandler, sameAnswerHandler, type Handler } from './handlers.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const verdicts = (r: CheckReport) => Object.fromEntries(r.checks.map((c) => [c.id, c.verdict]));
const check = (r: CheckReport, id: string) => r.checks.find((c) => c.id === id)!;
const PROBES = [...PROBE_CHECK_IDS];

async function pointAt(sb: Sb, h: Handler | null) {
  const urls = h
    ? { success_url: `${h.url}/ok`, rejection_url: `${h.url}/rejected`, payout_url: `${h.url}/payout` }
    : { success_url: null, rejection_url: null, payout_url: null };
  const r = await answer(sb, 'updateMerchant', { public_key: DEMO.public_key, body: urls });
  expect(r.status).toBe(200);
}

async function runCheck(sb: Sb, body: RunCheckBody = {}) {
  const r = await answer(sb, 'runCheck', { body });
  expect(r.status).toBe(201);
  return r.data;
}

/** Orders of the shop, created as the shop creates them: numeric order ids. */
async function shopOrders(sb: Sb, n: number, first: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = String(first + i);
    await createPayment(sb.url, 17, { trans_id: id, amount: String(1000 + i) });
    ids.push(id);
  }
  return ids;
}

describe('go-live check', () => {
  let sb: Sb;
  const handlers: Handler[] = [];
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    await sb.stop();
    await Promise.all(handlers.map((h) => h.close()));
  });
  const handler = async (h: Promise<Handler>) => {
    const made = await h;
    handlers.push(made);
    return made;
  };

  it("a correct handler gets no fail and no warn, about the merchant's own orders, and applies none of the forged ones", async () => {
    const h = await handler(correctHandler(DEMO.secret_key));
    await pointAt(sb, h);
    const mine = await shopOrders(sb, 8, 400100200);
    const report = await runCheck(sb);
    expect(report.merchant).toBe(DEMO.public_key);
    for (const id of PROBES) expect([id, verdicts(report)[id]]).toEqual([id, 'pass']);
    for (const c of report.checks) expect([c.id, c.verdict]).not.toEqual([c.id, 'fail']);
    expect(report.summary.pass + report.summary.warn + report.summary.fail + report.summary.skipped).toBe(report.checks.length);
    // The probes spoke about the shop's own orders, newest first, one order per state-changing probe.
    expect(report.orders.every((o) => o.source === 'creation' && mine.includes(o.trans_id))).toBe(true);
    expect(report.orders.length).toBe(8);
    expect(check(report, 'success_acknowledged').answers[0]).toMatchObject({ method: 'POST', status: 200, body_excerpt: 'order paid' });
    expect(check(report, 'get_forged_refused').answers[0]).toMatchObject({ method: 'GET', status: 405 });
    expect(check(report, 'rejection_told_apart').answers.map((a) => a.body_excerpt)).toEqual(['order paid', 'order failed']);
    // Refused probes were not applied: the forged and tampered orders stay unpaid.
    const forgedOrder = report.orders.find((o) => o.checks.includes('forged_signature_refused'))!.trans_id;
    const tamperedOrder = report.orders.find((o) => o.checks.includes('tampered_amount_refused'))!.trans_id;
    expect(h.applied().get(forgedOrder)).toBeUndefined();
    expect(h.applied().get(tamperedOrder)).toBeUndefined();
    expect(await control(sb).getCheck({ id: report.id })).toEqual(report);
    expect((await control(sb).listChecks()).items[0]!.id).toBe(report.id);
  });

  it("probe rows are labelled golive:<check id>, left out of lists on request, never counted as the merchant's payments", async () => {
    const report = (await control(sb).listChecks()).items[0]!;
    const success = check(report, 'success_acknowledged');
    const n = await control(sb).getNotification({ id: success.notification_ids[0]! });
    expect(n.test_label).toBe('golive:success_acknowledged');
    expect(n.attempts).toHaveLength(1);
    const op = await control(sb).getOperation({ id: n.operation_id! });
    expect(op.test_label).toBe('golive:success_acknowledged');
    expect(op.check_report).toBe(report.id);
    const own = await control(sb).listOperations({ query: { probes: 'exclude', limit: 100 } });
    expect(own.items.length).toBe(8);
    expect(own.items.every((o) => o.test_label === undefined)).toBe(true);
    const all = await control(sb).listOperations({ query: { limit: 100 } });
    expect(all.items.some((o) => o.test_label?.startsWith('golive:'))).toBe(true);
    const notifications = await control(sb).listNotifications({ query: { probes: 'exclude', limit: 100 } });
    expect(notifications.items.every((x) => !x.test_label?.startsWith('golive:'))).toBe(true);
    const stats = await control(sb).operationStats();
    expect(stats.items.reduce((s, c) => s + c.count, 0)).toBe(8);
  });

  it('a PHP plugin that reads $_REQUEST and pays on anything fails the forged, tampered and GET probes (and did pay them)', async () => {
    await control(sb).resetSandbox();
    const h = await handler(phpEchoHandler(DEMO.secret_key));
    await pointAt(sb, h);
    const report = await runCheck(sb, { only: PROBES });
    expect(verdicts(report)).toMatchObject({
      success_acknowledged: 'pass',
      duplicate_acknowledged: 'pass',
      forged_signature_refused: 'fail',
      tampered_amount_refused: 'fail',
      get_forged_refused: 'fail',
      unknown_fields_tolerated: 'pass',
      rejection_acknowledged: 'pass',
      rejection_told_apart: 'warn',
      late_rejection_acknowledged: 'pass',
      payout_notification_acknowledged: 'pass',
    });
    // No creation since the reset: made-up nine-digit order ids, and the report says so.
    expect(report.orders.every((o) => o.source === 'made_up' && /^\d{9}$/.test(o.trans_id))).toBe(true);
    const forgedOrder = report.orders.find((o) => o.checks.includes('get_forged_refused'))!.trans_id;
    expect(h.applied().get(forgedOrder)).toBe('paid');
    expect(check(report, 'forged_signature_refused').evidence).toMatch(/acknowledged\. Anyone who knows an order number/);
    // The handler's answer is kept as text, at most 300 characters.
    const echoed = check(report, 'success_acknowledged').answers[0]!;
    expect(JSON.parse(echoed.body_excerpt)).toMatchObject({ result: 'success' });
    expect(echoed.body_excerpt.length).toBeLessThanOrEqual(300);
  });

  it('a plugin that casts the trans_id to an integer works on nine-digit ids and shows its crash on an id it cannot parse', async () => {
    const h = await handler(pathOutcomeHandler());
    await pointAt(sb, h);
    const made = await runCheck(sb, { only: ['success_acknowledged', 'rejection_acknowledged', 'forged_signature_refused'] });
    expect(verdicts(made)).toEqual({ success_acknowledged: 'pass', rejection_acknowledged: 'pass', forged_signature_refused: 'fail' });
    const given = await runCheck(sb, { only: ['success_acknowledged'], trans_ids: ['ORD-77'] });
    expect(given.orders).toEqual([{ trans_id: 'ORD-77', source: 'given', checks: ['success_acknowledged'] }]);
    const c = check(given, 'success_acknowledged');
    expect(c.verdict).toBe('fail');
    expect(c.answers[0]).toMatchObject({ status: 500 });
    expect(c.answers[0]!.body_excerpt).toMatch(/invalid order id "ORD-77"/);
  });

  it('a handler that answers a rejection exactly as a payment gets rejection_told_apart warn', async () => {
    const h = await handler(sameAnswerHandler(DEMO.secret_key));
    await pointAt(sb, h);
    const report = await runCheck(sb, { only: ['rejection_told_apart', 'forged_signature_refused'] });
    expect(verdicts(report)).toEqual({ forged_signature_refused: 'pass', rejection_told_apart: 'warn' });
    expect(check(report, 'rejection_told_apart').evidence).toMatch(/answers a rejection exactly as a payment/);
  });

  it('probes run concurrently: a handler that takes 4 s per request gets its report within 30 s, answers_fast warn', async () => {
    const h = await handler(correctHandler(DEMO.secret_key, 4000));
    await pointAt(sb, h);
    const started = Date.now();
    const report = await runCheck(sb, { only: PROBES });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(verdicts(report).answers_fast).toBe('warn');
    expect(check(report, 'answers_fast').answers.length).toBe(10);
  }, 60_000);

  it('a merchant without URLs gets skipped probes with the reason, not an error', async () => {
    await pointAt(sb, null);
    const report = await runCheck(sb, { only: PROBES });
    for (const c of report.checks) {
      expect(c.verdict).toBe('skipped');
      expect(c.evidence).toMatch(/^skipped: the merchant has no/);
    }
  });

  it('bad input: unknown merchant 404, unknown check id 400, bad since 400, unknown report 404, nothing stored', async () => {
    const before = (await control(sb).listChecks()).items.length;
    const m = await failure(control(sb).runCheck({ body: { merchant: 'pk_nobody' } }));
    expect([m.status, m.code]).toEqual([404, 'NOT_FOUND']);
    const c = await failure(control(sb).runCheck({ body: { only: ['success_acknowledged', 'no_such_check'] } }));
    expect(c.status).toBe(400);
    expect(c.reason).toMatch(/no_such_check/);
    const s = await api(sb.url, 'POST', '/sandbox/v1/checks', { since: 'yesterday' });
    expect(s.status).toBe(400);
    const t = await api(sb.url, 'POST', '/sandbox/v1/checks', { trans_ids: [] });
    expect(t.status).toBe(400);
    const g = await failure(control(sb).getCheck({ id: 'chk_0123' }));
    expect(g.status).toBe(404);
    const x = await api(sb.url, 'POST', '/sandbox/v1/checks', { merchant: 5 });
    expect(x.status).toBe(400);
    expect((await control(sb).listChecks()).items.length).toBe(before);
  });
});
