import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isPortFree, nextFreePort } from '../../electron/ports.js';

const HOST = '127.0.0.1';
const servers: Server[] = [];

/** Occupies a port with a real listening socket; port 0 lets the OS pick. */
function occupy(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, HOST, () => {
      servers.push(s);
      const addr = s.address();
      resolve(typeof addr === 'object' && addr ? addr.port : -1);
    });
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('next free port', () => {
  it('a port someone listens on is not free', async () => {
    const port = await occupy();
    expect(await isPortFree(HOST, port)).toBe(false);
  });

  it('a port nobody listens on is free, and the probe releases it', async () => {
    const port = await occupy();
    await new Promise((r) => servers.pop()!.close(r));
    expect(await isPortFree(HOST, port)).toBe(true);
    // The probe closed its socket: the port can be bound again.
    expect(await occupy(port)).toBe(port);
  });

  it('skips taken ports and answers the first one that can really be bound', async () => {
    const taken = await occupy();
    const alsoTaken = taken + 1 <= 65535 ? await occupy(taken + 1).catch(() => null) : null;
    const next = await nextFreePort(HOST, taken);
    expect(next).not.toBeNull();
    expect(next).toBeGreaterThan(alsoTaken ?? taken);
    expect(await occupy(next!)).toBe(next);
  });

  it('answers null when every port in the span is taken', async () => {
    const taken = await occupy();
    // The next two ports are taken by us, or already by someone else: either way none is free.
    await occupy(taken + 1).catch(() => null);
    await occupy(taken + 2).catch(() => null);
    expect(await nextFreePort(HOST, taken, 2)).toBeNull();
  });

  it('never answers a port above 65535', async () => {
    expect(await nextFreePort(HOST, 65535)).toBeNull();
  });
});
