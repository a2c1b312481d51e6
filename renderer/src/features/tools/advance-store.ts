import { create } from 'zustand';
import type { AdvanceProgress, AdvanceSummary } from '@contract/clock.js';
import { onLiveBatch } from '../../api/live';

/** The clock advance as the console sees it: live progress while one runs, the last one's summary. */
interface AdvanceUi {
  progress: AdvanceProgress | null;
  summary: AdvanceSummary | null;
  set: (patch: Partial<Omit<AdvanceUi, 'set'>>) => void;
}

export const useAdvanceUi = create<AdvanceUi>((set) => ({ progress: null, summary: null, set: (patch) => set(patch) }));

/**
 * Follows `clock.advance` live events (any window's or script's advance, not only this panel's);
 * returns the unsubscribe. A finished advance clears the progress; its summary comes with the answer.
 */
export function followAdvances(): () => void {
  return onLiveBatch((events) => {
    for (const e of events) {
      if (e.type !== 'clock.advance') continue;
      useAdvanceUi.getState().set({ progress: e.data.state === 'running' ? e.data : null });
    }
  });
}
