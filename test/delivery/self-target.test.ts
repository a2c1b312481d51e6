import { describe, expect, it } from 'vitest';
import { canonicalAddress, isSelfTarget, resolveHost } from '../../server/delivery/self-target.js';

const P = 4010;
const local = () => new Set(['127.0.0.1', '::1', '192.168.1.20', 'fe80::1']);

describe('self target: decided on the address a delivery would connect to', () => {
  it('writes every address one way: IPv4-mapped IPv6 as IPv4, IPv6 compressed', () => {
    expect(canonicalAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAddress('[::FFFF:7f00:1]')).toBe('127.0.0.1');
    expect(canonicalAddress('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalAddress('[::1]')).toBe('::1');
    expect(canonicalAddress('127.0.0.1')).toBe('127.0.0.1');
  });

  it('a server bound to one address owns that address at its port, and the unspecified address means this host', () => {
    const bound = [{ address: '127.0.0.1', port: P }];
    for (const a of ['127.0.0.1', '::ffff:127.0.0.1', '0.0.0.0', '::']) expect(isSelfTarget(a, P, bound, local), a).toBe(true);
    expect(isSelfTarget('127.0.0.1', P + 1, bound, local)).toBe(false);
    expect(isSelfTarget('127.0.0.2', P, bound, local)).toBe(false);
    expect(isSelfTarget('::1', P, bound, local)).toBe(false);
  });

  it('a server bound to 0.0.0.0 or :: owns every local interface address and all of 127/8 at its port', () => {
    for (const any of ['0.0.0.0', '::']) {
      const bound = [{ address: any, port: P }];
      for (const a of ['127.0.0.1', '127.0.0.5', '::1', '192.168.1.20', 'fe80::1', '0.0.0.0'])
        expect(isSelfTarget(a, P, bound, local), a).toBe(true);
      expect(isSelfTarget('192.0.2.7', P, bound, local)).toBe(false);
      expect(isSelfTarget('192.168.1.20', P + 1, bound, local)).toBe(false);
    }
  });

  it('an IPv6 loopback server owns ::1 however it is written', () => {
    const bound = [{ address: '::1', port: P }];
    expect(isSelfTarget('0:0:0:0:0:0:0:1', P, bound, local)).toBe(true);
    expect(isSelfTarget('127.0.0.1', P, bound, local)).toBe(false);
  });

  it('resolves a literal to itself and a name once, to every address it has', async () => {
    expect(await resolveHost('[::1]')).toEqual([{ address: '::1', family: 6 }]);
    expect(await resolveHost('127.0.0.1')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    const local = await resolveHost('localhost');
    expect(local.length).toBeGreaterThan(0);
    for (const a of local) expect(['127.0.0.1', '::1']).toContain(a.address);
  });
});
