import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The merchant endpoint of every HTTP test is the testkit's receiver (one implementation, shipped to merchants too). */
export { startReceiver, type Received, type Receiver, type Reply } from '../../server/testkit/receiver.js';

/** A loopback port with nothing listening (refused-connection tests). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Polls `fn` until it answers a truthy value (or throws after `timeoutMs`). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 5_000, stepMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
