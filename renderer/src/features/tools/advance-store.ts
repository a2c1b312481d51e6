import { create } from 'zustand';
import type { AdvanceProgress, AdvanceSummary } from '@contract/clock.js';
import { clockRoutes } from '@contract/clock.js';
import { call } from '../../api/client';
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
  // Where the sandbox stands now: on opening (mid-way through another window's advance) and after the
  // stream lost events (the "done" may be among them), so the Advance button never stays disabled.
  const refresh = () =>
    void call(clockRoutes.advanceProgress).then(
      (p) => useAdvanceUi.getState().set({ progress: p?.state === 'running' ? p : null }),
      // Unknown: let the operator try; a running advance answers CLOCK_BUSY in words.
      () => useAdvanceUi.getState().set({ progress: null }),
    );
  refresh();
  return onLiveBatch((events, dropped) => {
    if (dropped > 0) refresh();
    for (const e of events) {
      if (e.type !== 'clock.advance') continue;
      useAdvanceUi.getState().set({ progress: e.data.state === 'running' ? e.data : null });
    }
  });
}
