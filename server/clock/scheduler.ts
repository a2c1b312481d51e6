import type { AdvanceProgress } from '../contract/clock.js';
import { SandboxError } from '../contract/errors.js';
import type { Store } from '../store/index.js';
import type { TimerRecord } from '../store/timers.js';
import type { SandboxClock } from './clock.js';
import type { TimerKind } from './timer-kinds.js';
import { walkTo, type DueTimers, type DueWork, type WalkTally } from './walk.js';

/** Handles one fired timer. Runs inside the transaction that deletes the timer row. */
export type TimerHandler = (refId: number, dueAt: number) => void;

/**
 * Timers of one kind that rows carry themselves, so none is written to the timer table: an
 * operation's expiry is its `expires_at` while it is pending (clock/carried-timers.ts). `due` and
 * `first` answer them earliest first; `claim` says whether one is still due when it fires (the row
 * may have moved on since it was read), as deleting its row does for a stored timer.
 */
export interface CarriedTimers {
  due(now: number, limit: number): { ref_id: number; due_at: number }[];
  first(limit: number): { ref_id: number; due_at: number }[];
  claim(refId: number): boolean;
}

/** Longest real-time sleep between checks; guards against clock jumps and missed wake-ups. */
const MAX_SLEEP_MS = 1000;

/**
 * Persisted timers on the sandbox clock. A timer fires exactly once: its row is deleted in the same
 * transaction as the handler's effects (a carried timer, one a row holds itself, is claimed there
 * instead: the row must still hold it). In real time a single setTimeout sleeps until the earliest
 * timer; `advanceTo` walks sandbox time forward through every due timer, in order.
 * `handlers` is the table of every kind (the sandbox's is `Record<TimerKind, TimerHandler>`, see
 * timer-kinds.ts): only those kinds are read, fired or scheduled; rows of other kinds stay stored.
 */
