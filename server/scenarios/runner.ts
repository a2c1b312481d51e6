import { randomBytes } from 'node:crypto';
import { merchantRoutes } from '../contract/merchants.js';
import { settingsRoutes } from '../contract/settings.js';
import { control, describeAnswer } from './http.js';
import { startReceiver, type Receiver } from './receiver.js';
import { ScenarioSchema, type Scenario, type ScenarioReport, type Step, type StepReport } from '../contract/scenario-schema.js';
import { runStep, type RunState } from './steps.js';
import { scenarioIn, type ScenarioLang } from '../contract/scenario-translations.js';
import type { StepText } from '../contract/step-texts.js';
import { inEnglish, StepTextError, text } from './step-words.js';

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

const titleOf = (s: Pick<Step, 'action' | 'title'>): string => s.title ?? s.action.replaceAll('_', ' ');

/** What one step did so far: nothing (`skipped`, no message) until it runs. */
interface Outcome {
  status: StepReport['status'];
  message: StepText | null;
  failures: StepText[];
  duration_ms: number;
}

/** A step's line of the report: its texts as read, what it did in English and as codes. */
function stepReport(index: number, s: Pick<Step, 'action' | 'title' | 'narration'>, o: Outcome): StepReport {
  return {
    index,
    action: s.action,
    title: titleOf(s),
    narration: s.narration ?? null,
    status: o.status,
    // A note says its own title, in the language the report is read in.
    message: o.message?.code === 'note' ? titleOf(s) : o.message ? inEnglish(o.message) : '',
    message_code: o.message,
    failures: o.failures.map(inEnglish),
    failure_codes: o.failures.map((f) => ({ ...f })),
    duration_ms: o.duration_ms,
  };
}

async function setUpMerchant(base: string, sc: Scenario, receiver: Receiver, runId: string): Promise<RunState['merchant']> {
  const m = sc.merchant;
  const urls = {
    ...(m.notify_success ? { success_url: receiver.url('success') } : {}),
    ...(m.notify_rejection ? { rejection_url: receiver.url('rejection') } : {}),
    ...(m.notify_payouts ? { payout_url: receiver.url('payout-notification') } : {}),
  };
  const settings = { ...(m.settings ?? {}), ...urls };
  const a = m.existing
    ? await control(base, merchantRoutes.updateMerchant, { public_key: m.existing, body: settings })
    : await control(base, merchantRoutes.createMerchant, { body: { ...settings, name: `scenario ${sc.name} ${runId}` } });
  if (!a.data) throw new StepTextError(text('setup_failed', { answer: describeAnswer(a) }));
  const { public_key, secret_key, payout_token, clabe, mid_id, notification_signature_layout: layout } = a.data;
  return { public_key, secret_key, payout_token, clabe, mid_id, layout };
}

/** A run walked one step at a time (the console's player); `runScenario` walks it to the end. */
export interface ScenarioRun {
  /** Index of the next step to run; null once the run is finished. */
  nextIndex(): number | null;
  /** Runs the next step; a failed step finishes the run (the rest build on it and stay skipped). */
  next(): Promise<StepReport | null>;
  /** The report so far: steps not run yet are `skipped`. Titles and narrations in `lang` when the scenario has them. */
  report(lang?: ScenarioLang): ScenarioReport;
  /** Stops the receiver; the run is finished afterwards. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Opens a run of a scenario against a sandbox through its public HTTP APIs only, with real
 * signatures and a local receiver for notifications: the receiver and the run's merchant are set up
 * here, then each `next()` runs one step in order. Never throws: every problem is in the report.
 */
export async function openRun(sc: Scenario, opts: RunOptions): Promise<ScenarioRun> {
  const started = performance.now();
  const runId = opts.runId ?? randomBytes(4).toString('hex');
  // What each step did; titles and narrations are read from the scenario in the report's language.
  const steps: Outcome[] = sc.steps.map(() => ({ status: 'skipped', message: null, failures: [], duration_ms: 0 }));
  let receiver: Receiver | undefined;
  let state: RunState | undefined;
  let setupError: StepText | undefined;
  let cursor = 0;
  let finished = false;
  let runMs = 0;
  const report = (lang: ScenarioLang = 'en'): ScenarioReport => {
    const count = (st: StepReport['status']) => steps.filter((s) => s.status === st).length;
    const failed = count('failed') + (setupError ? 1 : 0);
    const read = scenarioIn(sc, lang);
    const all: StepReport[] = steps.map((o, index) => stepReport(index, read.steps[index]!, o));
    if (setupError)
      all.unshift({
        ...stepReport(
          -1,
          { action: 'note', title: 'set up the run' },
          { status: 'failed', message: setupError, failures: [setupError], duration_ms: 0 },
        ),
        action: 'setup',
      });
    return {
      scenario: sc.name,
      title: read.title,
      description: read.description,
      ok: failed === 0,
      passed: count('passed'),
      failed,
      skipped: count('skipped'),
      // Setup plus the time spent in steps: a paused player does not count as run time.
      duration_ms: Math.round(runMs),
      public_key: state?.merchant.public_key ?? null,
      steps: all,
    };
  };
  const close = async () => {
    finished = true;
    const r = receiver;
    receiver = undefined;
    await r?.close();
  };
  try {
    receiver = await startReceiver(opts.receiverHost);
    const merchant = await setUpMerchant(opts.baseUrl, sc, receiver, runId);
    const settings = await control(opts.baseUrl, settingsRoutes.getSettings, {});
    const scheme = settings.data?.payout_auth_scheme;
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
    setupError = err instanceof StepTextError ? err.text : text('setup_error', { error: (err as Error).message });
    await close();
  }
  runMs = performance.now() - started;
  return {
    nextIndex: () => (finished || cursor >= steps.length ? null : cursor),
    report,
    close,
    async next() {
      if (finished || !state || cursor >= steps.length) return null;
      const i = cursor++;
      const t0 = performance.now();
      const r = steps[i]!;
      try {
        const out = await runStep(state, sc.steps[i]!, i);
        r.message = out.message;
        r.failures = out.failures;
      } catch (err) {
        const why =
          err instanceof StepTextError ? text('step_error', {}, [err.text]) : text('step_error', { error: (err as Error).message });
        r.message = why;
        r.failures = [why];
      }
      r.status = r.failures.length ? 'failed' : 'passed';
      r.duration_ms = Math.round(performance.now() - t0);
      runMs += performance.now() - t0;
      if (r.status === 'failed' || cursor >= steps.length) await close();
      return stepReport(i, sc.steps[i]!, r);
    },
  };
}

/**
 * Runs a scenario against a sandbox to the end (see `openRun`). After the first failed step the rest
 * are reported as skipped. Never throws: every problem is in the report.
 */
export async function runScenario(sc: Scenario, opts: RunOptions, lang?: ScenarioLang): Promise<ScenarioReport> {
  const run = await openRun(sc, opts);
  try {
    while ((await run.next()) !== null);
  } finally {
    await run.close();
  }
  return run.report(lang);
}
