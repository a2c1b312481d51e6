import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The merchant endpoint of every HTTP test is the testkit's receiver (one implementation, shipped to merchants too). */
export { startReceiver, type Received, type Receiver, type Reply } from '../../server/loopback-receiver.js';
export { eventually } from '../../server/testkit/eventually.js';

/** A loopback port with nothing listening (refused-connection tests). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