export function createScheduler<K extends string = TimerKind>(
  store: Store,
  clock: SandboxClock,
  log: (msg: string) => void,
  handlers: Record<K, TimerHandler>,
  carried: Partial<Record<K, CarriedTimers>> = {},
) {
  const byKind = new Map<string, TimerHandler>(Object.entries<TimerHandler>(handlers));
  const kinds: readonly string[] = [...byKind.keys()];
  const carriedKinds = new Map<string, CarriedTimers>(
    Object.entries<CarriedTimers | undefined>(carried).filter((e): e is [string, CarriedTimers] => e[1] !== undefined && byKind.has(e[0])),
  );
  /** Carried timers whose handler failed: never fired again in this process (a stored one is deleted). */
  const failedCarried = new Set<string>();
  const carriedKey = (kind: string, refId: number) => `${kind}#${refId}`;
  /** A carried timer as the walk and `fire` take it; id 0: no timer row stands behind it. */
  const carriedRecords = (kind: string, rows: { ref_id: number; due_at: number }[]): TimerRecord[] =>
    rows.filter((r) => !failedCarried.has(carriedKey(kind, r.ref_id))).map((r) => ({ id: 0, kind, ref_id: r.ref_id, due_at: r.due_at }));
  // Stored rows of a carried kind (none after migration 020) are kept, never fired, like an unknown kind's.
  const storedKinds = kinds.filter((k) => !carriedKinds.has(k));
  const timers: DueTimers = {
    // At one instant stored timers come first (in scheduling order), then carried ones (by ref id).
    due: (now, limit) => {
      const all = store.timers.due(now, limit, storedKinds);
      if (carriedKinds.size === 0) return all;
      for (const [kind, c] of carriedKinds) all.push(...carriedRecords(kind, c.due(now, limit + failedCarried.size)));
      return all.sort((a, b) => a.due_at - b.due_at).slice(0, limit);
    },
    nextDueAt: () => {
      let next = store.timers.nextDueAt(storedKinds);
      for (const [kind, c] of carriedKinds) {
        const first = carriedRecords(kind, c.first(failedCarried.size + 1))[0];
        if (first && (next === null || first.due_at < next)) next = first.due_at;
      }
      return next;
    },
  };
  let sleeper: NodeJS.Timeout | null = null;
  /** Sandbox time the current sleeper wakes at; a timer due later needs no re-arm. */
  let wakeAt = Number.POSITIVE_INFINITY;
  let armQueued = false;
  let running = false;
  const dueWork: DueWork[] = [];
  /** The advance in progress (one at a time), with its running totals. */
  let walking: WalkTally | null = null;
  /** How the running advance describes its progress (set by domain/clock-advance.ts while it runs). */
  let progressReport: (() => AdvanceProgress) | null = null;
  /** Bumped by reset and stop: a walk that sees it change ends where it stands. */
  let epoch = 0;

  /** Fires one timer; false when it was already fired or cancelled. */
  function fire(t: TimerRecord, also?: () => void): boolean {
    const handler = byKind.get(t.kind);
    if (!handler) return false; // never read: `timers` asks only for handled kinds
    const carriedBy = carriedKinds.get(t.kind);
    // Taken out of the due set in the handler's transaction: a stored timer's row is deleted, a carried one must still be due.
    const claim = () => (carriedBy ? carriedBy.claim(t.ref_id) : store.timers.remove(t.id));
    try {
      return store.tx(() => {
        also?.();
        if (!claim()) return false;
        handler(t.ref_id, t.due_at);
        return true;
      });
    } catch (err) {
      log(`timer ${t.kind}#${t.ref_id} failed: ${(err as Error).message}`);
      // Never retry a failing handler forever.
      if (carriedBy) failedCarried.add(carriedKey(t.kind, t.ref_id));
      store.tx(() => {
        also?.(); // rolled back with the handler's writes
        if (!carriedBy) store.timers.remove(t.id);
      });
      return true;
    }
  }

  /** Fires every timer due at the current sandbox time, earliest first. Returns how many fired. */
  function runDue(): number {
    let fired = 0;
    for (;;) {
      const batch = timers.due(clock.now(), 500);
      if (batch.length === 0) return fired;
      for (const t of batch) fire(t);
      fired += batch.length;
    }
  }

  function arm(): void {
    if (!running) return;
    if (sleeper) clearTimeout(sleeper);
    const next = timers.nextDueAt();
    const wait = next === null ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, next - clock.now()));
    wakeAt = clock.now() + wait;
    sleeper = setTimeout(tick, wait);
    sleeper.unref();
  }

  function tick(): void {
    sleeper = null;
    wakeAt = Number.POSITIVE_INFINITY;
    try {
      // An advance fires its own timers, each at its due time.
      if (!walking) runDue();
    } finally {
      arm();
    }
  }

  async function walk(target: number): Promise<WalkTally & { completed: boolean }> {
    const tally: WalkTally = { timers: {}, succeeded: 0, failed: 0, steps: 0, at: clock.now() };
    walking = tally;
    const started = epoch;
    const stopped = () => epoch !== started;
    try {
      await walkTo({ timers, clock, fire, dueWork, stopped }, target, tally);
    } finally {
      // After a reset a new advance may already hold the clock: leave it alone.
      if (!stopped()) clock.release();
      if (walking === tally) walking = null;
      arm();
    }
    return { ...tally, completed: !stopped() };
  }

  /** Says once, at start, which stored timers no handler will fire. */
  function reportUnknownKinds(): void {
    for (const [kind, n] of Object.entries(store.timers.countByKind())) {
      if (!kinds.includes(kind)) log(`${n} stored timer(s) of unknown kind "${kind}" kept, not fired (no handler in this version)`);
    }
  }

  return {
    /**
     * Schedules (or moves) a timer; call inside the transaction of the change that needs it. A carried
     * kind writes nothing (its row holds the due time): the scheduler only wakes in time for it.
     */
    schedule(kind: K, refId: number, dueAt: number): void {
      if (!carriedKinds.has(kind)) store.timers.schedule(kind, refId, dueAt);
      // Re-arm only when this timer is due before the current wake-up (most are hours away), once per turn.
      if (running && dueAt < wakeAt && !armQueued) {
        armQueued = true;
        setImmediate(() => {
          armQueued = false;
          arm();
        });
      }
    },
    /** Cancels a stored timer; a carried one ends with its row's change (an operation leaving pending). */
    cancel(kind: K, refId: number): void {
      if (!carriedKinds.has(kind)) store.timers.cancel(kind, refId);
    },
    runDue,
    /** Registers work an advance awaits at each instant (the delivery worker's due attempts). */
    onDueWork(work: DueWork): void {
      dueWork.push(work);
    },
    /** Totals of the running advance, or null. */
    walking: (): Readonly<WalkTally> | null => walking,
    /** Progress of the running advance for `GET /sandbox/v1/clock/advance`, or null. */
    advanceProgress: (): AdvanceProgress | null => progressReport?.() ?? null,
    /** Set by the advance while it runs, cleared (null) when it ends. */
    reportProgress(fn: (() => AdvanceProgress) | null): void {
      progressReport = fn;
    },
    /**
     * Moves sandbox time forward to `target`, each timer firing at its own due time and the work it
     * causes finished before the clock moves on (server/clock/walk.ts). One advance at a time:
     * another while it runs is refused with 409 CLOCK_BUSY. Answers the totals; `completed` is
     * false when a reset or shutdown cut the walk short.
     */
    advanceTo(target: number): Promise<WalkTally & { completed: boolean }> {
      // Thrown before any await: the caller learns at once and the running advance is untouched.
      if (walking)
        throw new SandboxError('CLOCK_BUSY', 'the sandbox clock is already advancing; wait for that advance to answer, then try again');
      return walk(target);
    },
    start(): void {
      running = true;
      reportUnknownKinds();
      tick();
    },
    stop(): void {
      running = false;
      epoch++;
      if (sleeper) clearTimeout(sleeper);
      sleeper = null;
    },
    /** Ends a running advance where it stands (the database was wiped). */
    interrupt(): void {
      epoch++;
      // Ids start again after a wipe: a new operation must not inherit an old one's failed expiry.
      failedCarried.clear();
      walking = null;
      clock.release();
    },
    /** Re-arms after an external change (pause/resume, reset). */
    rearm: arm,
  };
}
export type Scheduler<K extends string = TimerKind> = ReturnType<typeof createScheduler<K>>;
