import { z } from 'zod';
import { RecordingSchema } from './scenarios.js';
import { IdParam, pageOf, pageQuery } from './paging.js';
import { defineRoute } from './route.js';

/*
 * Incident replay (contract §12): an HTTP Archive of a merchant's calls to the real service, sent
 * to this sandbox entry by entry, with drift between production's answers and the sandbox's.
 */

/** A replay body may carry a whole HAR export: this route's own limit (every other route keeps its own). */
export const REPLAY_BODY_LIMIT = 16 * 1024 * 1024;

const nameValue = z.looseObject({ name: z.string(), value: z.string().optional() });

/**
 * The parts of a HAR 1.2 entry the replay reads. Exporters add their own members (Chrome's
 * `_initiator`, `_resourceType`; mitmproxy's `null` timings; Insomnia's file params), and leave
 * out members the format calls required but the replay does not need, so only these are checked.
 */
export const HarEntrySchema = z.looseObject({
  startedDateTime: z.string().optional(),
  request: z.looseObject({
    method: z.string().min(1),
    url: z.string().min(1),
    headers: z.array(nameValue).optional(),
    bodySize: z.number().optional(),
    postData: z
      .looseObject({
        mimeType: z.string().optional(),
        text: z.string().optional(),
        /** Not in HAR 1.2; some exporters mark a base64 request body with it. */
        encoding: z.string().optional(),
        params: z
          .array(
            z.looseObject({
              name: z.string(),
              value: z.string().optional(),
              fileName: z.string().optional(),
              contentType: z.string().optional(),
            }),
          )
          .optional(),
      })
      .optional(),
  }),
  response: z.looseObject({
    status: z.number().int(),
    headers: z.array(nameValue).optional(),
    content: z
      .looseObject({
        size: z.number().optional(),
        mimeType: z.string().optional(),
        text: z.string().optional(),
        encoding: z.string().optional(),
      })
      .optional(),
  }),
});
export type HarEntry = z.infer<typeof HarEntrySchema>;

export const HarSchema = z.looseObject({
  log: z.looseObject({
    version: z.string().optional(),
    creator: z.looseObject({ name: z.string().optional() }).optional(),
    entries: z.array(HarEntrySchema),
  }),
});
export type Har = z.infer<typeof HarSchema>;

/**
 * A notification the merchant received in production: the form body as a string, or an object.
 * Only `trans_ID` (also `trans_id`) and, for a rejection, `rejection_code` / `rejection_message` are read.
 */
export const ProductionNotificationSchema = z.union([z.string().max(64 * 1024), z.record(z.string(), z.unknown())]);

export const ReplayBodySchema = z
  .object({
    har: z.unknown().describe('an HTTP Archive 1.2 object `{log: {entries: [...]}}` (or its JSON text)'),
    merchant: z.string().min(1).max(255).optional().describe('public_key of the merchant to replay as (default the demo merchant)'),
    notifications: z.array(ProductionNotificationSchema).max(10_000).optional(),
  })
  .strict();

export const REPLAY_KINDS = [
  'creation',
  'operation_query',
  'manual_notify',
  'payout_login',
  'payout_batch',
  'payout_list',
  'payout_get',
  'other',
] as const;
export const ReplayKindSchema = z.enum(REPLAY_KINDS);
export type ReplayKind = z.infer<typeof ReplayKindSchema>;

/** One recorded or replayed answer: status and body text (null when not recorded). */
export const ReplayAnswerSchema = z.object({
  status: z.number().int(),
  body: z.string().nullable(),
  /** The HAR kept only part of the body: only the status is compared. */
  truncated: z.boolean().optional(),
});

/** One difference between production's answer and the sandbox's; `path` points into the entry's answers. */
export const DriftItemSchema = z.object({
  path: z.string(),
  production: z.unknown(),
  sandbox: z.unknown(),
  note: z.string(),
});
export type DriftItem = z.infer<typeof DriftItemSchema>;

export const ReplayEntrySchema = z.object({
  index: z.number().int(),
  method: z.string(),
  path: z.string(),
  kind: ReplayKindSchema,
  action: z.enum(['replayed', 'skipped']),
  skip_reason: z.string().optional(),
  operation_id: z.number().int().optional(),
  production: ReplayAnswerSchema,
  /** null when skipped. */
  sandbox: ReplayAnswerSchema.nullable(),
  drift: z.array(DriftItemSchema),
});
export type ReplayEntry = z.infer<typeof ReplayEntrySchema>;

