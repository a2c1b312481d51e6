import { z } from 'zod';
import { AdvanceProgressSchema, ClockSchema } from './clock.js';
import { OperationStatusSchema } from './common.js';

/**
 * The typed event map of the sandbox: what happened, for the console's live stream. One zod
 * schema per event, so the server's bus and the console's parser read the same shapes.
 * Payloads are small: ids and statuses; the console fetches details through the control API.
 */
export const sandboxEventSchemas = {
  'operation.created': z.object({ id: z.number(), channel: z.number(), status: OperationStatusSchema, merchant_id: z.number() }),
  'operation.changed': z.object({ id: z.number(), status: OperationStatusSchema, from: OperationStatusSchema }),
  'notification.changed': z.object({
    id: z.number(),
    status: z.string(),
    operation_id: z.number().nullable(),
    payout_id: z.number().nullable(),
  }),
  'spei.transfer': z.object({ id: z.number(), matched_operation_id: z.number().nullable() }),
  'payout.changed': z.object({ id: z.number(), payroll_id: z.number(), status: z.string() }),
  'merchant.changed': z.object({ public_key: z.string() }),
  'clock.changed': ClockSchema,
  /** Progress of a clock advance: at its start, every ~250 ms while it runs, and at its end. */
  'clock.advance': AdvanceProgressSchema,
  'request.logged': z.object({ method: z.string(), path: z.string(), status: z.number() }),
  'sandbox.reset': z.object({}),
  /** Progress of an incident replay: at its start, every ~200 ms while it runs, and at its end. */
  'replay.progress': z.object({ id: z.number(), done: z.number(), total: z.number(), finished: z.boolean() }),
};

export type SandboxEventName = keyof typeof sandboxEventSchemas;
export type SandboxEvents = { [K in SandboxEventName]: z.infer<(typeof sandboxEventSchemas)[K]> };
