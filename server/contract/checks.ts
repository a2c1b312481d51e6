import { z } from 'zod';
import { defineRoute } from './route.js';

/** Active probes: real notifications to the merchant's URLs (contract §11). */
export const PROBE_CHECK_IDS = [
  'success_acknowledged',
  'answers_fast',
  'duplicate_acknowledged',
  'forged_signature_refused',
  'tampered_amount_refused',
  'unknown_fields_tolerated',
  'rejection_acknowledged',
  'late_rejection_acknowledged',
  'payout_notification_acknowledged',
] as const;
/** Passive checks: what the sandbox saw from the merchant since the last reset. */
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

export const CheckResultSchema = z.object({
  id: z.enum(CHECK_IDS),
  verdict: z.enum(VERDICTS),
  title: z.string(),
  evidence: z.string().describe('what the sandbox saw; with skipped, the reason'),
  advice: z.string().describe('what a correct integration does'),
  notification_ids: z.array(z.number().int()).describe('the probe notifications this check sent (open them for their attempts)'),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const CheckReportSchema = z.object({
  id: z.string().describe('chk_…'),
  merchant: z.string().describe('public_key'),
  started_at: z.string(),
  finished_at: z.string(),
  summary: z.object({ pass: z.number().int(), warn: z.number().int(), fail: z.number().int(), skipped: z.number().int() }),
  checks: z.array(CheckResultSchema),
});
export type CheckReport = z.infer<typeof CheckReportSchema>;

export const RunCheckBodySchema = z
  .object({
    merchant: z.string().min(1).max(255).optional().describe('public_key; default the demo merchant'),
    only: z
      .array(z.string().max(64))
      .min(1)
      .max(CHECK_IDS.length)
      .optional()
      .describe(`check ids to run (default all): ${CHECK_IDS.join(', ')}`),
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
      "Probe operations are labelled with the report id (`check_report`) and left out of the merchant's counts. " +
      'A merchant without a URL gets `skipped` probes. At most 90 s.',
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
