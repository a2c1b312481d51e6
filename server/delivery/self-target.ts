import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** An address and port the sandbox's own server listens on. */
export interface ListenAddress {
  address: string;
  port: number;
}

/** The attempt error of a delivery addressed to the sandbox itself: nothing it sends may drive its own console. */
export const SELF_TARGET = 'SELF_TARGET';

/** Raised by the delivery connector instead of connecting; the attempt is recorded as failed, sent nowhere. */
export class SelfTargetError extends Error {
  readonly code = SELF_TARGET;
  constructor(host: string, address: string, port: number) {
    const via = host === address ? '' : ` (${host} resolves to ${address})`;
    super(`${SELF_TARGET}: ${address}:${port}${via} is this sandbox's own address; nothing was sent`);
  }
}

/** One spelling per address: IPv6 as the URL standard writes it, IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as IPv4. */
export function canonicalAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 6) return bare.toLowerCase();
  const v6 = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (!mapped) return v6;
  const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

const isUnspecified = (a: string) => a === '0.0.0.0' || a === '::';
const isLoopback = (a: string) => a.startsWith('127.') || a === '::1';

/** This machine's interface addresses, canonical. */
export function interfaceAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const i of list ?? []) out.add(canonicalAddress(i.address));
  return out;
}

/**
 * Whether a connection to `address`:`port` would reach one of `listening`. The unspecified address as
 * a destination (`0.0.0.0`, `::`) means this host; a server bound to it owns every local interface
 * address, and all of 127.0.0.0/8, at its port.
 */
export function isSelfTarget(address: string, port: number, listening: readonly ListenAddress[], local = interfaceAddresses): boolean {
  const a = canonicalAddress(address);
  for (const l of listening) {
    if (l.port !== port) continue;
    const bound = canonicalAddress(l.address);
    if (a === bound || isUnspecified(a)) return true;
    if (isUnspecified(bound) && (isLoopback(a) || local().has(a))) return true;
  }
  return false;
}

/** The addresses a connection to `hostname` may use: the literal itself, or one resolution (no second lookup follows). */
export async function resolveHost(hostname: string): Promise<{ address: string; family: number }[]> {
  const h = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(h);
  if (family) return [{ address: h, family }];
  return lookup(h, { all: true, verbatim: true });
}
