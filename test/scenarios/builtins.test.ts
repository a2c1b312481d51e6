import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLegacyChannel } from '../../server/contract/protocol.js';
import { CHANNEL_IDS } from '../../server/contract/common.js';
import { builtinDir, loadBuiltins } from '../../server/scenarios/builtins.js';
import { parseScenario, runScenario } from '../../server/scenarios/runner.js';
import { startSandbox } from '../helpers/sandbox.js';

const files = readdirSync(builtinDir())
  .filter((f) => f.endsWith('.json'))
  .sort();

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

describe('built-in scenarios', () => {
  // One test per file: each runs headless against a real sandbox through its HTTP APIs only.
  it.each(files)('%s passes headless', async (file) => {
    const parsed = parseScenario(JSON.parse(readFileSync(join(builtinDir(), file), 'utf8')));
    if (!parsed.ok) throw new Error(parsed.error);
    const report = await runScenario(parsed.scenario, { baseUrl: sb.url });
    const failed = report.steps
      .filter((s) => s.status !== 'passed')
      .map((s) => `${s.index + 1}. ${s.title}: ${s.failures.join('; ') || s.status}`);
    expect(failed).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('are named after their file and read as lessons (title, description, narration on every step)', () => {
    for (const [i, sc] of loadBuiltins().entries()) {
      expect(`${sc.name}.json`).toBe(files[i]);
      expect(sc.title.length).toBeGreaterThan(10);
      expect(sc.description.length).toBeGreaterThan(40);
      for (const step of sc.steps) expect(step.narration, `${sc.name}: ${step.title}`).toBeTruthy();
    }
  });

  it('cover a creation on every channel of the service (and an older format) and the payout rule', () => {
    const steps = loadBuiltins().flatMap((s) => s.steps);
    const channels = new Set(steps.flatMap((s) => (s.action === 'create_payment' && !s.expect?.error_code ? [s.channel] : [])));
    const current = [...channels].filter((c) => !isLegacyChannel(c));
    expect(current.sort((a, b) => a - b)).toEqual([...CHANNEL_IDS]);
    expect([...channels].some(isLegacyChannel)).toBe(true);
    const actions = new Set(steps.map((s) => s.action));
    for (const a of [
      'confirm',
      'reject',
      'cancel',
      'advance_clock',
      'spei_transfer',
      'create_payouts',
      'process_payouts',
      'expect_notification',
    ])
      expect(actions).toContain(a);
  });
});
