import { isIP } from 'node:net';
import { canonicalAddress } from './self-target.js';

/** The attempt error of a delivery to a link-local address (cloud metadata services live there). */
export const LINK_LOCAL = 'LINK_LOCAL';
/** The attempt error of a payout callback that a shared sandbox does not send to a loopback or private address. */
export const PRIVATE_TARGET = 'PRIVATE_TARGET';

const v4 = (a: string): number[] | null => (isIP(a) === 4 ? a.split('.').map(Number) : null);

/** 169.254.0.0/16 and fe80::/10. */
export function isLinkLocal(address: string): boolean {
  const a = canonicalAddress(address);
  const b = v4(a);
  if (b) return b[0] === 169 && b[1] === 254;
  return isIP(a) === 6 && /^fe[89ab][0-9a-f]:/i.test(a);
}

/**
 * Loopback, unspecified, private (10/8, 172.16/12, 192.168/16, the carrier-grade 100.64/10) and
 * unique-local IPv6 (fc00::/7): addresses of this machine or of the network it sits in.
 */
export function isInternal(address: string): boolean {
  const a = canonicalAddress(address);
  const b = v4(a);
  if (b) {
    const [x = 0, y = 0] = b;
    return (
      x === 127 ||
      x === 0 ||
      x === 10 ||
      (x === 172 && y >= 16 && y <= 31) ||
      (x === 192 && y === 168) ||
      (x === 100 && y >= 64 && y <= 127)
    );
  }
  if (isIP(a) !== 6) return false;
  return a === '::1' || a === '::' || /^f[cd][0-9a-f]{2}:/i.test(a);
}

/** A host name in a URL that names this machine or its network without a lookup (`localhost`, a literal internal address). */
export function namesInternalHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && (isInternal(host) || isLinkLocal(host));
}

export class TargetRefusedError extends Error {
  constructor(
    readonly code: typeof LINK_LOCAL | typeof PRIVATE_TARGET,
    host: string,
    address: string,
  ) {
    const via = host === address ? address : `${host} (${address})`;
    super(
      code === LINK_LOCAL
        ? `${LINK_LOCAL}: ${via} is a link-local address; the sandbox never sends there; nothing was sent`
        : `${PRIVATE_TARGET}: ${via} is a loopback or private address; a shared sandbox sends payout callbacks there only when ` +
            'the merchant setting allow_private_callbacks is true; nothing was sent',
    );
  }
}

/** A sandbox other machines may reach or drive: a control token is set, or it listens beyond loopback. */
export function isSharedSandbox(config: { controlToken: string | null; host: string }): boolean {
  if (config.controlToken !== null) return true;
  const host = config.host.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const a = isIP(host) ? canonicalAddress(host) : '';
  return !(a === '::1' || a.startsWith('127.'));
}

/** Whether a payout callback of this merchant may go to loopback and private addresses. */
export const privateCallbacksAllowed = (
  config: { controlToken: string | null; host: string },
  merchant: { allow_private_callbacks: boolean } | undefined,
) => !isSharedSandbox(config) || merchant?.allow_private_callbacks === true;
