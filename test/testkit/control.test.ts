import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { clockRoutes } from '../../server/contract/clock.js';
import { allRoutes } from '../../server/contract/routes.js';
import { callRoute, controlRoutes, type ControlClient, type ControlRouteName } from '../../server/contract/client.js';
import { SandboxApiError, startSandbox, type TestSandbox } from '../../server/testkit/index.js';

let sandbox: TestSandbox;
let control: ControlClient;
/** Every control method this file called: at the end, it must be all of them. */
const called = new Set<string>();

beforeAll(async () => {
  sandbox = await startSandbox();
  control = new Proxy(sandbox.control, {
    get(target, name: string) {
      called.add(name);
      return target[name as ControlRouteName];
    },
  });
});
afterAll(() => sandbox?.stop());

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

async function pendingOperation(channel = '17') {
  const payment = await sandbox.merchant.createPayment({ channel });
  const { items } = await control.listOperations({ query: { trans_id: payment.trans_id } });
  return items[0]!;
}

describe('the control client is generated from the route descriptions', () => {
  it('has one method per JSON route under /sandbox/v1/, named like its description', () => {
    const expected = allRoutes().filter((r) => r.path.startsWith('/sandbox/v1/') && !r.responseContentType);
    expect([...controlRoutes().values()]).toEqual(expected);
    for (const name of controlRoutes().keys()) expect(typeof sandbox.control[name as ControlRouteName]).toBe('function');
  });

  it('types params from the path, body and query from the schemas, answers from the response', () => {
    expectTypeOf<ControlRouteName>().toExtend<string>();
    expectTypeOf(sandbox.control.confirmOperation).parameter(0).toEqualTypeOf<{ id: string | number }>();
    expectTypeOf(sandbox.control.updateMerchant).parameter(0).toHaveProperty('public_key');
    expectTypeOf(sandbox.control.advanceClock).parameter(0).toHaveProperty('body').toEqualTypeOf<{ minutes: number }>();
    expectTypeOf(sandbox.control.getClock).returns.resolves.toEqualTypeOf<{ now: string; offset_minutes: number; paused: boolean }>();
    expectTypeOf<'createPayment' | 'liveEvents' | 'checkoutPage'>().not.toExtend<ControlRouteName>();
  });
});

