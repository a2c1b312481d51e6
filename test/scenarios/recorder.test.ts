import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../server/scenarios/runner.js';
import { api, startSandbox } from '../helpers/sandbox.js';
import { createPayment, paymentFields, postPayment } from '../helpers/payments.js';

let a: Awaited<ReturnType<typeof startSandbox>>;
let b: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  [a, b] = await Promise.all([startSandbox(), startSandbox()]);
});
afterAll(() => Promise.all([a.stop(), b.stop()]));

const lastLogId = async (base: string): Promise<number> => (await api(base, 'GET', '/sandbox/v1/requests?limit=1')).body.items[0]?.id ?? 0;
const opId = async (base: string, transId: string): Promise<number> =>
  (await api(base, 'GET', `/sandbox/v1/operations?trans_id=${transId}`)).body.items[0].id;

/** A support session on sandbox A: creations, an error, transitions, SPEI, clock and payouts. */
async function session(base: string): Promise<void> {
  const ok = await createPayment(base, 17);
  await api(base, 'POST', `/sandbox/v1/operations/${await opId(base, ok.fields.trans_id!)}/confirm`);
  await api(base, 'POST', `/sandbox/v1/operations/${await opId(base, ok.fields.trans_id!)}/confirm`); // 409, recorded as such
  await postPayment(base, paymentFields(17, { currency: 'USD' }));
  await postPayment(base, paymentFields(17, { signature: 'f'.repeat(64) }));
  const rej = await createPayment(base, 17);
  await api(base, 'POST', `/sandbox/v1/operations/${await opId(base, rej.fields.trans_id!)}/reject`, {
    rejection_code: '05',
    rejection_message: 'No autorizada',
  });
  const spei = await createPayment(base, 41);
  const demo = (await api(base, 'GET', '/sandbox/v1/merchants')).body.items[0];
  await api(base, 'POST', '/sandbox/v1/spei/transfers', { clabe: demo.clabe, amount: '1.00', rfc: 'GODE561231GR8' });
  await api(base, 'POST', '/sandbox/v1/spei/transfers', { clabe: demo.clabe, amount: spei.fields.amount, rfc: 'GODE561231GR8' });
  await createPayment(base, 17, { filter_by: 'wallet_push' });
  await api(base, 'POST', '/sandbox/v1/clock/advance', { minutes: 20 });
  const item = {
    order_id: 'O-1',
    credit_note: 'CN-REC-1',
    account_id: '012180001234567899',
    account_type: 'clabe',
    vat_id: 'GODE561231GR8',
    vat_id_type: 'RFC',
    name: 'Ana',
    amount: 300,
    channel: 'https://merchant.example/payout',
    bank: 40012,
    country: 'MEX',
  };
  const batch = await fetch(base + '/api/transactions/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer tk_sandbox_demo' },
    body: JSON.stringify([item, { ...item, credit_note: 'CN-REC-2', amount: 301 }]),
  });
  if (batch.status !== 201) throw new Error(`payout batch refused: ${await batch.text()}`);
  const created = (await batch.json()) as { payroll: number };
  await api(base, 'POST', '/sandbox/v1/payouts/process', { payroll: created.payroll });
  await api(base, 'PATCH', '/sandbox/v1/merchants/pk_sandbox_demo', { max_amount: 90_000_000 });
}

describe('recorder', () => {
  it('turns a range of the request log into a scenario that replays green on a fresh sandbox', async () => {
    const from = (await lastLogId(a.url)) + 1;
    await session(a.url);
    const rec = await api(a.url, 'POST', '/sandbox/v1/scenarios/record', { from_id: from, name: 'support-session' });
    expect(rec.status).toBe(200);
    const actions = rec.body.scenario.steps.map((s: { action: string }) => s.action);
    expect(actions).toEqual([
      'create_payment',
      'confirm',
      'confirm',
      'create_payment',
      'create_payment',
      'create_payment',
      'reject',
      'create_payment',
      'spei_transfer',
      'spei_transfer',
      'create_payment',
      'advance_clock',
      'create_payouts',
      'process_payouts',
    ]);
    const steps = rec.body.scenario.steps;
    expect(steps[2].expect).toEqual({ http_status: 409, error_code: 'INVALID_TRANSITION' });
    expect(steps[3].expect).toEqual({ http_status: 400, error_code: 'INVALID_CURRENCY_CHANNEL' });
    expect(steps[4]).toMatchObject({ sign: false, expect: { error_code: 'INVALID_SIGNATURE' } });
    expect(steps[6]).toMatchObject({ body: { rejection_code: '05' }, expect: { status: 'rejected' } });
    expect(steps[8].expect).toEqual({ matched: null });
    expect(steps[9].expect).toEqual({ matched: steps[7].as });
    expect(rec.body.skipped.some((s: { path: string }) => s.path === '/sandbox/v1/merchants/pk_sandbox_demo')).toBe(true);
    const parsed = parseScenario(rec.body.scenario);
    if (!parsed.ok) throw new Error(parsed.error);
    const report = await runScenario(parsed.scenario, { baseUrl: b.url });
    expect(report.steps.filter((s) => s.status !== 'passed').map((s) => `${s.title}: ${s.failures.join('; ')}`)).toEqual([]);
  });

  it('expects the recorded outcomes, so a replay that behaves differently fails', async () => {
    const from = (await lastLogId(a.url)) + 1;
    await createPayment(a.url, 41, { trans_id: 'REC-EXPIRE' });
    const rec = await api(a.url, 'POST', '/sandbox/v1/scenarios/record', { from_id: from });
    expect(rec.body.scenario.steps).toHaveLength(1);
    rec.body.scenario.steps.push({ action: 'expect_operation', operation: rec.body.scenario.steps[0].as, status: 'confirmed' });
    const run = await api(b.url, 'POST', '/sandbox/v1/scenarios/run', { scenario: rec.body.scenario });
    expect(run.body.ok).toBe(false);
    expect(run.body.steps[1].status).toBe('failed');
  });

  it('refuses a recording for an unknown merchant with 404', async () => {
    const r = await api(a.url, 'POST', '/sandbox/v1/scenarios/record', { public_key: 'pk_nobody' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });
});
