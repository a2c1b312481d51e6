import { z } from 'zod';
import { isChannelId, OkSchema, OperationStatusSchema, type ChannelId } from './common.js';
import { ProbeLabelSchema, ProbesFilterSchema } from './checks.js';
import { CARD_FAILURE_CODES, CH11_ERROR_REASONS } from './checkout.js';
import { NotificationSchema } from './notifications.js';
import { defineRoute } from './route.js';
import { DialectSchema } from './protocol.js';
import { IdParam, pageOf, pageQuery } from './paging.js';
import { warningDetailsField } from './warnings.js';

/** Who moved an operation: shown on its timeline. */
export const ACTORS = ['merchant_api', 'shopper_page', 'operator', 'control_api', 'clock', 'spei_transfer', 'manual_notify'] as const;
export const ActorSchema = z.enum(ACTORS);
export type Actor = z.infer<typeof ActorSchema>;

export const OperationEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  actor: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type OperationEvent = z.infer<typeof OperationEventSchema>;

/** One row of the console's list. */
export const OperationSummarySchema = z.object({
  id: z.number().int(),
  trans_id: z.string(),
  channel: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  status: OperationStatusSchema,
  filter_by: z.string().nullable(),
  mid_id: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  shopper_name: z.string().nullable(),
  doc_number: z.string().nullable(),
  email: z.string().nullable(),
  protocol: DialectSchema.nullable().describe(
    'the older request format the creation was sent in (a merchant on the legacy protocol); null: the current one',
  ),
  legacy_channel: z
    .number()
    .int()
    .nullable()
    .describe('with protocol: the legacy channel 0–4 as sent (0 all methods, 1 online bank transfer, 2 cash, 3 card, 4 wallet)'),
  check_report: z
    .string()
    .optional()
    .describe("only on a go-live check's probe operation: the report (chk_…) that created it; not one of the merchant's payments"),
  test_label: ProbeLabelSchema.optional().describe('only on a go-live probe operation: `golive:<check id>`'),
});
export type OperationSummary = z.infer<typeof OperationSummarySchema>;

/** The whole operation as the control API answers it, with its timeline; `notifications` is filled by the delivery engine. */
export const OperationSchema = OperationSummarySchema.extend({
  public_key: z.string(),
  token: z.string(),
  checkout_url: z.string(),
  user_bank_code: z.string().nullable(),
  direct_integration: z.boolean(),
  url_ok: z.string(),
  url_error: z.string(),
  shopper: z.record(z.string(), z.unknown()),
  rfc: z.string().nullable(),
  clabe: z.string().nullable(),
  request: z.record(z.string(), z.string()),
  details: z.record(z.string(), z.unknown()),
  warnings: z
    .array(z.string())
    .describe(
      'what the creation was accepted with despite the service: each names the field, the value sent, what ' +
        'the service asks for and what the sandbox did',
    ),
  warning_details: warningDetailsField,
  updated_at: z.string(),
  events: z.array(OperationEventSchema),
  notifications: z.array(NotificationSchema),
});
export type Operation = z.infer<typeof OperationSchema>;

export const OperationListQuerySchema = z.object({
  trans_id: z.string().max(255).optional(),
  status: OperationStatusSchema.optional(),
  channel: z.coerce.number().int().optional(),
  mid_id: z.coerce.number().int().optional(),
  q: z.string().max(255).optional().describe('exact trans_id, document number / RFC or e-mail'),
  created_from: z.iso.datetime({ offset: true }).optional(),
  created_to: z.iso.datetime({ offset: true }).optional(),
  probes: ProbesFilterSchema,
  ...pageQuery(),
});

/** Body of a reject; codes are free text but the console offers the documented ones. */
export const RejectBodySchema = z
  .object({
    rejection_code: z.string().max(64).optional(),
    rejection_message: z.string().max(500).optional(),
    error_reason: z.enum(CH11_ERROR_REASONS).optional().describe("channel 11's failure reason, one of the service's list"),
    card_failure_code: z.enum(CARD_FAILURE_CODES).optional().describe('channel 36 card failure'),
  })
  .strict();
export type RejectBody = z.infer<typeof RejectBodySchema>;

/** The reject fields beyond code and message, each one channel's documented failure list. */
export type RejectExtra = Extract<keyof RejectBody, 'error_reason' | 'card_failure_code'>;

/**
 * Which of those a channel's rejections take: the console's reject dialog offers exactly these, so a
 * new channel says here what it takes (tsc names a missing one) and the dialog needs no edit.
 */
export const CHANNEL_REJECT_EXTRAS: Record<ChannelId, readonly RejectExtra[]> = {
  5: [],
  11: ['error_reason'],
  16: [],
  17: [],
  22: [],
  30: [],
  33: [],
  35: [],
  36: ['card_failure_code'],
  38: [],
  40: [],
  41: [],
};

/** The reject extras of any channel number; one outside the channel table takes none. */
export const rejectExtrasOf = (channel: number): readonly RejectExtra[] => (isChannelId(channel) ? CHANNEL_REJECT_EXTRAS[channel] : []);

const idPath = <V extends string>(verb: V) => `/sandbox/v1/operations/:id/${verb}` as const;
const operationId = z.object({ id: IdParam('operation') });
const transition = <V extends string>(verb: V, summary: string) =>
  defineRoute({
    method: 'POST',
    path: idPath(verb),
    params: operationId,
    summary,
    tags: ['operations'],
    response: OperationSchema,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  });

export const operationRoutes = {
  listOperations: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/operations',
    summary: 'Operations, newest first, keyset-paged',
    tags: ['operations'],
    query: OperationListQuerySchema,
    response: pageOf(OperationSummarySchema),
  }),
  operationStats: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/operations/stats',
    summary: 'Counts by status and channel',
    tags: ['operations'],
    response: z.object({ items: z.array(z.object({ status: z.string(), channel: z.number(), count: z.number() })) }),
  }),
  getOperation: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/operations/:id',
    params: operationId,
    summary: 'One operation with its timeline and notifications',
    tags: ['operations'],
    response: OperationSchema,
    errors: ['NOT_FOUND'],
  }),
  confirmOperation: transition('confirm', 'Confirm a pending operation (success notification follows)'),
  rejectOperation: defineRoute({
    method: 'POST',
    path: idPath('reject'),
    params: operationId,
    summary: 'Reject a pending operation with an optional code and message',
    tags: ['operations'],
    body: RejectBodySchema,
    response: OperationSchema,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'VALIDATION_ERROR'],
  }),
  cancelOperation: transition('cancel', 'Cancel a pending operation'),
  expireOperation: transition('expire', 'Expire a pending operation now'),
};

export { OkSchema };
