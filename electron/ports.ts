// Finding the next free port when 4010 is taken, with real sockets: the only honest way to know
// whether a port can be bound is to bind it.
import { createServer } from 'node:net';

/** True when `port` can be bound on `host` right now (the probe socket is closed before returning). */
export function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen({ host, port, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** The first free port after `taken` (up to `span` ports on), or null when all of them are in use. */
export async function nextFreePort(host: string, taken: number, span = 100): Promise<number | null> {
  for (let port = taken + 1; port <= Math.min(taken + span, 65535); port++) {
    if (await isPortFree(host, port)) return port;
  }
  return null;
}
