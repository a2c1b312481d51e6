import { randomBytes } from 'node:crypto';
import { call, describeAnswer, field } from './http.js';
import { startReceiver, type Receiver } from './receiver.js';
import { ScenarioSchema, type Scenario, type ScenarioReport, type Step, type StepReport } from './schema.js';
import { runStep, type RunState } from './steps.js';

export interface RunOptions {
  /** `http://HOST:PORT` of the sandbox to drive. */
  baseUrl: string;
  /** Address the receiver binds and the sandbox posts to (default 127.0.0.1). */
  receiverHost?: string;
  /** Marks trans_ids and credit notes of this run; random by default. */
  runId?: string;
}

/** A readable one-line summary of zod issues for files given by hand. */
export function parseScenario(raw: unknown): { ok: true; scenario: Scenario } | { ok: false; error: string } {
  const r = ScenarioSchema.safeParse(raw);
  if (r.success) return { ok: true, scenario: r.data };
  const error = r.error.issues
    .slice(0, 8)
    .map((i) => `${i.path.length ? i.path.join('.') : 'scenario'}: ${i.message}`)
    .join('; ');
  return { ok: false, error };
}

const titleOf = (s: Step): string => s.title ?? s.action.replaceAll('_', ' ');

async function setUpMerchant(base: string, sc: Scenario, receiver: Receiver, runId: string): Promise<RunState['merchant']> {
  const m = sc.merchant;
  const urls = {
    ...(m.notify_success ? { success_url: receiver.url('success') } : {}),
    ...(m.notify_rejection ? { rejection_url: receiver.url('rejection') } : {}),
    ...(m.notify_payouts ? { payout_url: receiver.url('payout-notification') } : {}),
  };
  const settings = { ...(m.settings ?? {}), ...urls };
  const a = m.existing
    ? await call(base, 'PATCH', `/sandbox/v1/merchants/${encodeURIComponent(m.existing)}`, { json: settings })
    : await call(base, 'POST', '/sandbox/v1/merchants', { json: { ...settings, name: `scenario ${sc.name} ${runId}` } });
  if (a.status !== 200 && a.status !== 201) throw new Error(`could not set up the scenario merchant: ${describeAnswer(a)}`);
  const s = (k: string) => String(field(a.json, k) ?? '');
  const layout = s('notification_signature_layout') === 'legacy' ? 'legacy' : 'standard';
  return { public_key: s('public_key'), secret_key: s('secret_key'), payout_token: s('payout_token'), clabe: s('clabe'), mid_id: Number(field(a.json, 'mid_id')), layout };
}

/**
 * Runs a scenario against a sandbox through its public HTTP APIs only, with real signatures and a
 * local receiver for notifications. Steps run in order; after the first failed step the rest are
 * reported as skipped (they build on it). Never throws: every problem is in the report.
 */
export async function runScenario(sc: Scenario, opts: RunOptions): Promise<ScenarioReport> {
  const started = performance.now();
  const runId = opts.runId ?? randomBytes(4).toString('hex');
  const steps: StepReport[] = sc.steps.map((s, index) => ({
    index,
    action: s.action,
    title: titleOf(s),
    narration: s.narration ?? null,
    status: 'skipped',
    message: '',
    failures: [],
    duration_ms: 0,
  }));
  const report = (setupError?: string): ScenarioReport => {
    const count = (st: StepReport['status']) => steps.filter((s) => s.status === st).length;
    const failed = count('failed') + (setupError ? 1 : 0);
    if (setupError) steps.unshift({ index: -1, action: 'setup', title: 'set up the run', narration: null, status: 'failed', message: setupError, failures: [setupError], duration_ms: 0 });
    return {
      scenario: sc.name,
      title: sc.title,
      description: sc.description,
      ok: failed === 0,
      passed: count('passed'),
      failed,
      skipped: count('skipped'),
      duration_ms: Math.round(performance.now() - started),
      public_key: state?.merchant.public_key ?? null,
      steps,
    };
  };
  let receiver: Receiver | undefined;
  let state: RunState | undefined;
  try {
    receiver = await startReceiver(opts.receiverHost);
    const merchant = await setUpMerchant(opts.baseUrl, sc, receiver, runId);
    const settings = await call(opts.baseUrl, 'GET', '/sandbox/v1/settings');
    const scheme = field(settings.json, 'payout_auth_scheme');
    state = {
      base: opts.baseUrl,
      runId,
      receiver,
      merchant,
      payoutScheme: typeof scheme === 'string' ? scheme : 'Bearer',
      operations: new Map(),
      batches: new Map(),
    };
  } catch (err) {
    await receiver?.close();
    return report((err as Error).message);
  }
  try {
    for (const [i, step] of sc.steps.entries()) {
      const t0 = performance.now();
      const r = steps[i]!;
      try {
        const out = await runStep(state, step, i);
        r.message = out.message;
        r.failures = out.failures;
      } catch (err) {
        r.message = `step could not run: ${(err as Error).message}`;
        r.failures = [r.message];
      }
      r.status = r.failures.length ? 'failed' : 'passed';
      r.duration_ms = Math.round(performance.now() - t0);
      if (r.status === 'failed') break;
    }
  } finally {
    await receiver.close();
  }
  return report();
}
