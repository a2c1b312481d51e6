import net from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit } from 'undici';

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
