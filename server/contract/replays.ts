import { z } from 'zod';
import { SERVICE_CALL_KINDS } from './call-kinds.js';
import { RecordingSchema } from './scenarios.js';
import { IdParam, pageOf, pageQuery } from './paging.js';
import { defineRoute } from './route.js';

/*
 * Incident replay: an HTTP Archive of a merchant's calls to the real service, sent
 * to this sandbox entry by entry, with drift between production's answers and the sandbox's.
 */

/** A replay body may carry a whole HAR export: this route's own limit (every other route keeps its own). */
export const REPLAY_BODY_LIMIT = 16 * 1024 * 1024;
/** Entries one replay takes (more: 413 HAR_TOO_LARGE). */
export const MAX_REPLAY_ENTRIES = 10_000;
/** Drift items kept per entry; the rest are counted in `drift_more`. */
export const MAX_DRIFT_ITEMS = 50;
/** Bytes of each body a kept report stores (the comparison reads the whole body). */
export const STORED_BODY_BYTES = 4096;
/**
 * JSON members (object keys and array items) one archive entry, one notification, or the rest of a
 * replay body may hold: each is taken in one step, so none may hold the event loop (more: 413).
 */
export const MAX_PIECE_MEMBERS = 20_000;
/** Members of a recorded JSON answer drift compares; of a larger one, the first ones (the entry says so). */
export const COMPARED_MEMBERS = 20_000;

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
 * A notification the merchant received in production: the form body as a string, or an object. A
 * payment notification is read for `trans_ID` (also `trans_id`), `amount`, `currency`, `time` and, for
 * a rejection, `rejection_code` / `rejection_message`; a payout callback (`reference, otp_code,
 * id_platform, credit_note, order_id`) for `credit_note` and `order_id`.
 */
export const ProductionNotificationSchema = z.union([z.string().max(64 * 1024), z.record(z.string(), z.unknown())]);

export const ReplayBodySchema = z
  .object({
    har: z.unknown().describe('an HTTP Archive 1.2 object `{log: {entries: [...]}}` (or its JSON text)'),
    merchant: z.string().min(1).max(255).optional().describe('public_key of the merchant to replay as (default the demo merchant)'),
    notifications: z.array(ProductionNotificationSchema).max(10_000).optional(),
    send_payout_callbacks: z
      .boolean()
      .optional()
      .describe('send payout callbacks to the addresses recorded in the archive (default false: held back, and listed in the report)'),
  })
  .strict();

/** What a recorded entry is: one of the service's calls, which a replay re-sends, or anything else. */
export const REPLAY_KINDS = [...SERVICE_CALL_KINDS, 'other'] as const;
export const ReplayKindSchema = z.enum(REPLAY_KINDS);
export type ReplayKind = z.infer<typeof ReplayKindSchema>;

/** One recorded or replayed answer: status and body text (null when not recorded). */
export const ReplayAnswerSchema = z.object({
  status: z.number().int(),
  body: z.string().nullable(),
  /** `error.code` of a JSON error answer. */
  code: z.string().nullable().optional(),
  /** The HAR kept only part of the body: only the status is compared. */
  truncated: z.boolean().optional(),
  /** The stored body is the first STORED_BODY_BYTES of it (drift was read from the whole). */
  clipped: z.boolean().optional(),
});
export type ReplayAnswer = z.infer<typeof ReplayAnswerSchema>;

/**
 * What a drift item is about, so a reader can say it in its own language from `path`, `production`,
 * `sandbox` (and `keys`): status, error code, a refusal on one side only (the other side's keys
 * listed), a key on one side only, a different kind of value, the checkout address's shape, the form
 * of the body (JSON, address, text), and the values code branches on (operation status, payout
 * status, transfer_status).
 */
export const DRIFT_KINDS = [
  'status',
  'error_code',
  'refusal',
  'key_missing',
  'key_extra',
  'value_kind',
  'address_shape',
  'body_form',
  'operation_status',
  'payout_status',
  'transfer_status',
] as const;
export const DriftKindSchema = z.enum(DRIFT_KINDS);
export type DriftKind = z.infer<typeof DriftKindSchema>;

/** One difference between production's answer and the sandbox's; `path` points into the entry's answers. */
export const DriftItemSchema = z.object({
  kind: DriftKindSchema,
  path: z.string(),
  production: z.unknown(),
  sandbox: z.unknown(),
  /** refusal: the keys the accepted answer has that the refusal lacks (at most 50 named). */
  keys: z.array(z.string()).optional(),
  note: z.string(),
});
export type DriftItem = z.infer<typeof DriftItemSchema>;

/** Why an entry was not replayed, as a code (the console words it) with its values. */
export const SKIP_CODES = [
  'not_absolute_url',
  'not_http',
  'not_service',
  'checkout_page',
  'preflight',
  'never_completed',
  'truncated_body',
  'invalid_base64',
  'unknown_channel',
  'reset',
  'no_answer',
] as const;
export const SkipCodeSchema = z.enum(SKIP_CODES);
export type SkipCode = z.infer<typeof SkipCodeSchema>;
export const ReplaySkipSchema = z.object({ code: SkipCodeSchema, params: z.record(z.string(), z.union([z.string(), z.number()])) });
export type ReplaySkip = z.infer<typeof ReplaySkipSchema>;

