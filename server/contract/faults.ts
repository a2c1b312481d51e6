import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Fault injection: rules that make the merchant API misbehave on purpose, so a merchant
 * can test its timeouts, retries and idempotency. Every injected fault is marked in the request log.
 */
export const FAULT_KINDS = [
  'latency',
  'creation_error',
  'server_error',
  'drop_connection',
  'notification_delay',
  'notification_duplicate',
] as const;
export const FaultKindSchema = z.enum(FAULT_KINDS);
export type FaultKind = z.infer<typeof FaultKindSchema>;

/** Which merchant API requests a rule applies to (notification kinds ignore it). */
export const FAULT_TARGETS = ['creation', 'operations_query', 'notify', 'payouts', 'any'] as const;
export const FaultTargetSchema = z.enum(FAULT_TARGETS);
export type FaultTarget = z.infer<typeof FaultTargetSchema>;

const NOTIFICATION_KINDS: readonly FaultKind[] = ['notification_delay', 'notification_duplicate'];
export const isNotificationFault = (k: FaultKind): boolean => NOTIFICATION_KINDS.includes(k);

/** A rule as written by the operator. */
export const FaultRuleInputSchema = z
  .object({
    kind: FaultKindSchema,
    /** null or absent: sandbox-wide; otherwise only this merchant's requests and notifications. */
    public_key: z.string().min(1).max(255).nullable().default(null),
    target: FaultTargetSchema.optional().describe(
      'merchant API requests it applies to; default creation for creation_error, any otherwise',
    ),
    /** How many more times it fires; null: every matching request until removed. */
    remaining: z.number().int().min(1).max(1_000_000).nullable().default(null),
    /** latency: real milliseconds added before the answer. */
    latency_ms: z.number().int().min(1).max(20_000).optional(),
    /** notification_delay: sandbox minutes the first attempt waits. */
    delay_minutes: z
      .number()
      .positive()
      .max(60 * 24 * 30)
      .optional(),
    enabled: z.boolean().default(true),
    label: z.string().max(200).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.kind === 'latency' && r.latency_ms === undefined)
      ctx.addIssue({ code: 'custom', path: ['latency_ms'], message: 'latency rules need latency_ms' });
    if (r.kind !== 'latency' && r.latency_ms !== undefined)
      ctx.addIssue({ code: 'custom', path: ['latency_ms'], message: 'only latency rules take latency_ms' });
    if (r.kind === 'notification_delay' && r.delay_minutes === undefined)
      ctx.addIssue({ code: 'custom', path: ['delay_minutes'], message: 'notification_delay rules need delay_minutes' });
    if (r.kind !== 'notification_delay' && r.delay_minutes !== undefined)
      ctx.addIssue({ code: 'custom', path: ['delay_minutes'], message: 'only notification_delay rules take delay_minutes' });
    if (r.kind === 'creation_error' && r.target !== undefined && r.target !== 'creation')
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'creation_error applies to creations only' });
    if (isNotificationFault(r.kind) && r.target !== undefined)
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'notification faults apply to notifications, not to API paths' });
  });
export type FaultRuleInput = z.input<typeof FaultRuleInputSchema>;

/** A stored rule. */
export const FaultRuleSchema = z.object({
  id: z.string(),
  kind: FaultKindSchema,
  public_key: z.string().nullable(),
  target: FaultTargetSchema.nullable(),
  remaining: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  delay_minutes: z.number().nullable(),
  enabled: z.boolean(),
  label: z.string().nullable(),
  /** How many times it fired. */
  fired: z.number().int(),
  created_at: z.string(),
});
export type FaultRule = z.infer<typeof FaultRuleSchema>;

export const FaultListSchema = z.object({ rules: z.array(FaultRuleSchema) });

export const ReplaceFaultsSchema = z.object({ rules: z.array(FaultRuleInputSchema).max(100) }).strict();

export const PatchFaultSchema = z
  .object({
    enabled: z.boolean(),
    remaining: z.number().int().min(1).max(1_000_000).nullable(),
    latency_ms: z.number().int().min(1).max(20_000),
    delay_minutes: z
      .number()
      .positive()
      .max(60 * 24 * 30),
    label: z.string().max(200),
  })
  .partial()
  .strict();

const faultId = z.object({ id: z.string() });

export const faultRoutes = {
  listFaults: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/faults',
    summary: 'Fault injection rules, with how often each fired',
    tags: ['faults'],
    response: FaultListSchema,
  }),
  replaceFaults: defineRoute({
    method: 'PUT',
    path: '/sandbox/v1/faults',
    summary: 'Replace every fault rule with the given list',
    tags: ['faults'],
    body: ReplaceFaultsSchema,
    response: FaultListSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
    description:
      'Kinds: latency (latency_ms added before the answer), creation_error (400 CREATION_ERROR), server_error (500 INTERNAL_ERROR), ' +
      'drop_connection (socket destroyed, no answer), notification_delay (first attempt waits delay_minutes of sandbox time), ' +
      'notification_duplicate (the notification is sent twice). `remaining` counts the next N matching requests; null fires until ' +
      'removed. `public_key` limits a rule to one merchant (multipart creations are matched by sandbox-wide rules only). Every ' +
      "injected fault is marked in the request log with a note starting 'fault:'.",
  }),
  addFault: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/faults',
    summary: 'Add one fault rule',
    tags: ['faults'],
    body: FaultRuleInputSchema,
    response: FaultRuleSchema,
    status: 201,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  patchFault: defineRoute({
    method: 'PATCH',
    path: '/sandbox/v1/faults/:id',
    params: faultId,
    summary: 'Switch a fault rule on or off, or change its counter',
    tags: ['faults'],
    body: PatchFaultSchema,
    response: FaultRuleSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  deleteFault: defineRoute({
    method: 'DELETE',
    path: '/sandbox/v1/faults/:id',
    params: faultId,
    summary: 'Remove one fault rule',
    tags: ['faults'],
    response: FaultListSchema,
    errors: ['NOT_FOUND'],
  }),
  clearFaults: defineRoute({
    method: 'DELETE',
    path: '/sandbox/v1/faults',
    summary: 'Remove every fault rule',
    tags: ['faults'],
    response: FaultListSchema,
  }),
};
