import { randomBytes } from 'node:crypto';
import type { StepRun } from '../contract/scenarios.js';
import { SandboxError } from '../contract/errors.js';
import { openRun, type RunOptions, type ScenarioRun } from './runner.js';
import type { Scenario } from '../contract/scenario-schema.js';
import type { ScenarioLang } from '../contract/scenario-translations.js';

/** Open runs each hold a listening receiver; a class in session opens one or two. */
const MAX_OPEN = 4;
/** Finished runs are kept (cheap) so a reloaded console can still show the last report. */
const MAX_KEPT = 16;
/**
 * Real time, not the sandbox clock: the receiver is a real socket, and the lesson itself moves
 * (or pauses) the sandbox clock.
 */
const IDLE_MS = 30 * 60_000;

interface Entry {
  id: string;
  run: ScenarioRun;
  total: number;
  /** Steps of one run go one at a time: a second request waits for the first. */
  queue: Promise<unknown>;
  idle: NodeJS.Timeout | null;
}

/**
 * The step-by-step runs of one sandbox (the console's scenario player). Created per sandbox by the
 * scenarios router; `closeAll` on reset and stop frees every receiver.
 */
export function createStepRuns(opts: () => RunOptions) {
  const runs = new Map<string, Entry>();

  const view = (e: Entry, lang?: ScenarioLang): StepRun => {
    const next = e.run.nextIndex();
    return { run_id: e.id, next_step: next, finished: next === null, total_steps: e.total, report: e.run.report(lang) };
  };
  const find = (id: string): Entry => {
    const e = runs.get(id);
    if (!e) throw new SandboxError('NOT_FOUND', `no scenario run ${id} (runs close after 30 idle minutes and on reset)`);
    return e;
  };
  const stopTimer = (e: Entry) => {
    if (e.idle) clearTimeout(e.idle);
    e.idle = null;
  };
  const touch = (e: Entry) => {
    stopTimer(e);
    if (e.run.nextIndex() === null) return;
    e.idle = setTimeout(() => void close(e), IDLE_MS);
    e.idle.unref();
  };
  const close = async (e: Entry) => {
    stopTimer(e);
    await e.run.close();
  };

  /** Keeps at most MAX_OPEN open and MAX_KEPT in all, dropping the oldest (Map order is insertion order). */
  const makeRoom = async () => {
    const open = [...runs.values()].filter((e) => e.run.nextIndex() !== null);
    for (const e of open.slice(0, Math.max(0, open.length - (MAX_OPEN - 1)))) await close(e);
    for (const e of [...runs.values()].slice(0, Math.max(0, runs.size - (MAX_KEPT - 1)))) {
      await close(e);
      runs.delete(e.id);
    }
  };

  return {
    async start(sc: Scenario, lang?: ScenarioLang): Promise<StepRun> {
      await makeRoom();
      const run = await openRun(sc, opts());
      const e: Entry = { id: `run_${randomBytes(6).toString('hex')}`, run, total: sc.steps.length, queue: Promise.resolve(), idle: null };
      runs.set(e.id, e);
      touch(e);
      return view(e, lang);
    },
    get: (id: string, lang?: ScenarioLang): StepRun => view(find(id), lang),
    async step(id: string, lang?: ScenarioLang): Promise<StepRun> {
      const e = find(id);
      const done = e.queue.then(async () => {
        if (e.run.nextIndex() === null) throw new SandboxError('CONFLICT', `scenario run ${id} is finished; start a new run`);
        await e.run.next();
        touch(e);
        return view(e, lang);
      });
      // The queue only orders steps; a refused step must not block the next request.
      e.queue = done.catch(() => undefined);
      return done;
    },
    async close(id: string, lang?: ScenarioLang): Promise<StepRun> {
      const e = find(id);
      await e.queue;
      await close(e);
      return view(e, lang);
    },
    async closeAll(): Promise<void> {
      const all = [...runs.values()];
      runs.clear();
      await Promise.all(all.map(close));
    },
  };
}
export type StepRuns = ReturnType<typeof createStepRuns>;
