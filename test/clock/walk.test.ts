import { describe, expect, it } from 'vitest';
import { createSandboxClock } from '../../server/clock/clock.js';
import { createScheduler, type TimerHandler } from '../../server/clock/scheduler.js';
import type { DueTally } from '../../server/clock/walk.js';
import { createStore } from '../../server/store/index.js';

function setup<K extends string>(handlers: Record<K, TimerHandler>, start = Date.UTC(2026, 0, 1)) {
  const store = createStore({ data: ':memory:' });
  const clock = createSandboxClock(store.settings, () => start);
  const scheduler = createScheduler(store, clock, () => {}, handlers);
  return { store, clock, scheduler, t0: clock.now() };
}

describe('advance walk', () => {
  it('awaits the due work of each instant, and a timer that work schedules before the target fires in the same advance', async () => {
    const seen: { at: number; persisted: number }[] = [];
    const written: DueTally = { succeeded: 0, failed: 0 };
    let pending = 0;
    const { store, clock, scheduler, t0 } = setup({ ping: () => void pending++ });
    scheduler.onDueWork({
      async settle(at) {
        if (pending === 0) return;
        pending = 0;
        await new Promise((r) => setTimeout(r, 5)); // real asynchronous work, e.g. an HTTP attempt
        // What a restarted process would read: the clock's move to this instant is already written.
        seen.push({ at, persisted: createSandboxClock(store.settings, () => Date.UTC(2026, 0, 1)).now() });
        written.failed++;
        // Like a failed attempt: the next one 10 minutes later, scheduled while the clock stands at `at`.
        if (seen.length < 4) store.tx(() => scheduler.schedule('ping', 1, clock.now() + 10 * 60_000));
      },
      tally: () => ({ ...written }),
    });
    store.tx(() => scheduler.schedule('ping', 1, t0 + 60_000));
    const r = await scheduler.advanceTo(t0 + 60 * 60_000);
    expect(seen.map((s) => (s.at - t0) / 60_000)).toEqual([1, 11, 21, 31]);
    for (const s of seen) expect(s.persisted).toBe(s.at);
    expect(r).toMatchObject({ timers: { ping: 4 }, failed: 4, succeeded: 0, steps: 4, completed: true });
    expect(clock.now()).toBe(t0 + 60 * 60_000);
  });

  it('refuses a second advance while one runs with CLOCK_BUSY, before touching anything', async () => {
    const { store, scheduler, t0 } = setup({ slow: () => {} });
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => (open = r));
    scheduler.onDueWork({ settle: () => gate, tally: () => ({ succeeded: 0, failed: 0 }) });
    store.tx(() => scheduler.schedule('slow', 1, t0 + 60_000));
    const first = scheduler.advanceTo(t0 + 120_000);
    expect(() => scheduler.advanceTo(t0 + 240_000)).toThrow(expect.objectContaining({ code: 'CLOCK_BUSY' }));
    open();
    expect(await first).toMatchObject({ completed: true, timers: { slow: 1 }, at: t0 + 120_000 });
    expect(scheduler.walking()).toBeNull();
  });

  it('yields to I/O across steps: a long walk of one-timer steps with no due work lets other callbacks run meanwhile', async () => {
    // Wall time must pass for the walk's slice budget, so this clock reads the real one (paused).
    const store = createStore({ data: ':memory:' });
    const clock = createSandboxClock(store.settings);
    clock.pause();
    // 400 expiries at distinct minutes, each costing 0.2 ms: at least 80 ms of synchronous work.
    const scheduler = createScheduler(store, clock, () => {}, {
      busy: () => {
        const end = performance.now() + 0.2;
        while (performance.now() < end);
      },
    });
    const t0 = clock.now();
    store.tx(() => {
      for (let i = 1; i <= 400; i++) scheduler.schedule('busy', i, t0 + i * 60_000);
    });
    // Before the fix the walk restarted its slice each step and never left the microtask queue.
    const seenWalking = new Promise<boolean>((resolve) => setTimeout(() => resolve(scheduler.walking() !== null), 1));
    const r = await scheduler.advanceTo(t0 + 500 * 60_000);
    expect(r).toMatchObject({ completed: true, steps: 400, timers: { busy: 400 } });
    expect(await seenWalking).toBe(true);
  });
});
