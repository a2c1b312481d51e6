import { describe, expect, it } from 'vitest';
import { createSandboxClock } from '../../server/clock/clock.js';
import { createScheduler, type CarriedTimers, type TimerHandler } from '../../server/clock/scheduler.js';
import { createStore } from '../../server/store/index.js';

function setup<K extends string>(handlers: Record<K, TimerHandler>, start = Date.UTC(2026, 0, 1)) {
  let real = start;
  const store = createStore({ data: ':memory:' });
  const clock = createSandboxClock(store.settings, () => real);
  const scheduler = createScheduler(store, clock, () => {}, handlers);
  return { store, clock, scheduler, tick: (ms: number) => (real += ms) };
}

describe('sandbox clock', () => {
  it('flows with real time by default', () => {
    const { clock, tick } = setup({});
    const t0 = clock.now();
    tick(1234);
    expect(clock.now() - t0).toBe(1234);
  });

  it('advances by an offset that persists across a restart of the clock', () => {
    const { store, clock } = setup({});
    const t0 = clock.now();
    clock.setNow(t0 + 3 * 3600_000);
    expect(clock.view().offset_minutes).toBe(180);
    const again = createSandboxClock(store.settings, () => t0);
    expect(again.now()).toBe(t0 + 3 * 3600_000);
  });

  it('freezes while paused and resumes from where it stopped', () => {
    const { clock, tick } = setup({});
    clock.pause();
    const frozen = clock.now();
    tick(60_000);
    expect(clock.now()).toBe(frozen);
    expect(clock.view().paused).toBe(true);
    clock.resume();
    tick(1000);
    expect(clock.now()).toBe(frozen + 1000);
  });

  it('never moves backwards', () => {
    const { clock } = setup({});
    const t0 = clock.now();
    clock.setNow(t0 - 60_000);
    expect(clock.now()).toBe(t0);
  });
});

describe('scheduler', () => {
  it('fires many timers falling due in one advance, in due order, each at its own time', async () => {
    const fired: { ref: number; at: number; due: number }[] = [];
    const { store, clock, scheduler } = setup({ test: (ref, due) => void fired.push({ ref, at: clock.now(), due }) });
    const t0 = clock.now();
    const refs = Array.from({ length: 500 }, (_, i) => i + 1);
    // schedule in scrambled order
    store.tx(() => {
      for (const ref of [...refs].sort((a, b) => ((a * 7919) % 500) - ((b * 7919) % 500)))
        scheduler.schedule('test', ref, t0 + ref * 60_000);
    });
    const n = await scheduler.advanceTo(t0 + 600 * 60_000);
    expect(n.timers).toEqual({ test: 500 });
    expect(n.steps).toBe(500);
    expect(fired.map((f) => f.ref)).toEqual(refs);
    for (const f of fired) expect(f.at).toBe(f.due);
    expect(clock.now()).toBe(t0 + 600 * 60_000);
  });

  it('leaves timers that are not yet due', async () => {
    const fired: number[] = [];
    const { store, clock, scheduler } = setup({ test: (ref) => void fired.push(ref) });
    const t0 = clock.now();
    store.tx(() => {
      scheduler.schedule('test', 1, t0 + 10 * 60_000);
      scheduler.schedule('test', 2, t0 + 90 * 60_000);
    });
    await scheduler.advanceTo(t0 + 30 * 60_000);
    expect(fired).toEqual([1]);
    expect(store.timers.nextDueAt()).toBe(t0 + 90 * 60_000);
  });

  it('fires a timer once: a cancelled or already-fired timer does nothing', async () => {
    const fired: number[] = [];
    const { store, clock, scheduler } = setup({ test: (ref) => void fired.push(ref) });
    const t0 = clock.now();
    store.tx(() => {
      scheduler.schedule('test', 1, t0 + 60_000);
      scheduler.schedule('test', 2, t0 + 60_000);
      scheduler.cancel('test', 2);
    });
    await scheduler.advanceTo(t0 + 120_000);
    await scheduler.advanceTo(t0 + 240_000);
    expect(fired).toEqual([1]);
  });

  it("rolls back a failing handler's writes and drops the timer instead of looping", async () => {
    const { store, clock, scheduler } = setup({
      boom: () => {
        store.settings.set('half-written', true);
        throw new Error('handler failed');
      },
    });
    const t0 = clock.now();
    store.tx(() => scheduler.schedule('boom', 1, t0 + 1000));
    await scheduler.advanceTo(t0 + 5000);
    expect(store.settings.get('half-written', false)).toBe(false);
    expect(store.timers.nextDueAt()).toBeNull();
  });

  it('keeps timers across a restart (persisted)', async () => {
    const { store, clock, scheduler } = setup({ test: () => {} });
    const t0 = clock.now();
    store.tx(() => scheduler.schedule('test', 7, t0 + 60_000));
    const fired: number[] = [];
    const again = createScheduler(
      store,
      createSandboxClock(store.settings, () => t0),
      () => {},
      { test: (ref) => void fired.push(ref) },
    );
    await again.advanceTo(t0 + 60_000);
    expect(fired).toEqual([7]);
  });
});