/**
 * What the replay did to an entry beyond re-signing it: a body sent as the UTF-8 bytes an exporter
 * showed one character per byte, a body sent in the charset its request named, a credential spoiled
 * as production's was (so the refusal is reproduced), a production outcome applied before it, a
 * recorded answer too large to compare whole (`members` it holds, the first `compared` compared).
 */
export const ENTRY_NOTE_CODES = ['latin1_view', 'charset', 'refusal_reproduced', 'outcome_before', 'compared_in_part'] as const;
export const EntryNoteSchema = z.object({
  code: z.enum(ENTRY_NOTE_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type EntryNote = z.infer<typeof EntryNoteSchema>;

export const ReplayEntrySchema = z.object({
  index: z.number().int(),
  method: z.string(),
  path: z.string(),
  kind: ReplayKindSchema,
  action: z.enum(['replayed', 'skipped']),
  skip_reason: z.string().optional(),
  skip: ReplaySkipSchema.optional(),
  operation_id: z.number().int().optional(),
  production: ReplayAnswerSchema,
  /** null when skipped. */
  sandbox: ReplayAnswerSchema.nullable(),
  drift: z.array(DriftItemSchema),
  /** Drift items past the first MAX_DRIFT_ITEMS, counted, not listed. */
  drift_more: z.number().int().optional(),
  notes: z.array(EntryNoteSchema).optional(),
});
export type ReplayEntry = z.infer<typeof ReplayEntrySchema>;

/** Why an outcome was not applied, as a code (the console words it). */
export const OUTCOME_REASON_CODES = ['no_operation', 'no_match', 'not_pending', 'no_payout', 'transition', 'reset'] as const;

/**
 * What each production notification drove: the replayed operation (or payout item, for a payout
 * callback) and its new status, or why not; `before_entry` is the entry it was applied before
 * (absent: after the last entry).
 */
export const ReplayOutcomeSchema = z.object({
  index: z.number().int(),
  kind: z.enum(['payment', 'payout']).optional(),
  trans_id: z.string(),
  outcome: z.enum(['confirmed', 'rejected', 'approved']),
  rejection_code: z.string().optional(),
  rejection_message: z.string().optional(),
  credit_note: z.string().optional(),
  operation_id: z.number().int().nullable(),
  payout_id: z.number().int().optional(),
  before_entry: z.number().int().optional(),
  applied: z.boolean(),
  reason: z.string().optional(),
  reason_code: z.enum(OUTCOME_REASON_CODES).optional(),
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
  /** Payout callbacks not sent to the addresses recorded in the archive (the operator did not ask for them). */
  held_callbacks: z.array(z.object({ payout_id: z.number().int(), address: z.string() })).optional(),
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
  authorization: z.enum(['valid', 'wrong', 'missing', 'expired']),
  /** The credential refusal production gave and the replay reproduced (the scenario keeps it a refusal). */
  refusal: z.string().nullable().optional(),
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
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_JSON', 'UNSUPPORTED_CONTENT_TYPE', 'PAYLOAD_TOO_LARGE', 'HAR_TOO_LARGE'],
    description:
      "Body up to 16 MiB. Entries whose path is one of the service's (creation paths, also under a leading /justpay; /api/operations; " +
      '/api/notify; /api/login; /api/transactions/…) are sent to this sandbox in order, whatever their host, through its own merchant ' +
      "API; creations, queries and notifies are re-signed with the merchant's secret; payout calls use its login and token. Other " +
      'entries, CORS preflights, truncated request bodies and channels the sandbox does not have (when production accepted them) are ' +
      '`skipped` with a reason. A body that is not HAR, or a bad notification, refuses the whole replay (400, first bad path) and ' +
      'sends nothing. `notifications` drive each replayed operation with that trans_ID to the same outcome (confirm, or reject with ' +
      'the code and message) at their moment: before the first entry started after their `time`, else before the first operation ' +
      'query whose production answer shows the outcome, else after the last entry; among several operations of a trans_ID, the first ' +
      'created still pending whose amount and currency match. Payout callbacks approve the item with that credit_note; a recorded ' +
      'transfer_status drives the item before the entry that shows it. Refusals for credentials are reproduced. Drift: status, error ' +
      'code, operation and payout status, the set of JSON keys at every path (`[*]` merges array items), the checkout address shape; ' +
      `at most ${MAX_DRIFT_ITEMS} items per entry (\`drift_more\` counts the rest). ` +
      `At most ${MAX_REPLAY_ENTRIES} entries, and at most ${MAX_PIECE_MEMBERS} JSON members per entry, per notification and ` +
      `for the rest of the body (413 HAR_TOO_LARGE). A recorded JSON answer of more than ${COMPARED_MEMBERS} members is compared ` +
      'on its first ones (the entry notes `compared_in_part`). ' +
      'Stored bodies are cut to 4 KiB, secrets masked. Progress: live event `replay.progress`.',
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
