import { create } from 'zustand';
import type { ScenarioReport } from '@contract/scenarios.js';

/** Pauses the player may wait between steps when playing on its own (a trainer talks over them). */
export const PAUSES_MS = [1000, 3000, 5000, 10_000] as const;

/**
 * UI state of the Scenarios screen, kept while the operator switches pages (a class may look at an
 * operation mid-lesson and come back). Runs and reports themselves live in the cache.
 */
interface ScenariosUi {
  /** The built-in lesson shown on the right. */
  lesson: string | null;
  /** The step-by-step run the player shows. */
  runId: string | null;
  /** Playing on its own: the next step runs after `pauseMs`. */
  playing: boolean;
  pauseMs: number;
  /** The pasted or uploaded scenario JSON. */
  custom: string;
  /** The last whole run of a built-in lesson, shown under it (kept across a switch of language). */
  lessonReport: { name: string; report: ScenarioReport } | null;
  set: (patch: Partial<Omit<ScenariosUi, 'set'>>) => void;
}

export const useScenariosUi = create<ScenariosUi>((set) => ({
  lesson: null,
  runId: null,
  playing: false,
  pauseMs: 3000,
  custom: '',
  lessonReport: null,
  set: (patch) => set(patch),
}));
