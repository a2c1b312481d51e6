import { z } from 'zod';
import { defineRoute } from './route.js';

export const ClockSchema = z.object({
  now: z.string(),
  offset_minutes: z.number(),
  paused: z.boolean(),
});
export type ClockView = z.infer<typeof ClockSchema>;

/** Longest single advance: ten years, as the longest `time_expired` (longer is certainly a mistake). */
export const MAX_ADVANCE_MINUTES = 10 * 365 * 24 * 60;

export const AdvanceClockSchema = z
  .object({
    minutes: z
      .number()
      .positive('minutes must be more than 0: the sandbox clock never moves backwards')
      .max(MAX_ADVANCE_MINUTES, `minutes must be at most ${MAX_ADVANCE_MINUTES} (10 years) in one advance`),
  })
  .strict();

/** What one advance did: timers fired by kind, delivery attempts, the sandbox span and the wall time. */
export const AdvanceSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  minutes: z.number(),
  /** Timers fired, by kind (`operation.expire`, `notification.retry`, `payout.process`, …). */
  timers: z.record(z.string(), z.number().int()),
  /** Scheduled notification attempts sent during the advance, by outcome. */
  attempts: z.object({ succeeded: z.number().int(), failed: z.number().int() }),
  /** Distinct sandbox instants the clock stopped at. */
  steps: z.number().int(),
  wall_ms: z.number(),
});
export type AdvanceSummary = z.infer<typeof AdvanceSummarySchema>;

export const AdvanceResultSchema = ClockSchema.extend({ advance: AdvanceSummarySchema });
export type AdvanceResult = z.infer<typeof AdvanceResultSchema>;

/** Progress of a running advance (live event `clock.advance`, and `GET /sandbox/v1/clock/advance`). */
export const AdvanceProgressSchema = z.object({
  state: z.enum(['running', 'done', 'interrupted']),
  from: z.string(),
  to: z.string(),
  /** Sandbox time the walk stands at. */
  at: z.string(),
  /** 0…1 of the sandbox span walked. */
  fraction: z.number(),
  timers_fired: z.number().int(),
  attempts_succeeded: z.number().int(),
  attempts_failed: z.number().int(),
  wall_ms: z.number(),
});
export type AdvanceProgress = z.infer<typeof AdvanceProgressSchema>;

export const clockRoutes = {
  getClock: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/clock',
    summary: 'Sandbox time',
    tags: ['clock'],
    response: ClockSchema,
  }),
  advanceClock: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/clock/advance',
    summary: 'Advance sandbox time; every timer that falls due fires, in order',
    tags: ['clock'],
    body: AdvanceClockSchema,
    response: AdvanceResultSchema,
    errors: ['VALIDATION_ERROR', 'CLOCK_BUSY'],
    description:
      'Walks the clock through every timer that falls due before the target, in order, and lets each do its ' +
      'whole work at its own sandbox time: a notification attempt is sent and its answer (or timeout) awaited, ' +
      'and the retry it schedules fires in the same advance when it falls before the target. At each instant, ' +
      'timers fire first (in scheduling order), then every notification due is sent, concurrently. Answers once ' +
      `the clock reached the target, with a summary. At most ${MAX_ADVANCE_MINUTES} minutes (10 years); a second ` +
      'advance while one runs answers 409 CLOCK_BUSY. Progress is published as `clock.advance` live events.',
  }),
  advanceProgress: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/clock/advance',
    summary: 'Progress of the running advance (null when none runs)',
    tags: ['clock'],
    response: AdvanceProgressSchema.nullable(),
  }),
  pauseClock: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/clock/pause',
    summary: 'Freeze sandbox time',
    tags: ['clock'],
    response: ClockSchema,
  }),
  resumeClock: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/clock/resume',
    summary: 'Let sandbox time flow again from where it was frozen',
    tags: ['clock'],
    response: ClockSchema,
  }),
};
