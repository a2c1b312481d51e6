import type { z } from 'zod';
import { scenarioRoutes, type RunScenarioSchema, type StepRun } from '@contract/scenarios.js';
import { call } from '../../api/client';
import { invalidate, setData } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { useLang } from '../../app/i18n';
import { toastError } from '../../components/toasts';
import { useScenariosUi } from './store';

/** What a run is made from: a built-in by name, or a scenario the operator pasted. */
export type RunSource = z.input<typeof RunScenarioSchema>;

export const runKey = cacheKeys.scenarioRun;

/** The run's texts come in the console's language; the entries of the other language are stale after a change. */
const lang = () => useLang.getState().lang;
const LANGS = ['en', 'es'] as const;
function keep(run: StepRun): void {
  for (const other of LANGS) if (other !== lang()) invalidate(runKey(run.run_id, other));
  setData(runKey(run.run_id, lang()), run);
}

/** The source of each run opened in this window, so "start again" replays the same lesson. */
const sources = new Map<string, RunSource>();
export const sourceOf = (id: string): RunSource | undefined => sources.get(id);

/** Opens a step-by-step run and shows it in the player; the previous run is closed (it holds a receiver). */
export async function startRun(source: RunSource): Promise<StepRun | undefined> {
  const ui = useScenariosUi.getState();
  const previous = ui.runId;
  ui.set({ playing: false });
  try {
    if (previous) await call(scenarioRoutes.closeRun, { params: { id: previous } }).catch(() => undefined);
    const run = await call(scenarioRoutes.startRun, { body: source, query: { lang: lang() } });
    sources.set(run.run_id, source);
    keep(run);
    useScenariosUi.getState().set({ runId: run.run_id });
    return run;
  } catch (err) {
    toastError(err);
    return undefined;
  }
}

/** Runs the next step; the answer replaces the run in the cache. */
export async function stepRun(id: string): Promise<StepRun | undefined> {
  try {
    const run = await call(scenarioRoutes.stepRun, { params: { id }, query: { lang: lang() } });
    keep(run);
    return run;
  } catch (err) {
    toastError(err);
    return undefined;
  }
}

export async function closeRun(id: string): Promise<void> {
  useScenariosUi.getState().set({ playing: false });
  try {
    keep(await call(scenarioRoutes.closeRun, { params: { id }, query: { lang: lang() } }));
  } catch (err) {
    toastError(err);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let looping = false;

/**
 * Plays a run on its own: a step, a pause (for the trainer to talk), the next step, until the run
 * finishes or the operator pauses. Pausing takes effect at once during a pause, after the step
 * that is running otherwise. One loop at a time.
 */
export async function play(id: string): Promise<void> {
  const ui = useScenariosUi;
  ui.getState().set({ playing: true });
  if (looping) return;
  looping = true;
  const still = () => ui.getState().playing && ui.getState().runId === id;
  try {
    while (still()) {
      const run = await stepRun(id);
      if (!run || run.finished) break;
      const until = Date.now() + ui.getState().pauseMs;
      while (still() && Date.now() < until) await sleep(100);
    }
  } finally {
    looping = false;
    if (ui.getState().runId === id) ui.getState().set({ playing: false });
  }
}
