import { describe, expect, it } from 'vitest';
import { startThread } from '../../server/store/thread-module.js';

describe("the store's threads", () => {
  it('a thread whose module cannot load sets and notifies its failure words, then exits with 1', async () => {
    const shared = new SharedArrayBuffer(16);
    const words = new Int32Array(shared);
    const worker = startThread('no-such-thread', { any: 'data' }, { shared, set: [0, 2], notify: [0] });
    const exited = new Promise<number>((r) => worker.on('exit', r));
    // What a starter blocked on the thread waits for (without blocking here: the exit event needs the event loop).
    await Atomics.waitAsync(words, 0, 0, 15_000).value;
    expect([...words]).toEqual([1, 0, 1, 0]);
    expect(await exited).toBe(1);
  });
});
