import { create } from 'zustand';
import type { FaultKind, FaultTarget } from '@contract/faults.js';

/** The "add a rule" form of the Faults screen (UI state; the rules live in the cache). */
export interface FaultDraft {
  kind: FaultKind;
  /** '' is sandbox-wide. */
  public_key: string;
  /** '' is the kind's default target. */
  target: FaultTarget | '';
  /** '' fires until removed. */
  remaining: string;
  latency_ms: string;
  delay_minutes: string;
  label: string;
}

export const EMPTY_DRAFT: FaultDraft = {
  kind: 'creation_error',
  public_key: '',
  target: '',
  remaining: '1',
  latency_ms: '2000',
  delay_minutes: '10',
  label: '',
};

interface FaultsUi {
  draft: FaultDraft;
  setDraft: (patch: Partial<FaultDraft>) => void;
  resetDraft: () => void;
}

export const useFaultsUi = create<FaultsUi>((set) => ({
  draft: EMPTY_DRAFT,
  setDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
  resetDraft: () => set({ draft: EMPTY_DRAFT }),
}));
