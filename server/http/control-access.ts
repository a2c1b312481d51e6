import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { equalsText, sha256Hex } from '../domain/secrets.js';
import { isLoopbackClient } from './client-address.js';

/** Name of the console's session cookie (HttpOnly: page scripts never see it). */
export const CONSOLE_COOKIE = 'sandbox_console';
/** Console sessions kept; the oldest is forgotten first (its browser is asked for the token again). */
const MAX_SESSIONS = 1000;

/** A usable control token: 8 or more visible ASCII characters (it travels in an HTTP header). */
export const isValidControlToken = (t: string): boolean => /^[\x21-\x7e]{8,}$/.test(t);

/**
 * Who may use the console and the control API from another machine (contract §8, "Shared team
 * sandbox"): API clients present `Authorization: Bearer <token>`; the console trades the token once
 * for a session cookie, which its EventSource (no custom headers possible) also carries. The cookie
 * is random and not the token, so the token is never stored in the browser.
 */
export interface ControlAccess {
  /** A token is configured: other machines may use the console and control API with it. */
  readonly shared: boolean;
  /** The request carries the token (Bearer) or a console session opened with it. */
  authorized(req: Request): boolean;
  /** Opens a console session; answers the `Set-Cookie` value. */
  openSession(): string;
}

/** Whether an answer to this request may name another merchant (contract §10): who could read the log anyway. */
export type NamesOthers = (req: Request) => boolean;

/** A loopback client (through forwarding headers only with a trusted proxy), or one with the control token or a console session. */
export const namesOthersTo =
  (access: ControlAccess, trustProxy: boolean): NamesOthers =>
  (req) =>
    isLoopbackClient(req, trustProxy) || access.authorized(req);

export function createControlAccess(token: string | null): ControlAccess {
  const isToken = token ? equalsText(token) : null;
  // Session ids are kept as digests: the lookup's timing says nothing about a valid id.
  const sessions = new Set<string>();

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
      return id !== null && sessions.has(sha256Hex(id));
    },
    openSession() {
      const id = randomBytes(32).toString('base64url');
      sessions.add(sha256Hex(id));
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.values().next().value!);
      // No Max-Age: the browser forgets it when it closes. Strict: no other site's page can send it.
      return `${CONSOLE_COOKIE}=${id}; Path=/sandbox/v1; HttpOnly; SameSite=Strict`;
    },
  };
}
