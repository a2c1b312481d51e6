import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { equalsText, sha256Hex } from '../domain/secrets.js';
import { isLoopbackClient } from './client-address.js';

/** Name of the console's session cookie (HttpOnly: page scripts never see it). */
export const CONSOLE_COOKIE = 'sandbox_console';
/** Console sessions kept; the oldest is forgotten first (its browser is asked for the token again). */
const MAX_SESSIONS = 1000;
/** A console session unused this long (real time) ends: its browser is asked for the token again. */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;

/** A usable control token: 8 or more visible ASCII characters (it travels in an HTTP header). */
export const isValidControlToken = (t: string): boolean => /^[\x21-\x7e]{8,}$/.test(t);

/**
 * Who may use the console and the control API from another machine (a shared team
 * sandbox): API clients present `Authorization: Bearer <token>`; the console trades the token once
 * for a session cookie, which its EventSource (no custom headers possible) also carries. The cookie
 * is random and not the token, so the token is never stored in the browser.
 */
export interface ControlAccess {
  /** A token is configured: other machines may use the console and control API with it. */
  readonly shared: boolean;
  /** The request carries the token (Bearer) or a console session opened with it. */
  authorized(req: Request): boolean;
  /** Opens a console session; answers the `Set-Cookie` value (`secure`: the console was reached over https). */
  openSession(secure: boolean): string;
}

/** Whether an answer to this request may name another merchant: only to those who could read the request log anyway. */
export type NamesOthers = (req: Request) => boolean;

/** A loopback client (through forwarding headers only with a trusted proxy), or one with the control token or a console session. */
export const namesOthersTo =
  (access: ControlAccess, trustProxy: boolean): NamesOthers =>
  (req) =>
    isLoopbackClient(req, trustProxy) || access.authorized(req);

/** `realNow`: the wall clock (the sandbox clock's, so tests and a paused sandbox time do not change session life). */
export function createControlAccess(token: string | null, realNow: () => number): ControlAccess {
  const isToken = token ? equalsText(token) : null;
  // Session ids are kept as digests (the lookup's timing says nothing about a valid id), with when each was last used.
  const sessions = new Map<string, number>();

  const bearerMatches = (header: string | undefined): boolean => {
    if (!isToken || !header) return false;
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return m !== null && isToken(m[1]!);
  };

  const sessionOf = (cookieHeader: string | undefined): string | null => {
    for (const part of (cookieHeader ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === CONSOLE_COOKIE) return part.slice(eq + 1).trim();
    }
    return null;
  };

  return {
    shared: isToken !== null,
    authorized(req) {
      if (bearerMatches(req.headers.authorization)) return true;
      const id = isToken ? sessionOf(req.headers.cookie) : null;
      if (id === null) return false;
      const key = sha256Hex(id);
      const used = sessions.get(key);
      if (used === undefined) return false;
      sessions.delete(key);
      if (realNow() - used > SESSION_IDLE_MS) return false;
      // Re-inserted: the map stays in order of last use, so the least recently used is forgotten first.
      sessions.set(key, realNow());
      return true;
    },
    openSession(secure) {
      const id = randomBytes(32).toString('base64url');
      sessions.set(sha256Hex(id), realNow());
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
      // No Max-Age: the browser forgets it when it closes. Strict: no other site's page can send it.
      // Secure over https, so the browser never sends it over plain http.
      return `${CONSOLE_COOKIE}=${id}; Path=/sandbox/v1; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}
