import { z } from 'zod';
import { DiagnosisSchema } from './diagnosis.js';
import { defineRoute } from './route.js';
import { WarningDetailSchema } from './warnings.js';

/** Active probes: real notifications to the merchant's URLs, in the order the report lists them. */
export const PROBE_CHECK_IDS = [
  'success_acknowledged',
  'answers_fast',
  'duplicate_acknowledged',
  'forged_signature_refused',
  'tampered_amount_refused',
  'get_forged_refused',
  'unknown_fields_tolerated',
  'rejection_acknowledged',
  'rejection_told_apart',
  'late_rejection_acknowledged',
  'payout_notification_acknowledged',
] as const;
export type ProbeCheckId = (typeof PROBE_CHECK_IDS)[number];
/** Passive checks: what the sandbox saw from the merchant since `since`. */
export const PASSIVE_CHECK_IDS = [
  'signatures_valid',
  'creations_without_warnings',
  'trans_id_unique',
  'queries_operations',
  'current_protocol',
] as const;
export const CHECK_IDS = [...PROBE_CHECK_IDS, ...PASSIVE_CHECK_IDS] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export const VERDICTS = ['pass', 'warn', 'fail', 'skipped'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Characters of a handler's answer a report keeps per probe request. */
export const ANSWER_EXCERPT_CHARS = 300;

/** The label a probe's operation and notifications carry: `golive:<check id>`. */
export const probeLabel = (id: ProbeCheckId): `golive:${ProbeCheckId}` => `golive:${id}`;

export const ProbeLabelSchema = z.templateLiteral(['golive:', z.enum(PROBE_CHECK_IDS)]);
export type ProbeLabel = z.infer<typeof ProbeLabelSchema>;
export const isProbeLabel = (s: string | null | undefined): s is ProbeLabel => s != null && ProbeLabelSchema.safeParse(s).success;

/** A list's choice about go-live probes: shown with the rest (the API's default), left out, or alone. */
export const ProbesFilterSchema = z
  .enum(['include', 'exclude', 'only'])
  .default('include')
  .describe('go-live probe rows (`test_label` golive:…): include (default), exclude, only');
export type ProbesFilter = z.infer<typeof ProbesFilterSchema>;

export const ProbeAnswerSchema = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string(),
  status: z.number().int().nullable().describe('null: no HTTP answer (see error)'),
  latency_ms: z.number().nullable(),
  body_excerpt: z.string().max(ANSWER_EXCERPT_CHARS).describe("the first 300 characters of the handler's answer; text, never HTML"),
  error: z.string().nullable().describe('timeout, refused connection…; null when the handler answered'),
});
export type ProbeAnswer = z.infer<typeof ProbeAnswerSchema>;

/**
 * What a check's evidence says, as a code: a missing URL, how a probe was answered (acknowledged,
 * refused, or neither), how fast, and what the sandbox saw from the merchant (creations, signatures,
 * warnings, trans_ids, operation queries, request formats). golive-evidence.ts words each in English.
 */
export const EVIDENCE_CODES = [
  'no_url',
  'none_acknowledged',
  'acknowledged',
  'not_acknowledged',
  'refused',
  'not_refused',
  'no_http_answer',
  'late_acknowledged',
  'late_not_acknowledged',
  'nothing_to_compare',
  'same_answer',
  'different_answers',
  'timed_out',
  'slow',
  'fast',
  'no_creation',
  'no_accepted_creation',
  'signatures_refused',
  'no_signature_seen',
  'signatures_accepted',
  'no_warnings',
  'warnings',
  'trans_ids_repeated',
  'trans_ids_unique',
  'queries_seen',
  'no_queries',
  'current_format',
  'older_format',
] as const;
export type EvidenceCode = (typeof EVIDENCE_CODES)[number];

export const EvidenceFactsSchema = z.object({
  code: z.enum(EVIDENCE_CODES),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .describe('the values the sentence names: counts, ISO times (since, at, last), ids, the URL setting missing'),
  heard: z
    .array(z.object({ status: z.number().int().nullable(), latency_ms: z.number().nullable(), error: z.string().nullable() }))
    .optional()
    .describe('the probe answers the sentence names, in its order'),
  counted: z
    .array(
      z.object({
        value: z.string(),
        n: z.number().int(),
        warning: WarningDetailSchema.optional().describe('warnings: the warning as its code and values, to word it in another language'),
      }),
    )
    .optional()
    .describe('warnings, repeated trans_ids or older request formats, each with how many times it was seen'),
  refusals: z
    .array(z.object({ request: z.number().int(), at: z.string(), diagnosis: DiagnosisSchema.nullable() }))
    .optional()
    .describe('signatures_refused: the newest refused creations (request log id, time, signature diagnosis)'),
});
export type EvidenceFacts = z.infer<typeof EvidenceFactsSchema>;