describe('operations', () => {
  it('lists, gets, confirms', async () => {
    const op = await pendingOperation();
    expect((await control.getOperation({ id: op.id })).trans_id).toBe(op.trans_id);
    expect((await control.confirmOperation({ id: op.id })).status).toBe('confirmed');
    expect((await control.operationStats()).items.length).toBeGreaterThan(0);
  });

  it('rejects with codes, cancels, expires', async () => {
    const rejected = await control.rejectOperation({
      id: (await pendingOperation()).id,
      body: { rejection_code: 'R01', rejection_message: 'no funds' },
    });
    expect(rejected.status).toBe('rejected');
    expect(rejected.events.at(-1)!.details).toMatchObject({ rejection_code: 'R01' });
    expect((await control.cancelOperation({ id: (await pendingOperation()).id })).status).toBe('cancelled');
    expect((await control.expireOperation({ id: (await pendingOperation()).id })).status).toBe('expired');
  });

  it('errors throw SandboxApiError with the status, code and message', async () => {
    const missing = await rejection(control.getOperation({ id: 987654 }));
    expect(missing).toBeInstanceOf(SandboxApiError);
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const op = await pendingOperation();
    await control.confirmOperation({ id: op.id });
    const twice = await rejection(control.confirmOperation({ id: op.id }));
    expect(twice).toMatchObject({ status: 409, code: 'INVALID_TRANSITION' });
    expect((twice as Error).message).toContain(`POST /sandbox/v1/operations/${op.id}/confirm: 409 INVALID_TRANSITION`);
    expect(await rejection(control.advanceClock({ body: { minutes: -1 } }))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});

describe('the rest of the control API', () => {
  it('SPEI transfers', async () => {
    const op = await control.getOperation({ id: (await pendingOperation('41')).id });
    const t = await control.injectTransfer({ body: { clabe: op.clabe!, amount: op.amount, rfc: op.rfc! } });
    expect(t.matched_operation_id).toBe(op.id);
    expect((await control.listTransfers()).items[0]!.id).toBe(t.transfer_id);
  });

  it('clock: advance, pause, resume', async () => {
    const before = await control.getClock();
    expect((await control.advanceClock({ body: { minutes: 30 } })).offset_minutes).toBeGreaterThanOrEqual(before.offset_minutes + 30);
    // The advance answered once the clock reached its target: none is running now.
    expect(await control.advanceProgress()).toBeNull();
    expect((await control.pauseClock()).paused).toBe(true);
    expect((await control.resumeClock()).paused).toBe(false);
  });

  it('notifications: list, get, resend', async () => {
    await control.updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: 'http://127.0.0.1:9/nowhere' } });
    const op = await pendingOperation();
    await control.confirmOperation({ id: op.id });
    const { items } = await control.listNotifications({ query: { operation_id: op.id } });
    expect((await control.getNotification({ id: items[0]!.id })).public_id).toBe(items[0]!.public_id);
    const test = await control.resendNotification({ id: items[0]!.id, body: { test: 'broken_signature' } });
    expect(test.test_label).toBe('broken_signature');
  });

  it('payouts: list, approve, reject, process, payrolls', async () => {
    await sandbox.merchant.createPayouts([2000, 3001, 4000].map((amount) => sandbox.merchant.payoutItem({ amount })));
    const { items } = await control.listPayouts({ query: { status: 'pending' } });
    expect((await control.getPayout({ id: items[0]!.id })).id).toBe(items[0]!.id);
    expect((await control.approvePayout({ id: items[0]!.id })).status).toBe('approved');
    expect((await control.rejectPayout({ id: items[1]!.id })).status).toBe('rejected');
    expect((await control.processPayouts()).processed).toBe(1);
    // The approved item is at transfer_status 2; the operator forces the bank's "paid".
    expect((await control.forceTransferStatus({ id: items[0]!.id, body: { transfer_status: 5 } })).transfer_status).toBe(5);
    expect((await control.listPayrolls()).items[0]!.total).toBe(3);
  });

  it('merchants and settings', async () => {
    const m = await control.createMerchant({ body: { name: 'Tienda Test' } });
    expect((await control.updateMerchant({ public_key: m.public_key, body: { max_amount: 5000 } })).max_amount).toBe(5000);
    expect((await control.listMerchants()).items.map((x) => x.public_key)).toContain(m.public_key);
    expect(await control.merchantMigration({ public_key: m.public_key })).toEqual({ merchant: m.public_key, shapes: [] });
    expect((await control.updateSettings({ body: { retries_enabled: false } })).retries_enabled).toBe(false);
    expect((await control.getSettings()).retries_enabled).toBe(false);
    await control.updateSettings({ body: { retries_enabled: true } });
  });

  it('faults', async () => {
    const rule = await control.addFault({ body: { kind: 'latency', latency_ms: 5 } });
    expect((await control.patchFault({ id: rule.id, body: { enabled: false } })).enabled).toBe(false);
    expect((await control.listFaults()).rules).toHaveLength(1);
    expect((await control.deleteFault({ id: rule.id })).rules).toHaveLength(0);
    expect((await control.replaceFaults({ body: { rules: [{ kind: 'server_error', remaining: 1 }] } })).rules).toHaveLength(1);
    expect((await control.clearFaults()).rules).toHaveLength(0);
  });

  it('scenarios: list, get, run, step, record', async () => {
    const { items } = await control.listScenarios();
    const name = items.find((s) => s.name === 'ch17-success')?.name ?? items[0]!.name;
    expect((await control.getScenario({ name })).name).toBe(name);
    expect((await control.runScenario({ body: { builtin: name } })).ok).toBe(true);
    const run = await control.startRun({ body: { builtin: name } });
    expect((await control.getRun({ id: run.run_id })).next_step).toBe(0);
    expect((await control.stepRun({ id: run.run_id })).next_step).toBe(1);
    expect((await control.closeRun({ id: run.run_id })).finished).toBe(true);
    const log = await control.listRequests({ query: { limit: 5 } });
    const rec = await control.recordScenario({ body: { from_id: log.items.at(-1)!.id } });
    expect(rec.entries).toBeGreaterThanOrEqual(0);
  });

  it('replays: run, list, get, scenario', async () => {
    const report = await control.runReplay({ body: { har: { log: { version: '1.2', entries: [] } } } });
    expect((await control.listReplays()).items[0]!.id).toBe(report.id);
    expect((await control.getReplay({ id: report.id })).entries).toEqual([]);
    expect((await control.replayScenario({ id: report.id })).entries).toBe(0);
  });

  it('export and import, and the test values', async () => {
    const bundle = await control.exportBundle({ query: { include_secrets: 'true' } });
    const report = await control.importBundle({ body: bundle });
    expect(report.counts.operations.skipped).toBe(bundle.operations.length);
    expect(Object.keys(await control.testValues()).length).toBeGreaterThan(0);
  });

  it('signature diagnosis, the request log entry and the go-live check', async () => {
    const d = await control.diagnoseSignature({ body: { fields: { public_key: 'pk_sandbox_demo', signature: 'f'.repeat(64) } } });
    expect(d).toMatchObject({ match: false, diagnosis: { matched: false } });
    const log = await control.listRequests({ query: { limit: 1 } });
    expect((await control.getRequest({ id: log.items[0]!.id })).id).toBe(log.items[0]!.id);
    const report = await control.runCheck({ body: { only: ['signatures_valid'] } });
    expect(report.checks.map((c) => c.id)).toEqual(['signatures_valid']);
    expect((await control.getCheck({ id: report.id })).id).toBe(report.id);
    expect((await control.listChecks()).items[0]!.id).toBe(report.id);
  });

  it('reset', async () => {
    // Loopback needs no console session; without a control token the sandbox is not shared.
    expect(await control.openConsoleSession()).toEqual({ ok: true, shared: false });
    await control.resetSandbox();
    expect((await control.listOperations()).items).toEqual([]);
  });
});

describe('drift and transport', () => {
  it('an answer that breaks the contract throws CONTRACT_DRIFT naming the field', async () => {
    const drifted = { ...clockRoutes.getClock, response: z.object({ now: z.number() }) };
    const err = await rejection(callRoute(sandbox.url, drifted));
    expect(err).toMatchObject({ code: 'CONTRACT_DRIFT' });
    expect((err as Error).message).toContain('now:');
  });

  it('every control route was called by this file', () => {
    expect([...controlRoutes().keys()].filter((n) => !called.has(n))).toEqual([]);
  });
});
