import type { z } from 'zod';
import { scenarioRoutes, type RunScenarioSchema, type StepRun } from '@contract/scenarios.js';
import { call } from '../../api/client';
import { setData } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { toastError } from '../../components/toasts';
import { useScenariosUi } from './store';

/** What a run is made from: a built-in by name, or a scenario the operator pasted. */
export type RunSource = z.input<typeof RunScenarioSchema>;

export const runKey = cacheKeys.scenarioRun;

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
    const run = await call(scenarioRoutes.startRun, { body: source });
    sources.set(run.run_id, source);
    setData(runKey(run.run_id), run);
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
    const run = await call(scenarioRoutes.stepRun, { params: { id } });
    setData(runKey(id), run);
    return run;
  } catch (err) {
    toastError(err);
    return undefined;
  }
}

export async function closeRun(id: string): Promise<void> {
  useScenariosUi.getState().set({ playing: false });
  try {
    setData(runKey(id), await call(scenarioRoutes.closeRun, { params: { id } }));
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