describe('carried timers (rows that hold their own due time)', () => {
  /** A kind whose timers live in `due` (ref → due time) the way pending operations hold `expires_at`. */
  function carriedSetup(handler: TimerHandler) {
    const real = Date.UTC(2026, 0, 1);
    const store = createStore({ data: ':memory:' });
    const clock = createSandboxClock(store.settings, () => real);
    const due = new Map<number, number>();
    const rows = (pred: (at: number) => boolean, limit: number) =>
      [...due]
        .filter(([, at]) => pred(at))
        .sort((a, b) => a[1] - b[1] || a[0] - b[0])
        .slice(0, limit)
        .map(([ref_id, due_at]) => ({ ref_id, due_at }));
    const carried: CarriedTimers = {
      due: (now, limit) => rows((at) => at <= now, limit),
      first: (limit) => rows(() => true, limit),
      claim: (ref) => due.delete(ref),
    };
    const stored: { ref: number; at: number }[] = [];
    const scheduler = createScheduler(
      store,
      clock,
      () => {},
      { held: handler, stored: (ref) => void stored.push({ ref: -ref, at: clock.now() }) },
      { held: carried },
    );
    return { store, clock, scheduler, due, stored, t0: real };
  }

  it('fire in due order among stored timers, a stored one first at the same instant, and write no timer row', async () => {
    const s = carriedSetup((ref) => void s.stored.push({ ref, at: s.clock.now() }));
    s.due.set(2, s.t0 + 120_000).set(1, s.t0 + 60_000);
    s.store.tx(() => {
      s.scheduler.schedule('held', 2, s.t0 + 120_000);
      s.scheduler.schedule('stored', 9, s.t0 + 60_000);
      s.scheduler.schedule('stored', 8, s.t0 + 120_000);
    });
    expect(s.store.timers.countByKind()).toEqual({ stored: 2 });
    const r = await s.scheduler.advanceTo(s.t0 + 180_000);
    // Stored timers answer with their ref negated.
    expect(s.stored).toEqual([
      { ref: -9, at: s.t0 + 60_000 },
      { ref: 1, at: s.t0 + 60_000 },
      { ref: -8, at: s.t0 + 120_000 },
      { ref: 2, at: s.t0 + 120_000 },
    ]);
    expect(r.timers).toEqual({ held: 2, stored: 2 });
  });

  it('skips one its row no longer holds when it fires (the row moved on since it was read)', async () => {
    const fired: number[] = [];
    const s = carriedSetup((ref) => {
      fired.push(ref);
      s.due.delete(2); // the first one's handler ends the second, due at the same instant
    });
    s.due.set(1, s.t0 + 60_000).set(2, s.t0 + 60_000);
    const r = await s.scheduler.advanceTo(s.t0 + 120_000);
    expect(fired).toEqual([1]);
    expect(r.timers).toEqual({ held: 1 });
  });

  it('fires a failing one once, then leaves it, however often the clock moves on, until a wipe', async () => {
    let calls = 0;
    let failing = true;
    const s = carriedSetup(() => {
      calls++;
      if (failing) throw new Error('boom');
    });
    s.due.set(1, s.t0 + 60_000);
    // The row still holds it (the handler's writes were rolled back), as a pending operation would.
    const claim = s.due.delete.bind(s.due);
    s.due.delete = (ref: number) => s.due.has(ref) && (claim(ref), s.due.set(ref, s.t0 + 60_000), true);
    await s.scheduler.advanceTo(s.t0 + 120_000);
    await s.scheduler.advanceTo(s.t0 + 3_600_000);
    expect(calls).toBe(1);
    s.scheduler.runDue();
    expect(calls).toBe(1);
    // A reset wipes the rows and ids start again: ref 1 is a new row, due in its own right.
    s.scheduler.interrupt();
    s.due.delete = claim;
    failing = false;
    await s.scheduler.advanceTo(s.t0 + 7_200_000);
    expect(calls).toBe(2);
    expect(s.due.size).toBe(0);
  });
});