/** What each production notification drove: the replayed operation and its new status, or why not. */
export const ReplayOutcomeSchema = z.object({
  index: z.number().int(),
  trans_id: z.string(),
  outcome: z.enum(['confirmed', 'rejected']),
  rejection_code: z.string().optional(),
  rejection_message: z.string().optional(),
  operation_id: z.number().int().nullable(),
  applied: z.boolean(),
  reason: z.string().optional(),
});
export type ReplayOutcome = z.infer<typeof ReplayOutcomeSchema>;

export const ReplayReportSchema = z.object({
  id: z.number().int(),
  merchant: z.string(),
  /** The HAR's creator (browser, proxy or client that exported it), when named. */
  source: z.string().nullable(),
  created_at: z.string(),
  entries: z.array(ReplayEntrySchema),
  operations: z.array(z.number().int()),
  outcomes: z.array(ReplayOutcomeSchema),
  drift_count: z.number().int(),
});
export type ReplayReport = z.infer<typeof ReplayReportSchema>;

export const ReplaySummarySchema = z.object({
  id: z.number().int(),
  merchant: z.string(),
  source: z.string().nullable(),
  created_at: z.string(),
  entries: z.number().int(),
  replayed: z.number().int(),
  skipped: z.number().int(),
  operations: z.number().int(),
  drift_count: z.number().int(),
});
export type ReplaySummary = z.infer<typeof ReplaySummarySchema>;

/** What the sandbox was sent for one replayed entry, kept beside the report for the scenario recorder. */
export const ReplaySentSchema = z.object({
  index: z.number().int(),
  kind: ReplayKindSchema,
  method: z.string(),
  path: z.string(),
  content_type: z.string().nullable(),
  /** A form or JSON body's fields as sent (re-signed); null for other bodies. */
  fields: z.record(z.string(), z.string()).nullable(),
  /** The body text when it is not a form (payout batches). */
  body: z.string().nullable(),
  authorization: z.enum(['valid', 'wrong', 'missing']),
  status: z.number().int(),
  response_body: z.string(),
  operation_id: z.number().int().nullable(),
});
export type ReplaySent = z.infer<typeof ReplaySentSchema>;

const replayId = z.object({ id: IdParam('replay') });

export const replayRoutes = {
  runReplay: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/replays',
    summary: "Replay a HAR of a merchant's production calls against this sandbox; answers the report with drift",
    tags: ['replay'],
    body: ReplayBodySchema,
    response: ReplayReportSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_JSON', 'UNSUPPORTED_CONTENT_TYPE', 'PAYLOAD_TOO_LARGE'],
    description:
      "Body up to 16 MiB. Entries whose path is one of the service's (creation paths, also under a leading /justpay; /api/operations; " +
      '/api/notify; /api/login; /api/transactions/…) are sent to this sandbox in order, whatever their host, through its own merchant ' +
      "API; creations, queries and notifies are re-signed with the merchant's secret; payout calls use its login and token. Other " +
      'entries, CORS preflights, truncated request bodies and channels the sandbox does not have (when production accepted them) are ' +
      '`skipped` with a reason. A body that is not HAR, or a bad notification, refuses the whole replay (400, first bad path) and ' +
      'sends nothing. `notifications` drive each replayed operation with that trans_ID to the same outcome (confirm, or reject with ' +
      'the code and message). Drift: status, error code, the set of JSON keys at every path (`[*]` merges array items), the checkout ' +
      'address shape; a key difference reads `"present"` / `"absent"`. Progress: live event `replay.progress`.',
  }),
  listReplays: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/replays',
    summary: 'Kept replay reports, newest first',
    tags: ['replay'],
    query: z.object(pageQuery()),
    response: pageOf(ReplaySummarySchema),
  }),
  getReplay: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/replays/:id',
    params: replayId,
    summary: 'One kept replay report',
    tags: ['replay'],
    response: ReplayReportSchema,
    errors: ['NOT_FOUND'],
  }),
  replayMarkdown: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/replays/:id/report.md',
    params: replayId,
    summary: 'One kept replay report as Markdown, for a support ticket',
    tags: ['replay'],
    response: z.string(),
    responseContentType: 'text/markdown',
    errors: ['NOT_FOUND'],
  }),
  replayScenario: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/replays/:id/scenario',
    params: replayId,
    summary: 'A scenario file that replays the incident, so it becomes a regression test',
    tags: ['replay'],
    response: RecordingSchema,
    errors: ['NOT_FOUND'],
  }),
};
