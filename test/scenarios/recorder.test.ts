import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../server/scenarios/runner.js';
import { ScenarioSchema } from '../../server/contract/scenario-schema.js';
import { answer, control, failure, outcome, startSandbox } from '../helpers/sandbox.js';
import { createPayment, creationPath, paymentFields, postPayment } from '../helpers/payments.js';

let a: Awaited<ReturnType<typeof startSandbox>>;
let b: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  [a, b] = await Promise.all([startSandbox(), startSandbox()]);
});
afterAll(() => Promise.all([a.stop(), b.stop()]));

type Sb = { url: string };
const lastLogId = async (sb: Sb): Promise<number> => (await control(sb).listRequests({ query: { limit: 1 } })).items[0]?.id ?? 0;
const opId = async (sb: Sb, transId: string): Promise<number> =>
  (await control(sb).listOperations({ query: { trans_id: transId } })).items[0]!.id;
/** A recording's steps, read loosely: the recorder answers the scenario file as plain JSON to edit. */
const stepsOf = (scenario: Record<string, unknown>) => scenario.steps as Record<string, unknown>[];

/** A support session on sandbox A: creations, an error, transitions, SPEI, clock and payouts. */
async function session(sb: Sb): Promise<void> {
  const base = sb.url;
  const ok = await createPayment(base, 17);
  await control(sb).confirmOperation({ id: await opId(sb, ok.fields.trans_id!) });
  await outcome(sb, 'confirmOperation', { id: await opId(sb, ok.fields.trans_id!) }); // 409, recorded as such
  await postPayment(base, paymentFields(17, { currency: 'USD' }));
  await postPayment(base, paymentFields(17, { signature: 'f'.repeat(64) }));
  const rej = await createPayment(base, 17);
  await control(sb).rejectOperation({
    id: await opId(sb, rej.fields.trans_id!),
    body: { rejection_code: '05', rejection_message: 'No autorizada' },
  });
  const spei = await createPayment(base, 41);
  const demo = (await control(sb).listMerchants()).items[0]!;
  await control(sb).injectTransfer({ body: { clabe: demo.clabe!, amount: '1.00', rfc: 'GODE561231GR8' } });
  await control(sb).injectTransfer({ body: { clabe: demo.clabe!, amount: spei.fields.amount!, rfc: 'GODE561231GR8' } });
  await createPayment(base, 17, { filter_by: 'wallet_push' });
  await control(sb).advanceClock({ body: { minutes: 20 } });
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
  await control(sb).processPayouts({ body: { payroll: created.payroll } });
  await control(sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { max_amount: 90_000_000 } });
}

describe('recorder', () => {
  it('turns a range of the request log into a scenario that replays green on a fresh sandbox', async () => {
    const from = (await lastLogId(a)) + 1;
    await session(a);
    const rec = await answer(a, 'recordScenario', { body: { from_id: from, name: 'support-session' } });
    expect(rec.status).toBe(200);
    const actions = stepsOf(rec.data.scenario).map((s) => s.action);
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
    const steps = stepsOf(rec.data.scenario);
    expect(steps[2]!.expect).toEqual({ http_status: 409, error_code: 'INVALID_TRANSITION' });
    expect(steps[3]!.expect).toEqual({ http_status: 400, error_code: 'INVALID_CURRENCY_CHANNEL' });
    expect(steps[4]).toMatchObject({ sign: false, expect: { error_code: 'INVALID_SIGNATURE' } });
    expect(steps[6]).toMatchObject({ body: { rejection_code: '05' }, expect: { status: 'rejected' } });
    expect(steps[8]!.expect).toEqual({ matched: null });
    expect(steps[9]!.expect).toEqual({ matched: steps[7]!.as });
    expect(rec.data.skipped.some((s) => s.path === '/sandbox/v1/merchants/pk_sandbox_demo')).toBe(true);
    const parsed = parseScenario(rec.data.scenario);
    if (!parsed.ok) throw new Error(parsed.error);
    const report = await runScenario(parsed.scenario, { baseUrl: b.url });
    expect(report.steps.filter((s) => s.status !== 'passed').map((s) => `${s.title}: ${s.failures.join('; ')}`)).toEqual([]);
  });

  it('expects the recorded outcomes, so a replay that behaves differently fails', async () => {
    const from = (await lastLogId(a)) + 1;
    await createPayment(a.url, 41, { trans_id: 'REC-EXPIRE' });
    const rec = await control(a).recordScenario({ body: { from_id: from } });
    const steps = stepsOf(rec.scenario);
    expect(steps).toHaveLength(1);
    steps.push({ action: 'expect_operation', operation: steps[0]!.as, status: 'confirmed' });
    const run = await control(b).runScenario({ body: { scenario: ScenarioSchema.parse(rec.scenario) } });
    expect(run.ok).toBe(false);
    expect(run.steps[1]!.status).toBe('failed');
  });

  it('reads calls as the router does: a creation posted with a trailing slash is a step; other merchants are left out', async () => {
    const from = (await lastLogId(a)) + 1;
    const other = await control(a).createMerchant({ body: { name: 'Otra Tienda' } });
    const slash = await postPayment(a.url, paymentFields(17, { trans_id: 'REC-SLASH' }), 'form', creationPath(17) + '/');
    expect(slash.status).toBe(200);
    const theirs = paymentFields(17, { public_key: other.public_key, trans_id: 'REC-OTHER' }, { secret: other.secret_key });
    expect((await postPayment(a.url, theirs, 'json')).status).toBe(200);
    await control(a).cancelOperation({ id: await opId(a, 'REC-SLASH') });
    const rec = await control(a).recordScenario({ body: { from_id: from, public_key: 'pk_sandbox_demo' } });
    const steps = stepsOf(rec.scenario);
    expect(steps.map((s) => [s.action, (s.fields as Record<string, string> | undefined)?.trans_id])).toEqual([
      ['create_payment', 'REC-SLASH'],
      ['cancel', undefined],
    ]);
    expect(steps[1]).toMatchObject({ operation: steps[0]!.as, expect: { status: 'cancelled' } });
  });

  it('refuses a recording for an unknown merchant with 404', async () => {
    const r = await failure(control(a).recordScenario({ body: { public_key: 'pk_nobody' } }));
    expect(r.status).toBe(404);
    expect(r.code).toBe('NOT_FOUND');
  });
});
