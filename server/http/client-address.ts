import type { Request } from 'express';
import { isIP } from 'node:net';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

const lastOf = (header: string | string[] | undefined): string | undefined => {
  const all = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const last = all.at(-1)?.trim();
  return last ? last : undefined;
};

/** The address in one `Forwarded` element's `for=` (`for=192.0.2.7`, `for="[2001:db8::1]:4711"`). */
function forwardedFor(element: string): string | undefined {
  for (const pair of element.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim().toLowerCase() !== 'for') continue;
    let v = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"|"$/g, '');
    if (v.startsWith('[')) v = v.slice(1, v.indexOf(']') > 0 ? v.indexOf(']') : undefined);
    else if (v.indexOf(':') === v.lastIndexOf(':')) v = v.replace(/:\d+$/, '');
    return v;
  }
  return undefined;
}

/**
 * The addresses the nearest proxy named for the client, one per forwarding header present (the last
 * entry of each: the one the proxy itself appended). Empty when the request carries none.
 */
function forwardedAddresses(req: Request): (string | undefined)[] {
  const h = req.headers;
  const out: (string | undefined)[] = [];
  if (h.forwarded !== undefined) out.push(forwardedFor(lastOf(h.forwarded) ?? ''));
  if (h['x-forwarded-for'] !== undefined) out.push(lastOf(h['x-forwarded-for']));
  if (h['x-real-ip'] !== undefined) out.push(lastOf(h['x-real-ip']));
  return out;
}

/**
 * Whether the request comes from this machine. A request that carries `Forwarded`,
 * `X-Forwarded-For` or `X-Real-IP` was relayed by a proxy, so its loopback peer says nothing about
 * the client: it is never a loopback client, unless the sandbox trusts its proxy (`--trust-proxy`),
 * the peer is loopback (a proxy on this machine) and every address it named is loopback too.
 */
export function isLoopbackClient(req: Request, trustProxy: boolean): boolean {
  if (!isLoopback(req.socket.remoteAddress)) return false;
  const named = forwardedAddresses(req);
  if (named.length === 0) return true;
  return trustProxy && named.every((a) => isLoopback(a));
}

/** The scheme the client used: `X-Forwarded-Proto` or `Forwarded: proto=` from a trusted loopback proxy, else the connection's. */
export function clientScheme(req: Request, trustProxy: boolean): string {
  const own = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (!trustProxy || !isLoopback(req.socket.remoteAddress)) return own;
  const fwd = /(?:^|;)\s*proto=\s*"?(https?)"?/i.exec(lastOf(req.headers.forwarded) ?? '')?.[1];
  const xfp = lastOf(req.headers['x-forwarded-proto']);
  const proto = (fwd ?? xfp ?? own).toLowerCase();
  return proto === 'https' || proto === 'http' ? proto : own;
}

/** A Host header of exactly `name[:port]`: a DNS name, an IPv4 address or a bracketed IPv6 address, and an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The name in a well-formed Host header (`127.0.0.1:4010`, `[::1]:4010`, `localhost`) without its port; null for anything else. */
export function hostName(host: string): string | null {
  if (!HOST.test(host)) return null;
  const h = host.toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  const colon = h.indexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

/** A Host header that names this machine's loopback (absent counts: only non-browser clients omit it). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const name = hostName(host);
  if (name === null) return false;
  return name === 'localhost' || name.endsWith('.localhost') || isLoopback(name);
}
