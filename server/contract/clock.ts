import { z } from 'zod';
import { defineRoute } from './route.js';

export const ClockSchema = z.object({
  now: z.string(),
  offset_minutes: z.number(),
  paused: z.boolean(),
});
export type ClockView = z.infer<typeof ClockSchema>;

export const AdvanceClockSchema = z.object({
  minutes: z.number().positive().max(60 * 24 * 366),
}).strict();

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
    response: ClockSchema,
    errors: ['VALIDATION_ERROR'],
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
