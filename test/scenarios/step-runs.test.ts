import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../../server/contract/scenario-schema.js';
import { answer, api, control, failure, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const threeSteps: ScenarioInput = {
  name: 'three-steps',
  title: 'Create, confirm, check',
  steps: [
    { action: 'create_payment', channel: 17, as: 'p', narration: 'first we create' },
    { action: 'confirm', operation: 'p', narration: 'then we confirm', expect: { status: 'confirmed' } },
    { action: 'expect_operation', operation: 'p', status: 'confirmed' },
  ],
};

const failsSecond: ScenarioInput = {
  name: 'fails-second',
  title: 'The second step cannot pass',
  steps: [
    { action: 'create_payment', channel: 17, as: 'p' },
    { action: 'expect_operation', operation: 'p', status: 'confirmed' },
    { action: 'confirm', operation: 'p' },
  ],
};

/** Statuses of the operations of the run's merchant (the list filters by mid_id). */
const opStatus = async (publicKey: string) => {
  const merchants = await control(sb).listMerchants();
  const m = merchants.items.find((x) => x.public_key === publicKey);
  if (!m) throw new Error(`merchant ${publicKey} not found`);
  const list = await control(sb).listOperations({ query: { mid_id: m.mid_id, limit: 100 } });
  return list.items.map((o) => o.status);
};

const open = (scenario: ScenarioInput) => control(sb).startRun({ body: { scenario } });
const step = (id: string) => control(sb).stepRun({ id });
const statuses = (r: { report: { steps: { status: string }[] } }) => r.report.steps.map((s) => s.status);

describe('step-by-step scenario runs', () => {
  it('opening a run sets up its merchant and runs no step', async () => {
    const r = await answer(sb, 'startRun', { body: { scenario: threeSteps } });
    expect(r.status).toBe(201);
    expect(r.data.next_step).toBe(0);
    expect(r.data.finished).toBe(false);
    expect(r.data.total_steps).toBe(3);
    expect(statuses(r.data)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(r.data.report.public_key).toMatch(/\S/);
    expect(await opStatus(r.data.report.public_key!)).toEqual([]);
  });

  it('each step call runs exactly the next step and reports its narration', async () => {
    const run = await open(threeSteps);
    const one = await answer(sb, 'stepRun', { id: run.run_id });
    expect(one.status).toBe(200);
    expect(one.data.next_step).toBe(1);
    expect(statuses(one.data)).toEqual(['passed', 'skipped', 'skipped']);
    expect(one.data.report.steps[0]!.narration).toBe('first we create');
    expect(await opStatus(run.report.public_key!)).toEqual(['pending']);
    const two = await step(run.run_id);
    expect(two.report.steps[1]!.narration).toBe('then we confirm');
    expect(await opStatus(run.report.public_key!)).toEqual(['confirmed']);
  });

  it('the last step finishes the run with an ok report', async () => {
    const run = await open(threeSteps);
    let last = run;
    for (let i = 0; i < 3; i++) last = await step(run.run_id);
    expect(last.finished).toBe(true);
    expect(last.next_step).toBeNull();
    expect(last.report.ok).toBe(true);
    expect(last.report.passed).toBe(3);
  });

  it('a failed step finishes the run and leaves the rest skipped', async () => {
    const run = await open(failsSecond);
    await step(run.run_id);
    const r = await step(run.run_id);
    expect(r.finished).toBe(true);
    expect(r.report.ok).toBe(false);
    expect(statuses(r)).toEqual(['passed', 'failed', 'skipped']);
  });

  it('a step on a finished run is refused with 409 CONFLICT', async () => {
    const run = await open({ ...threeSteps, steps: [{ action: 'note', narration: 'only words' }] });
    await step(run.run_id);
    const r = await failure(step(run.run_id));
    expect(r.status).toBe(409);
    expect(r.code).toBe('CONFLICT');
  });

  it('two step calls sent together run two different steps in order', async () => {
    const run = await open(threeSteps);
    const [a, b] = await Promise.all([step(run.run_id), step(run.run_id)]);
    expect([a.next_step, b.next_step].sort()).toEqual([1, 2]);
    expect(await opStatus(run.report.public_key!)).toEqual(['confirmed']);
  });

  it('closing a run finishes it and keeps its report readable', async () => {
    const run = await open(threeSteps);
    await step(run.run_id);
    const closed = await answer(sb, 'closeRun', { id: run.run_id });
    expect(closed.status).toBe(200);
    expect(closed.data.finished).toBe(true);
    const again = await control(sb).getRun({ id: run.run_id });
    expect(statuses(again)).toEqual(['passed', 'skipped', 'skipped']);
    expect((await failure(step(run.run_id))).status).toBe(409);
  });

  it('an unknown run answers 404 NOT_FOUND', async () => {
    const r = await failure(step('run_nope'));
    expect(r.status).toBe(404);
    expect(r.code).toBe('NOT_FOUND');
  });

  it('an unknown built-in is refused with 404 and opens nothing', async () => {
    const r = await failure(control(sb).startRun({ body: { builtin: 'no-such-lesson' } }));
    expect(r.status).toBe(404);
    expect(r.code).toBe('NOT_FOUND');
  });

  it('an invalid scenario is refused with 400 VALIDATION_ERROR', async () => {
    const r = await failure(open({ name: 'Bad Name', title: 'x', steps: [] }));
    expect(r.status).toBe(400);
    expect(r.code).toBe('VALIDATION_ERROR');
  });

  it('opening a fifth run closes the oldest open one', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await open(threeSteps)).run_id);
    const oldest = await control(sb).getRun({ id: ids[0]! });
    expect(oldest.finished).toBe(true);
    const newest = await control(sb).getRun({ id: ids[4]! });
    expect(newest.finished).toBe(false);
  });

  it('a built-in lesson can be walked to a green end', async () => {
    const run = await control(sb).startRun({ body: { builtin: 'ch17-success' } });
    let last = run;
    while (!last.finished) last = await step(run.run_id);
    expect(last.report.ok).toBe(true);
  });

  it('the step routes are in the OpenAPI document', async () => {
    // The OpenAPI document describes the control routes; it is not one of them, so the typed client has no call for it.
    const r = await api(sb.url, 'GET', '/sandbox/v1/openapi.json');
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(['/sandbox/v1/scenarios/runs', '/sandbox/v1/scenarios/runs/{id}/step']),
    );
  });
});
