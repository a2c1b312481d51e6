import type { TimerRecord } from '../store/timers.js';
import type { SandboxClock } from './clock.js';

/** What work settled at one instant produced (notification attempts, by outcome). */
export interface DueTally {
  succeeded: number;
  failed: number;
}

/**
 * Work that must be finished at a sandbox instant before an advance moves on: the delivery worker
 * sends every notification due at `at` and resolves once each attempt's outcome is written.
 * An interface (not the delivery worker itself) so delivery can move to a worker thread unchanged.
 */
export interface DueWork {
  settle(at: number): Promise<void>;
  /** Scheduled attempts written so far, by outcome (cumulative; an advance reports the difference). */
  tally(): DueTally;
}

/** Running totals of one advance; read by its progress reports while the walk goes on. */
export interface WalkTally {
  timers: Record<string, number>;
  succeeded: number;
  failed: number;
  /** Distinct instants the clock stopped at. */
  steps: number;
  /** Sandbox time the walk stands at. */
  at: number;
}

/** The persisted timers a walk fires: those of kinds that have a handler. */
export interface DueTimers {
  due(now: number, limit: number): TimerRecord[];
  nextDueAt(): number | null;
}

export interface WalkDeps {
  timers: DueTimers;
  clock: SandboxClock;
  /** Fires one timer in its own transaction (with `also` written in it); false when it was already gone. */
  fire(t: TimerRecord, also?: () => void): boolean;
  dueWork: readonly DueWork[];
  /** True once the sandbox stops or is reset: the walk ends where it stands. */
  stopped(): boolean;
}

/** Longest synchronous stretch of timer firing before the walk yields, so `/health` stays fast. */
const SLICE_MS = 8;
/** Timers read per query. */
const BATCH = 200;
/** Rounds of "fire, then deliver" at one instant (a zero retry gap could otherwise loop). */
const MAX_ROUNDS = 16;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One budget of synchronous work for the whole walk: `pace()` yields a macrotask turn (so the HTTP
 * server reads and answers) once more than SLICE_MS has passed since the last turn. It must span
 * steps, not restart per step: a step that fires one timer and has no notifications due settles in
 * microtasks alone, so thousands of such steps would otherwise run back to back without I/O.
 */
function pacer(realNow: () => number) {
  let since = realNow();
  return async (): Promise<void> => {
    if (realNow() - since <= SLICE_MS) return;
    await yieldTurn();
    since = realNow();
  };
}

/**
 * Walks sandbox time from now to `target` through every persisted timer, in order. At each instant
 * the clock is held still; first every timer due fires (earliest first, then in scheduling order;
 * each in its own transaction), then the due work runs (notification attempts, concurrently) and is
 * awaited, and this repeats while anything new is due at that instant. Only then does the clock move
 * to the next due time; that move is written in the same transaction as the first timer fired there,
 * so a crash resumes exactly where the last committed step stood.
 */
export async function walkTo(deps: WalkDeps, target: number, tally: WalkTally): Promise<void> {
  const { timers, clock } = deps;
  let t = clock.now();
  clock.hold(t);
  tally.at = t;
  const base = deps.dueWork.map((w) => w.tally());
  const count = () => {
    const now = deps.dueWork.map((w) => w.tally());
    tally.succeeded = now.reduce((a, x, i) => a + x.succeeded - base[i]!.succeeded, 0);
    tally.failed = now.reduce((a, x, i) => a + x.failed - base[i]!.failed, 0);
  };
  /** The clock's move to `t`, still to be written: it rides in the step's first timer transaction. */
  let unsaved = false;
  const saveClock = () => {
    clock.setNow(t);
    unsaved = false;
  };

  const pace = pacer(clock.realNow);

  async function fireDue(): Promise<number> {
    let fired = 0;
    for (;;) {
      const batch = timers.due(t, BATCH);
      if (batch.length === 0) {
        if (unsaved) saveClock();
        return fired;
      }
      for (const timer of batch) {
        if (deps.fire(timer, unsaved ? saveClock : undefined)) {
          fired++;
          tally.timers[timer.kind] = (tally.timers[timer.kind] ?? 0) + 1;
        }
        await pace();
        if (deps.stopped()) return fired;
      }
    }
  }

  /** Finishes instant `t`; answers the next timer's due time (null: none left). */
  async function settle(): Promise<number | null> {
    let next: number | null = null;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      await fireDue();
      if (deps.stopped()) return null;
      for (const w of deps.dueWork) {
        await w.settle(t);
        count();
        if (deps.stopped()) return null;
      }
      next = timers.nextDueAt();
      if (next === null || next > t) return next;
    }
    return next;
  }

  let next = await settle();
  for (;;) {
    if (deps.stopped()) return;
    if (next === null || next > target) break;
    // Never a step back; after MAX_ROUNDS at one instant the same instant simply goes on as a new step.
    t = Math.max(next, t);
    unsaved = true;
    clock.hold(t);
    tally.at = t;
    tally.steps++;
    next = await settle();
    await pace();
  }
  if (deps.stopped()) return;
  clock.setNow(target);
  tally.at = target;
}
