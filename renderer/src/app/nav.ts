import { create } from 'zustand';
import { useSyncExternalStore } from 'react';

/**
 * The sidebar: `auto` follows the window (a rail of icons below 1100 px, so the 800 px desktop
 * window keeps its table columns), `full` and `rail` are the operator's choice, remembered.
 */
export type NavMode = 'auto' | 'full' | 'rail';
const STORAGE_KEY = 'pasarela.nav';
const NARROW = '(max-width: 1099px)';

const saved = (): NavMode => {
  const v = localStorage.getItem(STORAGE_KEY);
  return v === 'full' || v === 'rail' ? v : 'auto';
};
const useMode = create<{ mode: NavMode }>(() => ({ mode: saved() }));

const subscribeNarrow = (fn: () => void) => {
  const mq = window.matchMedia(NARROW);
  mq.addEventListener('change', fn);
  return () => mq.removeEventListener('change', fn);
};

export function useNav(): { mode: NavMode; expanded: boolean; toggle: () => void } {
  const mode = useMode((s) => s.mode);
  const narrow = useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW).matches);
  const expanded = mode === 'full' || (mode === 'auto' && !narrow);
  const toggle = () => {
    const next: NavMode = expanded ? 'rail' : 'full';
    localStorage.setItem(STORAGE_KEY, next);
    useMode.setState({ mode: next });
  };
  return { mode, expanded, toggle };
}
