import { create } from 'zustand';
import { OperationStatusSchema } from '@contract/common.js';

/** Filters of the operations list (UI state; the rows themselves live in the cache). */
export interface OperationFilters {
  status: string;
  channel: string;
  mid_id: string;
  from: string;
  to: string;
  q: string;
  /** Show the go-live check's probe operations too (left out by default: they are not the merchant's payments). */
  probes: boolean;
}

export const NO_FILTERS: OperationFilters = { status: '', channel: '', mid_id: '', from: '', to: '', q: '', probes: false };

interface FiltersState {
  filters: OperationFilters;
  set: (patch: Partial<OperationFilters>) => void;
  clear: () => void;
}

export const useOperationFilters = create<FiltersState>((set) => ({
  filters: NO_FILTERS,
  set: (patch) => set((s) => ({ filters: { ...s.filters, ...patch } })),
  clear: () => set({ filters: NO_FILTERS }),
}));

/** Local calendar days to the API's ISO bounds: from the start of `from` to the end of `to`. */
export function toQuery(f: OperationFilters) {
  const day = (d: string, plus = 0) => {
    const t = new Date(`${d}T00:00:00`);
    t.setDate(t.getDate() + plus);
    return t.toISOString();
  };
  return {
    status: OperationStatusSchema.safeParse(f.status).data,
    channel: f.channel || undefined,
    mid_id: f.mid_id || undefined,
    q: f.q.trim() || undefined,
    created_from: f.from ? day(f.from) : undefined,
    created_to: f.to ? day(f.to, 1) : undefined,
    probes: f.probes ? ('include' as const) : ('exclude' as const),
  };
}
