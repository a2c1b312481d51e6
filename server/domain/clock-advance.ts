import { isoTime } from '../contract/common.js';
import type { AdvanceProgress, AdvanceResult } from '../contract/clock.js';
import type { SandboxContext } from '../context.js';
import type { WalkTally } from '../clock/walk.js';

/** Real-time period of `clock.advance` progress events while an advance runs. */
const PROGRESS_MS = 250;

/** The advance running in this sandbox (one at a time), for `GET /sandbox/v1/clock/advance`; its reporter lives on the scheduler. */
export const advanceProgress = (ctx: SandboxContext): AdvanceProgress | null => ctx.scheduler.advanceProgress();

/**
 * `POST /sandbox/v1/clock/advance`: walks the clock `minutes` ahead through every timer that falls
 * due (the scheduler's walk), publishing progress on the live stream, and answers the clock with a
 * summary once the target is reached. 409 CLOCK_BUSY while another advance runs.
 */
export async function advanceClock(ctx: SandboxContext, minutes: number): Promise<AdvanceResult> {
  const { clock, scheduler, events } = ctx;
  const from = clock.now();
  const target = from + Math.round(minutes * 60_000);
  const started = clock.realNow();
  const progress = (state: AdvanceProgress['state'], t: Readonly<WalkTally>): AdvanceProgress => ({
    state,
    from: isoTime(from),
    to: isoTime(target),
    at: isoTime(t.at),
    fraction: target > from ? Math.min(1, Math.max(0, (t.at - from) / (target - from))) : 1,
    timers_fired: Object.values(t.timers).reduce((a, b) => a + b, 0),
    attempts_succeeded: t.succeeded,
    attempts_failed: t.failed,
    wall_ms: Math.round(clock.realNow() - started),
  });
  const walk = scheduler.advanceTo(target); // throws CLOCK_BUSY at once while another advance runs
  const live = () => {
    const t = scheduler.walking();
    return t ? progress('running', t) : null;
  };
  const current = () => live() ?? progress('running', { timers: {}, succeeded: 0, failed: 0, steps: 0, at: from });
  scheduler.reportProgress(current);
  events.emit('clock.advance', current());
  const ticker = setInterval(() => {
    const p = live();
    if (p) events.emit('clock.advance', p);
  }, PROGRESS_MS);
  ticker.unref();
  try {
    const tally = await walk;
    events.emit('clock.advance', progress(tally.completed ? 'done' : 'interrupted', tally));
    const view = clock.view();
    events.emit('clock.changed', view);
    return {
      ...view,
      advance: {
        from: isoTime(from),
        to: isoTime(tally.at),
        minutes: (tally.at - from) / 60_000,
        timers: tally.timers,
        attempts: { succeeded: tally.succeeded, failed: tally.failed },
        steps: tally.steps,
        wall_ms: Math.round(clock.realNow() - started),
      },
    };
  } finally {
    clearInterval(ticker);
    scheduler.reportProgress(null);
  }
}
