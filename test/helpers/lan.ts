import net from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import type { SandboxOptions } from '../../server/sandbox.js';
import { startSandbox } from './sandbox.js';

/**
 * A client on another machine, simulated on loopback (tests never send to a non-loopback address):
 * while `simulateLan()` is in force, every connection this process accepts from LAN_PEER shows the
 * server the remote address LAN_ADDRESS (a documentation address). `lanFetch` connects from LAN_PEER.
 */
export const LAN_PEER = '127.0.0.9';
export const LAN_ADDRESS = '192.0.2.7';

/** Installs the simulation; answers the function that removes it (call it in afterAll). */
export function simulateLan(): () => void {
  const emit = net.Server.prototype.emit;
  function lanEmit(this: net.Server, event: string | symbol, ...args: unknown[]): boolean {
    const socket = args[0];
    if (event === 'connection' && socket instanceof net.Socket && socket.remoteAddress === LAN_PEER)
      Object.defineProperty(socket, 'remoteAddress', { value: LAN_ADDRESS });
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  }
  net.Server.prototype.emit = lanEmit as typeof emit;
  return () => {
    net.Server.prototype.emit = emit;
  };
}

const lanAgent = new Agent({ localAddress: LAN_PEER });

/** fetch from the simulated LAN client (its own connection pool, so no loopback connection is reused). */
export const lanFetch = (url: string, init: RequestInit = {}) => undiciFetch(url, { ...init, dispatcher: lanAgent });

type Sb = Awaited<ReturnType<typeof startSandbox>>;

/** A sandbox as a client on another machine reaches it: `sb` once started, and `fromLan(path)` a request from that client. */
export interface LanSandbox {
  readonly sb: Sb;
  fromLan(path: string, init?: RequestInit): ReturnType<typeof lanFetch>;
}

/**
 * For the describe block it is called in: the LAN simulation is installed and the sandbox started
 * before the block's own beforeAll hooks, and both are undone after its own afterAll hooks (hooks
 * run as a stack), so a proxy or receiver the block starts is closed while the sandbox still runs.
 */
export function sandboxOnLan(opts: SandboxOptions): LanSandbox {
  let sb: Sb | undefined;
  let restore = () => {};
  beforeAll(async () => {
    restore = simulateLan();
    sb = await startSandbox(opts);
  });
  afterAll(async () => {
    await sb?.stop();
    restore();
  });
  const lan: LanSandbox = {
    get sb() {
      if (!sb) throw new Error('the LAN sandbox starts in beforeAll: read it from a hook or a test');
      return sb;
    },
    fromLan: (path, init) => lanFetch(lan.sb.url + path, init),
  };
  return lan;
}
