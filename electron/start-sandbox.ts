// Starting the embedded sandbox for the desktop app: when the port is taken, the user is asked
// whether to use the next free one (the CLI instead stops with a message; a window can ask).
import { createSandbox, PortInUseError, type Sandbox, type SandboxOptions } from '../server/sandbox.js';
import { nextFreePort } from './ports.js';

export interface StartOptions {
  data: string;
  host: string;
  port: number;
  /** Asked when `port` is taken and `next` is free; true starts on `next`. */
  askToUseNext: (port: number, next: number) => Promise<boolean>;
  /** Extra sandbox options (tests pass a quiet log). */
  sandbox?: Omit<SandboxOptions, 'data' | 'host' | 'port'>;
}

/** The started sandbox, or null when the user declined another port. Other start errors are thrown. */
export async function startWithPortChoice(opts: StartOptions): Promise<Sandbox | null> {
  let port = opts.port;
  for (;;) {
    const sb = createSandbox({ ...opts.sandbox, data: opts.data, host: opts.host, port });
    try {
      await sb.start();
      return sb;
    } catch (err) {
      // The store is open even though nothing listens: close it before trying again or giving up.
      await sb.stop();
      const next = err instanceof PortInUseError ? await nextFreePort(opts.host, port) : null;
      if (next === null) throw err;
      if (!(await opts.askToUseNext(port, next))) return null;
      // The next port may be taken by the time we try it; the loop then asks again.
      port = next;
    }
  }
}
