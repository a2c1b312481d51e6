import { z } from 'zod';
import { defineRoute } from './route.js';

export const ConsoleSessionSchema = z.object({
  ok: z.literal(true),
  /** A control token is configured (other machines may use the console with it). */
  shared: z.boolean(),
});
export type ConsoleSession = z.infer<typeof ConsoleSessionSchema>;

export const accessRoutes = {
  openConsoleSession: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/session',
    summary: 'Trade the control token (Authorization: Bearer) for a console session cookie',
    description:
      'Shared team sandbox: a browser on another machine presents the control token once; the answer sets ' +
      'an HttpOnly, SameSite=Strict session cookie (not the token) that the console and its live stream ' +
      'carry for the rest of the browser session. Loopback clients need neither.',
    tags: ['access'],
    response: ConsoleSessionSchema,
    errors: ['UNAUTHORIZED', 'FORBIDDEN'],
  }),
};
