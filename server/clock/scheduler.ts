import type { Store } from '../store/index.js';
import type { SandboxClock } from './clock.js';

/** Handles one fired timer. Runs inside the transaction that deletes the timer row. */
export type TimerHandler = (refId: number, dueAt: number) => void;

/** Longest real-time sleep between checks; guards against clock jumps and missed wake-ups. */
const MAX_SLEEP_MS = 1000;

/**
 * Persisted timers on the sandbox clock. A timer fires exactly once: its row is deleted in the same
 * transaction as the handler's effects. In real time a single setTimeout sleeps until the earliest
 * timer; `advanceTo` walks sandbox time forward through every due timer, in order.
 */
export function createScheduler(store: Store, clock: SandboxClock, log: (msg: string) => void) {
  const handlers = new Map<string, TimerHandler>();
  let sleeper: NodeJS.Timeout | null = null;
  /** Sandbox time the current sleeper wakes at; a timer due later needs no re-arm. */
  let wakeAt = Number.POSITIVE_INFINITY;
  let armQueued = false;
  let running = false;

  function fire(t: { id: number; kind: string; ref_id: number; due_at: number }): void {
    const handler = handlers.get(t.kind);
    try {
      store.tx(() => {
        if (!store.timers.remove(t.id)) return; // already fired or cancelled
        handler?.(t.ref_id, t.due_at);
      });
    } catch (err) {
      log(`timer ${t.kind}#${t.ref_id} failed: ${(err as Error).message}`);
      store.timers.remove(t.id); // never retry a failing handler forever
    }
  }

  /** Fires every timer due at the current sandbox time, earliest first. Returns how many fired. */
  function runDue(): number {
    let fired = 0;
    for (;;) {
      const batch = store.timers.due(clock.now());
      if (batch.length === 0) return fired;
      for (const t of batch) fire(t);
      fired += batch.length;
    }
  }

  function arm(): void {
    if (!running) return;
    if (sleeper) clearTimeout(sleeper);
    const next = store.timers.nextDueAt();
    const wait = next === null ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, next - clock.now()));
    wakeAt = clock.now() + wait;
    sleeper = setTimeout(tick, wait);
    sleeper.unref();
  }

  function tick(): void {
    sleeper = null;
    wakeAt = Number.POSITIVE_INFINITY;
    try {
      runDue();
    } finally {
      arm();
    }
  }

  return {
    on(kind: string, handler: TimerHandler): void {
      handlers.set(kind, handler);
    },
    /** Schedules (or moves) a timer; call inside the transaction of the change that needs it. */
    schedule(kind: string, refId: number, dueAt: number): void {
      store.timers.schedule(kind, refId, dueAt);
      // Re-arm only when this timer is due before the current wake-up (most are hours away), once per turn.
      if (running && dueAt < wakeAt && !armQueued) {
        armQueued = true;
        setImmediate(() => {
          armQueued = false;
          arm();
        });
      }
    },
    cancel(kind: string, refId: number): void {
      store.timers.cancel(kind, refId);
    },
    runDue,
    /** Moves sandbox time forward to `target`, firing each due timer at its own due time. */
    advanceTo(target: number): number {
      let fired = 0;
      try {
        for (;;) {
          const next = store.timers.nextDueAt();
          if (next === null || next > target) break;
          clock.hold(next);
          fired += runDue();
        }
      } finally {
        clock.release();
      }
      clock.setNow(target);
      fired += runDue();
      arm();
      return fired;
    },
    start(): void {
      running = true;
      tick();
    },
    stop(): void {
      running = false;
      if (sleeper) clearTimeout(sleeper);
      sleeper = null;
    },
    /** Re-arms after an external change (pause/resume, reset). */
    rearm: arm,
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
