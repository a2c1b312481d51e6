import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../server/scenarios/runner.js';
import type { ScenarioInput } from '../../server/contract/scenario-schema.js';
import { answer, api, control, failure, startSandbox } from '../helpers/sandbox.js';

const root = join(import.meta.dirname, '..', '..');
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const wrongStatus: ScenarioInput = {
  name: 'wrong-expectation',
  title: 'A scenario whose second step cannot pass',
  steps: [
    { action: 'create_payment', channel: 17, as: 'p', narration: 'create' },
    { action: 'expect_operation', operation: 'p', status: 'confirmed', narration: 'it is pending, not confirmed' },
    { action: 'confirm', operation: 'p' },
  ],
};

function runCli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(
      process.execPath,
      [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'server', 'scenario-cli.ts'), ...args],
      { cwd: root },
    );
    let out = '';
    p.stdout.on('data', (c) => (out += String(c)));
    p.stderr.on('data', (c) => (out += String(c)));
    p.on('exit', (code) => resolve({ code, out }));
  });
}

describe('scenario runner', () => {
  it('fails the step whose expectation does not hold and skips the steps after it', async () => {
    const parsed = parseScenario(wrongStatus);
    if (!parsed.ok) throw new Error(parsed.error);
    const r = await runScenario(parsed.scenario, { baseUrl: sb.url });
    expect(r.ok).toBe(false);
    expect(r.steps.map((s) => s.status)).toEqual(['passed', 'failed', 'skipped']);
    expect(r.steps[1]!.failures[0]).toContain('expected operation "p" to be confirmed, it is pending');
    expect(r.steps[1]!.narration).toBe('it is pending, not confirmed');
  });

  it('fails a notification expectation when nothing arrives', async () => {
    const parsed = parseScenario({
      name: 'no-notification',
      title: 'Expect a success that never comes',
      steps: [
        { action: 'create_payment', channel: 17, as: 'p' },
        { action: 'expect_notification', kind: 'success', operation: 'p', within_ms: 300 },
      ],
    });
    if (!parsed.ok) throw new Error(parsed.error);
    const r = await runScenario(parsed.scenario, { baseUrl: sb.url });
    expect(r.steps[1]).toMatchObject({ status: 'failed', failures: ['no success notification of "p" within 300 ms'] });
  });

  it('refuses an invalid scenario on POST /sandbox/v1/scenarios/run with VALIDATION_ERROR', async () => {
    // Raw: a step action the scenario schema does not know is refused by the typed client at compile time.
    const r = await api(sb.url, 'POST', '/sandbox/v1/scenarios/run', { scenario: { name: 'x', title: 'x', steps: [{ action: 'fly' }] } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('runs a built-in through the control API and answers the report with narration per step', async () => {
    const list = await control(sb).listScenarios();
    expect(list.items.map((i) => i.name)).toContain('ch17-success');
    const r = await answer(sb, 'runScenario', { body: { builtin: 'ch17-success' } });
    expect(r.status).toBe(200);
    expect(r.data.ok).toBe(true);
    expect(r.data.steps.every((s) => typeof s.narration === 'string' && s.narration.length > 0)).toBe(true);
    const missing = await failure(control(sb).runScenario({ body: { builtin: 'no-such-lesson' } }));
    expect(missing.status).toBe(404);
  });

  it('CLI exits 0 when every scenario passes and 1 when one fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scn-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify(wrongStatus));
    const ok = await runCli(['--builtin', 'ch17-success', '--url', sb.url]);
    expect(ok.out).toContain('PASS ch17-success');
    expect(ok.code).toBe(0);
    const fail = await runCli([bad]); // its own in-memory sandbox
    expect(fail.out).toContain('FAIL wrong-expectation');
    expect(fail.code).toBe(1);
  }, 60_000);

  it('CLI runs a lesson saved as read in Spanish, and prints it in the language asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scn-'));
    const file = join(dir, 'spei.json');
    writeFileSync(file, JSON.stringify((await api(sb.url, 'GET', '/sandbox/v1/scenarios/ch41-spei-success?lang=es')).body, null, 2));
    const en = await runCli([file, '--url', sb.url, '--lang', 'en']);
    expect(en.code).toBe(0);
    expect(en.out).toContain('PASS ch41-spei-success — Channel 41 (Mexico): payment by SPEI transfer');
    expect(en.out).toContain('✓ 3. The operation is confirmed');
    const es = await runCli([file, '--url', sb.url, '--lang', 'es']);
    expect(es.out).toContain('PASS ch41-spei-success — Canal 41 (México): pago por transferencia SPEI');
    const bad = await runCli(['--list', '--lang', 'fr']);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--lang: one of en, es');
  }, 60_000);

  it('CLI exits 2 on a file that is not a valid scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scn-'));
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify({ name: 'Bad Name', title: 't', steps: [] }));
    const r = await runCli([file]);
    expect(r.code).toBe(2);
    expect(r.out).toContain('broken.json');
  }, 30_000);
});
