import type { CallKind } from './call-kinds.js';
import type { CreationPath } from './common.js';
import type { RouteSpec } from './route.js';
import { allRoutes } from './routes.js';

/**
 * The real service's base paths in front of its own paths: production (`/justpay`) and the
 * provider's certification host (`/justpay.cert`). Published integrations post to either.
 */
export const SERVICE_PREFIXES = ['/justpay', '/justpay.cert'] as const;
export type ServicePrefix = (typeof SERVICE_PREFIXES)[number];

/** One classified request: which call it is, the route description it matches, and how its path was spelled. */
export interface Call {
  kind: CallKind;
  /** The described route; absent for control API paths no route describes (they still belong to the operator). */
  route?: RouteSpec;
  /** The path as the sandbox serves it: prefix removed, no trailing slash added or dropped. */
  path: string;
  /** The service prefix the request was sent under, or '' for none. */
  prefix: '' | ServicePrefix;
  /** For creations: which of the two creation paths (the channel table's name). */
  creationPath?: CreationPath;
  /**
   * For creations: the older `/check-out/SecurePayment` spelling that the 2018 and 2019 integrations
   * post to under a service prefix (`/justpay/check-out/SecurePayment`).
   */
  olderPath?: boolean;
}

interface Matcher {
  method: string;
  test: RegExp;
  route: RouteSpec;
  kind: CallKind;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An Express path pattern as Express matches it: case-insensitive, `:param` one segment, an optional trailing slash. */
const patternOf = (path: string): RegExp =>
  new RegExp(
    '^' +
      path
        .replace(/\/$/, '')
        .split(/(:\w+)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
        .join('') +
      '/?$',
    'i',
  );

/** Every route description that names its call (control routes are every `/sandbox/` route), in the order described. */
const DESCRIBED: readonly Matcher[] = allRoutes().flatMap((route) => {
  const kind = route.call ?? (route.path.startsWith('/sandbox/') ? 'control' : undefined);
  return kind ? [{ method: route.method, test: patternOf(route.path), route, kind }] : [];
});

const exactKey = (method: string, path: string) => {
  const lower = path.toLowerCase();
  return `${method} ${lower.endsWith('/') ? lower.slice(0, -1) : lower}`;
};
/** Routes without `:params`, by method and path, so the creation hot path is one map lookup instead of a regex walk. */
const EXACT = new Map<string, Matcher>();
for (const d of DESCRIBED) {
  const key = exactKey(d.method, d.route.path);
  if (!d.route.path.includes(':') && !EXACT.has(key)) EXACT.set(key, d);
}

const PREFIX = /^\/justpay(\.cert)?(?=\/)/i;
/** The older creation paths of the 2018/2019 integrations, below a service prefix. */
const OLDER_CREATION = /^\/check-out\/securepayment(\.php)?\/?$/i;

/**
 * Which call a method and path are, or null for anything else (health, assets,
 * unknown paths). The service's prefixes are read here once: `/justpay/payments/check-out/SecurePayment`
 * and `/justpay.cert/api/operations` are the same calls as without them, and the older
 * `/justpay/check-out/SecurePayment` is a creation. HEAD is read as GET, as Express routes it.
 */
export function classifyCall(method: string, rawPath: string): Call | null {
  // Every request of the HTTP edge passes here (the request log classifies it): the common cases take no regex.
  const upper = method === 'POST' || method === 'GET' ? method : method.toUpperCase();
  const m = upper === 'HEAD' ? 'GET' : upper;
  const q = rawPath.indexOf('?');
  const full = q < 0 ? rawPath : rawPath.slice(0, q);
  const pre = full[1] === 'j' || full[1] === 'J' ? PREFIX.exec(full) : null;
  const prefix: Call['prefix'] = pre ? (pre[1] ? '/justpay.cert' : '/justpay') : '';
  const path = pre ? full.slice(pre[0].length) : full;
  if (prefix) {
    const older = OLDER_CREATION.exec(path);
    if (older) {
      if (m !== 'POST') return null;
      const creationPath: CreationPath = older[1] ? 'SecurePayment.php' : 'SecurePayment';
      const route = DESCRIBED.find((d) => d.kind === 'creation' && d.route.path.endsWith('/' + creationPath))?.route;
      return { kind: 'creation', route, path, prefix, creationPath, olderPath: true };
    }
  }
  const exact = EXACT.get(exactKey(m, path));
  for (const d of exact ? [exact] : DESCRIBED) {
    // An exact hit is this method and path already (letter case and one trailing slash aside).
    if (d !== exact && (d.method !== m || !d.test.test(path))) continue;
    // Only the merchant service lives under its prefixes; the console and the checkout pages never do.
    if (prefix && (d.kind === 'control' || d.kind === 'checkout_page')) return null;
    const call: Call = { kind: d.kind, route: d.route, path, prefix };
    if (d.kind === 'creation') call.creationPath = d.route.path.endsWith('.php') ? 'SecurePayment.php' : 'SecurePayment';
    return call;
  }
  if (!prefix && /^\/sandbox\/v1(\/|$)/i.test(path)) return { kind: 'control', path, prefix };
  return null;
}
