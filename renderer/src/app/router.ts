import { useSyncExternalStore } from 'react';

/**
 * A tiny hash router: `#/operations/12?status=pending`. Hash URLs work the same from the sandbox's
 * static server, a browser and the Electron window, with no server-side routes.
 */
export interface Route {
  page: string;
  id: string | null;
  params: URLSearchParams;
}

export const PAGES = [
  'overview',
  'operations',
  'spei',
  'notifications',
  'payouts',
  'merchants',
  'requests',
  'tools',
  'scenarios',
  'faults',
  'golive',
  'replay',
  'migration',
] as const;
export type Page = (typeof PAGES)[number];

function parse(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', query = ''] = raw.split('?');
  const [page = '', id] = path.split('/');
  return { page: page || 'overview', id: id ? decodeURIComponent(id) : null, params: new URLSearchParams(query) };
}

const subscribe = (fn: () => void) => {
  window.addEventListener('hashchange', fn);
  return () => window.removeEventListener('hashchange', fn);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parse(hash);
}

export function href(page: string, id?: string | number | null, params?: Record<string, string | undefined>): string {
  let h = `#/${page}`;
  if (id !== undefined && id !== null) h += `/${encodeURIComponent(String(id))}`;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v) qs.set(k, v);
  const s = qs.toString();
  return s ? `${h}?${s}` : h;
}

export function navigate(page: string, id?: string | number | null, params?: Record<string, string | undefined>): void {
  window.location.hash = href(page, id, params);
}
