import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, control, failure, startSandbox } from '../helpers/sandbox.js';
import type { Sandbox } from '../../server/sandbox.js';
import { ScenarioSchema } from '../../server/contract/scenario-schema.js';
import { acceptedCreation, chromeHar, FORM, form, PROD_CREATION_URL, prodCreation } from './fixtures/tools.js';
import { replay } from './helpers.js';

let sb: Sandbox & { url: string };
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

async function incident() {
  const har = chromeHar([
    acceptedCreation('INC-1'),
    acceptedCreation('INC-2'),
    {
      method: 'POST',
      url: PROD_CREATION_URL,
      type: FORM,
      text: form(prodCreation(17, 'INC-3', { amount: '-5' })),
      status: 400,
      response: '{"error":{"code":"NEGATIVE_AMOUNT","message":"x"}}',
    },
  ]);
  const r = await replay(sb, {
    har,
    notifications: [{ trans_ID: 'INC-1' }, { trans_ID: 'INC-2', rejection_code: '05', rejection_message: 'Rechazada' }],
  });
  expect(r.status).toBe(200);
  return r.data;
}

describe('kept replay reports', () => {
  it('GET /sandbox/v1/replays/:id answers the report as the replay answered it; the list counts it', async () => {
    const report = await incident();
    const kept = await control(sb).getReplay({ id: report.id });
    expect(kept).toEqual(report);
    const list = await control(sb).listReplays();
    expect(list.items[0]).toMatchObject({
      id: report.id,
      merchant: 'pk_sandbox_demo',
      entries: 3,
      replayed: 3,
      skipped: 0,
      operations: 2,
      drift_count: 0,
    });
    expect((await failure(control(sb).getReplay({ id: 999999 }))).status).toBe(404);
  });

  it('exports a report as Markdown with its entries and outcomes', async () => {
    const report = await incident();
    // Markdown, not JSON: outside the typed client, which only calls JSON routes.
    const res = await fetch(`${sb.url}/sandbox/v1/replays/${report.id}/report.md`);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await res.text();
    expect(md).toContain(`# Replay ${report.id}`);
    expect(md).toContain('| 2 | POST /payments/check-out/SecurePayment.php | creation | 400 NEGATIVE_AMOUNT | 400 NEGATIVE_AMOUNT |');
    expect(md).toContain('| INC-2 | rejected | 05 |');
  });

  it('turns a replay into a scenario file that runs green against a fresh merchant', async () => {
    const report = await incident();
    const rec = await answer(sb, 'replayScenario', { id: report.id });
    expect(rec.status).toBe(200);
    const steps = rec.data.scenario.steps as { action: string; expect?: unknown; body?: unknown }[];
    expect(steps.map((s) => s.action)).toEqual(['create_payment', 'create_payment', 'create_payment', 'confirm', 'reject']);
    expect(steps[2]!.expect).toEqual({ http_status: 400, error_code: 'NEGATIVE_AMOUNT' });
    expect(steps[4]!.body).toEqual({ rejection_code: '05', rejection_message: 'Rechazada' });
    const run = await answer(sb, 'runScenario', { body: { scenario: ScenarioSchema.parse(rec.data.scenario) } });
    expect(run.status).toBe(200);
    expect(run.data.ok, JSON.stringify(run.data.steps.filter((s) => s.status === 'failed'))).toBe(true);
  });

  it('a reset forgets kept replays', async () => {
    await incident();
    await control(sb).resetSandbox();
    expect((await control(sb).listReplays()).items).toEqual([]);
  });
});
