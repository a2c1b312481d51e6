import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../../server/contract/scenario-schema.js';
import { api, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const RUNS = '/sandbox/v1/scenarios/runs';

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
  const merchants = await api(sb.url, 'GET', '/sandbox/v1/merchants');
  const m = (merchants.body.items as { public_key: string; mid_id: number }[]).find((x) => x.public_key === publicKey);
  if (!m) throw new Error(`merchant ${publicKey} not found`);
  const list = await api(sb.url, 'GET', `/sandbox/v1/operations?mid_id=${m.mid_id}&limit=100`);
  return (list.body.items as { status: string }[]).map((o) => o.status);
};

describe('step-by-step scenario runs', () => {
  it('opening a run sets up its merchant and runs no step', async () => {
    const r = await api(sb.url, 'POST', RUNS, { scenario: threeSteps });
    expect(r.status).toBe(201);
    expect(r.body.next_step).toBe(0);
    expect(r.body.finished).toBe(false);
    expect(r.body.total_steps).toBe(3);
    expect(r.body.report.steps.map((s: { status: string }) => s.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(r.body.report.public_key).toMatch(/\S/);
    expect(await opStatus(r.body.report.public_key)).toEqual([]);
  });

  it('each step call runs exactly the next step and reports its narration', async () => {
    const { body: run } = await api(sb.url, 'POST', RUNS, { scenario: threeSteps });
    const one = await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`);
    expect(one.status).toBe(200);
    expect(one.body.next_step).toBe(1);
    expect(one.body.report.steps.map((s: { status: string }) => s.status)).toEqual(['passed', 'skipped', 'skipped']);
    expect(one.body.report.steps[0].narration).toBe('first we create');
    expect(await opStatus(run.report.public_key)).toEqual(['pending']);
    const two = await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`);
    expect(two.body.report.steps[1].narration).toBe('then we confirm');
    expect(await opStatus(run.report.public_key)).toEqual(['confirmed']);
  });

  it('the last step finishes the run with an ok report', async () => {
    const { body: run } = await api(sb.url, 'POST', RUNS, { scenario: threeSteps });
    let last = run;
    for (let i = 0; i < 3; i++) last = (await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`)).body;
    expect(last.finished).toBe(true);
    expect(last.next_step).toBeNull();
    expect(last.report.ok).toBe(true);
    expect(last.report.passed).toBe(3);
  });

  it('a failed step finishes the run and leaves the rest skipped', async () => {
    const { body: run } = await api(sb.url, 'POST', RUNS, { scenario: failsSecond });
    await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`);
    const r = await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`);
    expect(r.body.finished).toBe(true);
    expect(r.body.report.ok).toBe(false);
    expect(r.body.report.steps.map((s: { status: string }) => s.status)).toEqual(['passed', 'failed', 'skipped']);
  });

  it('a step on a finished run is refused with 409 CONFLICT', async () => {
    const { body: run } = await api(sb.url, 'POST', RUNS, {
      scenario: { ...threeSteps, steps: [{ action: 'note', narration: 'only words' }] },
    });
    await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`);
    const r = await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('CONFLICT');
  });

  it('two step calls sent together run two different steps in order', async () => {
    const { body: run } = await api(sb.url, 'POST', RUNS, { scenario: threeSteps });
    const [a, b] = await Promise.all([
      api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`),
      api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`),
    ]);
    expect([a.body.next_step, b.body.next_step].sort()).toEqual([1, 2]);
    expect(await opStatus(run.report.public_key)).toEqual(['confirmed']);
  });

  it('closing a run finishes it and keeps its report readable', async () => {
    const { body: run } = await api(sb.url, 'POST', RUNS, { scenario: threeSteps });
    await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`);
    const closed = await api(sb.url, 'DELETE', `${RUNS}/${run.run_id}`);
    expect(closed.status).toBe(200);
    expect(closed.body.finished).toBe(true);
    const again = await api(sb.url, 'GET', `${RUNS}/${run.run_id}`);
    expect(again.body.report.steps.map((s: { status: string }) => s.status)).toEqual(['passed', 'skipped', 'skipped']);
    expect((await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`)).status).toBe(409);
  });

  it('an unknown run answers 404 NOT_FOUND', async () => {
    const r = await api(sb.url, 'POST', `${RUNS}/run_nope/step`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it('an unknown built-in is refused with 404 and opens nothing', async () => {
    const r = await api(sb.url, 'POST', RUNS, { builtin: 'no-such-lesson' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it('an invalid scenario is refused with 400 VALIDATION_ERROR', async () => {
    const r = await api(sb.url, 'POST', RUNS, { scenario: { name: 'Bad Name', title: 'x', steps: [] } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('opening a fifth run closes the oldest open one', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api(sb.url, 'POST', RUNS, { scenario: threeSteps })).body.run_id);
    const oldest = await api(sb.url, 'GET', `${RUNS}/${ids[0]}`);
    expect(oldest.body.finished).toBe(true);
    const newest = await api(sb.url, 'GET', `${RUNS}/${ids[4]}`);
    expect(newest.body.finished).toBe(false);
  });

  it('a built-in lesson can be walked to a green end', async () => {
    const { body: run } = await api(sb.url, 'POST', RUNS, { builtin: 'ch17-success' });
    let last = run;
    while (!last.finished) last = (await api(sb.url, 'POST', `${RUNS}/${run.run_id}/step`)).body;
    expect(last.report.ok).toBe(true);
  });

  it('the step routes are in the OpenAPI document', async () => {
    const r = await api(sb.url, 'GET', '/sandbox/v1/openapi.json');
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(['/sandbox/v1/scenarios/runs', '/sandbox/v1/scenarios/runs/{id}/step']),
    );
  });
});