export const CheckResultSchema = z.object({
  id: z.enum(CHECK_IDS),
  verdict: z.enum(VERDICTS),
  title: z.string(),
  evidence: z.string().describe('what the sandbox saw; with skipped, the reason'),
  evidence_facts: EvidenceFactsSchema.optional().describe(
    '`evidence` as a code and the values it names, for a reader that words it in another language (absent in reports kept from before)',
  ),
  advice: z.string().describe('what a correct integration does'),
  notification_ids: z.array(z.number().int()).describe('the probe notifications this check sent (open them for their attempts)'),
  answers: z.array(ProbeAnswerSchema).describe('active checks: what the handler answered to each probe request; empty for passive ones'),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

/** Where a probe's order came from: given by the caller, one of the merchant's own creations, or made up. */
export const ORDER_SOURCES = ['given', 'creation', 'made_up'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ProbeOrderSchema = z.object({
  trans_id: z.string(),
  source: z.enum(ORDER_SOURCES),
  checks: z.array(z.enum(PROBE_CHECK_IDS)).describe('the probes that spoke about this order'),
});
export type ProbeOrder = z.infer<typeof ProbeOrderSchema>;

export const CheckReportSchema = z.object({
  id: z.string().describe('chk_…'),
  merchant: z.string().describe('public_key'),
  started_at: z.string(),
  finished_at: z.string(),
  since: z.string().describe('start of the window the passive checks read (default: the last reset)'),
  orders: z.array(ProbeOrderSchema).describe('the orders the probes spoke about'),
  summary: z.object({ pass: z.number().int(), warn: z.number().int(), fail: z.number().int(), skipped: z.number().int() }),
  checks: z.array(CheckResultSchema),
});
export type CheckReport = z.infer<typeof CheckReportSchema>;

/** trans_ids a caller may give; more would not change a verdict. */
export const MAX_GIVEN_TRANS_IDS = 20;

export const RunCheckBodySchema = z
  .object({
    merchant: z.string().min(1).max(255).optional().describe('public_key; default the demo merchant'),
    only: z
      .array(z.string().max(64))
      .min(1)
      .max(CHECK_IDS.length)
      .optional()
      .describe(`check ids to run (default all): ${CHECK_IDS.join(', ')}`),
    trans_ids: z
      .array(z.string().min(1).max(255))
      .min(1)
      .max(MAX_GIVEN_TRANS_IDS)
      .optional()
      .describe("orders of the merchant's shop for the probes to speak about (default its own accepted creations since `since`)"),
    since: z.iso.datetime({ offset: true }).optional().describe('start of the window (ISO 8601); default the last reset'),
  })
  .strict();
export type RunCheckBody = z.infer<typeof RunCheckBodySchema>;

export const ListChecksQuerySchema = z.object({
  merchant: z.string().max(255).optional().describe("only this merchant's reports"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const CheckParams = z.object({ id: z.string().regex(/^chk_[0-9a-f]{1,64}$/, 'no check report') });

export const checkRoutes = {
  runCheck: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/checks',
    summary: "Go-live check: probes the merchant's notification URLs and reads what the sandbox saw; answers the report when done",
    tags: ['checks'],
    body: RunCheckBodySchema,
    response: CheckReportSchema,
    status: 201,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'CONFLICT'],
    description:
      "Probes speak about the merchant's own orders: the `trans_ids` given, else its accepted creations since `since`, " +
      'else made-up nine-digit ids. Probe operations and notifications carry `test_label: "golive:<check id>"` and are ' +
      "not counted as the merchant's payments. A merchant without a URL gets `skipped` probes. At most 90 s.",
  }),
  listChecks: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/checks',
    summary: 'Go-live check reports, newest first',
    tags: ['checks'],
    query: ListChecksQuerySchema,
    response: z.object({ items: z.array(CheckReportSchema) }),
  }),
  getCheck: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/checks/:id',
    params: CheckParams,
    summary: 'One go-live check report',
    tags: ['checks'],
    response: CheckReportSchema,
    errors: ['NOT_FOUND'],
  }),
};
