import type { SettingsRepo } from '../store/settings.js';

/** Anything that tells sandbox time, in epoch milliseconds. */
export interface Clock {
  now(): number;
}

interface ClockState {
  offset_ms: number;
  /** Sandbox time at which the clock was frozen, or null while time flows. */
  paused_at: number | null;
}

const KEY = 'clock';
const FLOWING: ClockState = { offset_ms: 0, paused_at: null };

/**
 * The sandbox clock: real time plus an offset, optionally frozen. The only code that reads the
 * wall clock (`realNow`, injectable for tests). State is persisted so a restart keeps sandbox time.
 */
export function createSandboxClock(settings: SettingsRepo, realNow: () => number = Date.now) {
  let state = settings.get<ClockState>(KEY, FLOWING);
  const save = (s: ClockState) => {
    state = s;
    settings.set(KEY, s);
  };
  /** While timers fire during an advance, time stands at each timer's due time. */
  let held: number | null = null;
  const now = () => held ?? state.paused_at ?? realNow() + state.offset_ms;

  return {
    now,
    /** Real wall-clock time, for latency measurement and timeouts only. */
    realNow,
    view: () => ({
      now: new Date(now()).toISOString(),
      offset_minutes: Math.round(((state.paused_at ?? realNow() + state.offset_ms) - realNow()) / 600) / 100,
      paused: state.paused_at !== null,
    }),
    /** Moves sandbox time to `t` (never backwards). */
    setNow(t: number): void {
      const target = Math.max(t, now());
      if (state.paused_at !== null) save({ ...state, paused_at: target });
      else save({ offset_ms: target - realNow(), paused_at: null });
    },
    /** Stands time still at `t` (in memory) until `release()`. */
    hold(t: number): void {
      held = Math.max(t, now());
    },
    release(): void {
      held = null;
    },
    pause(): void {
      if (state.paused_at === null) save({ ...state, paused_at: now() });
    },
    resume(): void {
      if (state.paused_at !== null) save({ offset_ms: state.paused_at - realNow(), paused_at: null });
    },
    /** Back to real time (sandbox reset). */
    reset(): void {
      save(FLOWING);
    },
    /** Re-reads the persisted state (after the settings table was wiped). */
    reload(): void {
      state = settings.get<ClockState>(KEY, FLOWING);
    },
  };
}
export type SandboxClock = ReturnType<typeof createSandboxClock>;
