import { z } from 'zod';
import { ProbeLabelSchema, ProbesFilterSchema } from './checks.js';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './paging.js';

/** What a notification is about: payment outcomes and the two payout deliveries (the item's channel address, the merchant's payout URL). */
export const NOTIFICATION_KINDS = ['success', 'rejection', 'payout_callback', 'payout_notification'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const NOTIFICATION_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const NotificationStatusSchema = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

/**
 * Hand-made test deliveries (resend with edits), each its own row marked with this label:
 * `broken_signature` same payload with a wrong signature; `duplicate` the same delivery again with the
 * same notification id; `out_of_order` a rejection after a success (or a success after a rejection);
 * `changed_fields` the payload with the given fields replaced (re-signed unless `resign` is false).
 */
export const TEST_LABELS = ['broken_signature', 'duplicate', 'out_of_order', 'changed_fields'] as const;
export const TestLabelSchema = z.enum(TEST_LABELS);
export type TestLabel = z.infer<typeof TestLabelSchema>;

/** One delivery attempt (request, answer, latency, error), plus who caused it. */
export const NotificationAttemptSchema = z.object({
  at: z.string().describe('sandbox time the attempt started, ISO 8601 UTC'),
  url: z.string(),
  request: z.object({ headers: z.record(z.string(), z.string()), body: z.string() }),
  response_status: z.number().int().nullable(),
  response_body: z.string().nullable().describe('first 2,000 characters'),
  latency_ms: z.number().nullable(),
  error: z.string().nullable().describe('timeout, refused connection, or a non-200/203 status'),
  source: z.enum(['automatic', 'manual']).describe('automatic: first try and the retry schedule; manual: a resend'),
});
export type NotificationAttempt = z.infer<typeof NotificationAttemptSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  public_id: z.string().describe('the stable X-Sandbox-Notification-Id'),
  kind: z.string(),
  status: NotificationStatusSchema,
  operation_id: z.number().int().nullable(),
  payout_id: z.number().int().nullable(),
  mid_id: z.number().int(),
  url: z.string(),
  content_type: z.string(),
  body: z.string().describe('the exact body sent'),
  fields: z.record(z.string(), z.string()).nullable().describe('the form fields of a form body'),
  test_label: z
    .union([TestLabelSchema, ProbeLabelSchema])
    .nullable()
    .describe("set on hand-made test deliveries, and `golive:<check id>` on a go-live probe (not one of the merchant's own)"),
  test_of: z.number().int().nullable().describe('the notification a test delivery was made from'),
  notification_id_header: z.string().describe('value sent in X-Sandbox-Notification-Id'),
  attempt_count: z.number().int().describe('every attempt, automatic and manual'),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  attempts: z.array(NotificationAttemptSchema),
});
export type Notification = z.infer<typeof NotificationSchema>;

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const NotificationListQuerySchema = z.object({
  operation_id: idParam.optional(),
  payout_id: idParam.optional(),
  status: NotificationStatusSchema.optional(),
  kind: NotificationKindSchema.optional(),
  trans_id: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe("the payment's trans_id, exactly as sent: the notifications of every operation created with it"),
  probes: ProbesFilterSchema,
  order: z
    .enum(['newest', 'failed_first'])
    .default('newest')
    .describe('failed_first: failed deliveries first, then the rest; each newest first'),
  limit: pageQuery().limit,
  cursor: z
    .string()
    .regex(/^\d{1,15}(-[01])?$/, 'cursor must be the next_cursor of a previous page')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

const fieldName = z.string().regex(/^[A-Za-z0-9_.[\]-]{1,64}$/, 'field names are 1-64 letters, digits, _ . - [ ]');

/** Body of a resend. Empty: the same delivery again (a new attempt on the same row). */
export const ResendBodySchema = z
  .object({
    test: TestLabelSchema.optional().describe('make a labelled test delivery instead of resending the original'),
    fields: z
      .record(fieldName, z.string().max(2000).nullable())
      .optional()
      .describe('with test "changed_fields": fields to replace or add; null removes one'),
    resign: z.boolean().optional().describe('with test "changed_fields": recompute the signature after the edits (default true)'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const edits = b.fields ? Object.keys(b.fields).length : 0;
    if (b.test === 'changed_fields' && edits === 0)
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'changed_fields needs at least one field' });
    if (edits > 50) ctx.addIssue({ code: 'custom', path: ['fields'], message: 'at most 50 fields' });
    if (b.test !== 'changed_fields' && (b.fields !== undefined || b.resign !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'fields and resign apply only with test "changed_fields"' });
    }
  });
export type ResendBody = z.infer<typeof ResendBodySchema>;

/** A notification's numeric id or its `ntf_…` public id (the delivery engine resolves both). */
const notificationRef = z.object({ id: z.string() });

export const notificationRoutes = {
  listNotifications: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/notifications',
    summary: 'Notifications with every attempt, newest first (or failed first), keyset-paged',
    description:
      'Filters combine: `operation_id`, `payout_id`, `status`, `kind`, and `trans_id` (exact match on the trans_id the ' +
      'merchant sent; every operation created with it, test deliveries made from their notifications included).',
    tags: ['notifications'],
    query: NotificationListQuerySchema,
    response: pageOf(NotificationSchema),
    errors: ['VALIDATION_ERROR'],
  }),
  getNotification: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/notifications/:id',
    params: notificationRef,
    summary: 'One notification (numeric id or public id) with every attempt',
    tags: ['notifications'],
    response: NotificationSchema,
    errors: ['NOT_FOUND'],
  }),
  resendNotification: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/notifications/:id/resend',
    params: notificationRef,
    summary: 'Send a notification again now (a new attempt, history kept), or a labelled test delivery made from it',
    description:
      'Answers after the attempt finishes (at most the 10 s delivery timeout). Without `test`: a new attempt on the same ' +
      'notification; a success marks it delivered. With `test`: a new notification row labelled with the test kind, ' +
      'delivered once (no retries), answered instead of the original.',
    tags: ['notifications'],
    body: ResendBodySchema,
    response: NotificationSchema,
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
  }),
};
