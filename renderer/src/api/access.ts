import { create } from 'zustand';
import { accessRoutes } from '@contract/access.js';

interface AccessState {
  /** The control API answered 401: this browser is on another machine and has no session yet. */
  needToken: boolean;
  /** The last token tried was refused. */
  refused: boolean;
}

/**
 * Shared team sandbox: on another machine the control API wants the control token.
 * The console asks for it once, trades it for an HttpOnly session cookie (which the live stream's
 * EventSource carries too) and forgets it: the token itself is kept nowhere in the browser.
 */
export const useAccess = create<AccessState>(() => ({ needToken: false, refused: false }));

export const tokenNeeded = (): void => useAccess.setState({ needToken: true });

/** Opens a console session with the token; on success reloads, so every screen and the live stream start with it. */
export async function openSession(token: string): Promise<boolean> {
  const { path, method } = accessRoutes.openConsoleSession;
  const res = await fetch(path, { method, headers: { Authorization: `Bearer ${token.trim()}`, Accept: 'application/json' } }).catch(
    () => null,
  );
  if (!res?.ok) {
    useAccess.setState({ refused: true });
    return false;
  }
  location.reload();
  return true;
}
