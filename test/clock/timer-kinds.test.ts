import { describe, expect, it } from 'vitest';
import { createSandboxClock } from '../../server/clock/clock.js';
import { createScheduler } from '../../server/clock/scheduler.js';
import { isTimerKind, TIMER_KINDS } from '../../server/clock/timer-kinds.js';
import { timerHandlers } from '../../server/domain/timers.js';
import { createStore } from '../../server/store/index.js';

describe('timer kinds: one table', () => {
  it('the sandbox has a handler for every kind, and for nothing else', () => {
    const handlers = timerHandlers(() => {
      throw new Error('not fired here');
    });
    expect(Object.keys(handlers).sort()).toEqual([...TIMER_KINDS].sort());
    expect(isTimerKind('notification.retry')).toBe(true);
    expect(isTimerKind('payout.retry')).toBe(false);
  });

  it('a stored timer of an unknown kind is logged once at start and kept, never fired or deleted, and blocks nothing', async () => {
    const store = createStore({ data: ':memory:' });
    const clock = createSandboxClock(store.settings, () => Date.UTC(2026, 0, 1));
    const t0 = clock.now();
    const logged: string[] = [];
    const fired: number[] = [];
    const scheduler = createScheduler(store, clock, (m) => void logged.push(m), { known: (ref) => void fired.push(ref) });
    store.tx(() => {
      store.timers.schedule('from.a.newer.version', 7, t0 - 60_000);
      scheduler.schedule('known', 1, t0 + 60_000);
    });
    scheduler.start();
    scheduler.stop();
    expect(logged).toEqual([expect.stringMatching(/1 stored timer\(s\) of unknown kind "from\.a\.newer\.version" kept/)]);
    expect(scheduler.runDue()).toBe(0);
    const r = await scheduler.advanceTo(t0 + 120_000);
    expect(r).toMatchObject({ completed: true, timers: { known: 1 } });
    expect(fired).toEqual([1]);
    expect(store.timers.get('from.a.newer.version', 7)).toMatchObject({ due_at: t0 - 60_000 });
  });
});
