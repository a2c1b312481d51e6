import { describe, expect, it } from 'vitest';
import { startThread } from '../../server/store/thread-module.js';

describe("the store's threads", () => {
  it('a thread whose module cannot load sets and notifies its failure words, then exits with 1', async () => {
    const shared = new SharedArrayBuffer(16);
    const words = new Int32Array(shared);
    const worker = startThread('no-such-thread', { any: 'data' }, { shared, set: [0, 2], notify: [0] });
    const code = await new Promise<number>((r) => worker.on('exit', r));
    // Set before the thread exits, so a starter blocked on them (Atomics.wait) is woken.
    expect([...words]).toEqual([1, 0, 1, 0]);
    expect(code).toBe(1);
  });
});
