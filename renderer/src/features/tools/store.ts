import { create } from 'zustand';

/** UI state of the Tools page that should survive switching pages (what the operator pasted). */
interface ToolsUi {
  mode: 'creation' | 'notification';
  layout: 'standard' | 'legacy';
  merchant: string;
  secret: string;
  pasted: string;
  set: (patch: Partial<Omit<ToolsUi, 'set'>>) => void;
}

export const useToolsUi = create<ToolsUi>((set) => ({
  mode: 'creation',
  layout: 'standard',
  merchant: '',
  secret: '',
  pasted: '',
  set: (patch) => set(patch),
}));
