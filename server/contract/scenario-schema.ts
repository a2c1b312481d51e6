import { z } from 'zod';
import { MAX_ADVANCE_MINUTES } from './clock.js';
import { MerchantSettingsSchema } from './merchants.js';
import { StepTextSchema } from './step-texts.js';
import { checkTranslations, ScenarioLangSchema, ScenarioTextsSchema, StepTextsSchema, translationsOf } from './scenario-translations.js';

/*
 * Scenario files: a named list of steps driven through the sandbox's public HTTP APIs,
 * with expectations. Each step may carry `narration`, so a built-in scenario reads as a lesson.
 * This module imports only zod and contract schemas, so the console can use it too.
 */

export const SCENARIO_FORMAT = 'pasarela-scenario';

const alias = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,40}$/, 'aliases are a letter then letters, digits, _ or -');
/** A payout of a batch: `<batch alias>.<index>` (0-based, in the order of the batch). */
const payoutRef = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,40}\.\d{1,3}$/, 'a payout is referred to as <batch alias>.<index>, e.g. batch.0');
const fieldValue = z.string().max(10_000).nullable();
const httpStatus = z.number().int().min(100).max(599);

const base = {
  /** Short label shown in reports. */
  title: z.string().max(200).optional(),
  /** What a trainer says at this step; shown by the report and the console's player. */
  narration: z.string().max(5000).optional(),
  /** The title and narration in other languages, by language: `{ "es": { "title": "…", "narration": "…" } }`. */
  translations: translationsOf(StepTextsSchema).optional(),
};

/** Outcome of a call: HTTP status and/or the error code of `{"error":{"code"}}`. */
const CallExpectSchema = z
  .object({
    http_status: httpStatus.optional(),
    error_code: z.string().max(64).optional(),
  })
  .strict();

const OPERATION_STATUS = z.enum(['pending', 'confirmed', 'rejected', 'cancelled', 'expired']);

const CreatePaymentStep = z
  .object({
    ...base,
    action: z.literal('create_payment'),
    channel: z.number().int(),
    /** Alias for later steps; default `op<step number>`. */
    as: alias.optional(),
    /** Creation fields replacing the channel's defaults; null removes a field. `{{run}}` becomes the run id. */
    fields: z.record(z.string(), fieldValue).default({}),
    /** Keys merged into the default shopper_information object; null removes a key. */
    shopper: z.record(z.string(), fieldValue).default({}),
    encoding: z.enum(['form', 'json', 'multipart']).default('form'),
    /** Sign with the merchant's secret (default); false sends `fields.signature` as given. */
    sign: z.boolean().default(true),
    expect: CallExpectSchema.extend({
      status: OPERATION_STATUS.optional(),
      /** Keys the JSON answer must have (direct integration). */
      response_has: z.array(z.string()).optional(),
    })
      .strict()
      .optional(),
  })
  .strict();

const TransitionStep = z
  .object({
    ...base,
    action: z.enum(['confirm', 'reject', 'cancel', 'expire']),
    operation: alias,
    /** Reject only: rejection_code, rejection_message, error_reason, card_failure_code. */
    body: z.record(z.string(), z.string()).optional(),
    expect: CallExpectSchema.extend({ status: OPERATION_STATUS.optional() }).strict().optional(),
  })
  .strict();

const SpeiStep = z
  .object({
    ...base,
    action: z.literal('spei_transfer'),
    /** Takes amount and RFC from this operation unless given. */
    operation: alias.optional(),
    amount: z.union([z.string().max(32), z.number()]).optional(),
    rfc: z.string().max(32).optional(),
    /** Default: the scenario merchant's CLABE. */
    clabe: z.string().max(32).optional(),
    sender_name: z.string().max(255).optional(),
    expect: CallExpectSchema.extend({
      /** The alias of the operation it must match, or null for "not applied". */
      matched: alias.nullable().optional(),
    })
      .strict()
      .optional(),
  })
  .strict();

const ClockStep = z
  .object({ ...base, action: z.literal('advance_clock'), minutes: z.number().positive().max(MAX_ADVANCE_MINUTES) })
  .strict();

const CreatePayoutsStep = z
  .object({
    ...base,
    action: z.literal('create_payouts'),
    as: alias.optional(),
    /** Each item is merged over a valid default item (Mexico, CLABE account); null removes a field. */
    items: z.array(z.record(z.string(), z.unknown())).min(1).max(500),
    /** valid: the merchant's token; missing: no header; wrong: a token no merchant has. */
    auth: z.enum(['valid', 'missing', 'wrong']).default('valid'),
    expect: CallExpectSchema.optional(),
  })
  .strict();

const ProcessPayoutsStep = z.object({ ...base, action: z.literal('process_payouts'), batch: alias.optional() }).strict();

const DecidePayoutStep = z
  .object({ ...base, action: z.enum(['approve_payout', 'reject_payout']), payout: payoutRef, expect: CallExpectSchema.optional() })
  .strict();

const ExpectOperationStep = z
  .object({
    ...base,
    action: z.literal('expect_operation'),
    operation: alias,
    status: OPERATION_STATUS,
    /** Kinds that must appear on the timeline, e.g. ["created", "expired"]. */
    events: z.array(z.string()).optional(),
  })
  .strict();

const ExpectNotificationStep = z
  .object({
    ...base,
    action: z.literal('expect_notification'),
    kind: z.enum(['success', 'rejection', 'payout_callback', 'payout_notification']),
    operation: alias.optional(),
    payout: payoutRef.optional(),
    /** Fields the notification must carry with exactly these values. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Fields it must carry, any value. */
    has_fields: z.array(z.string()).optional(),
    /** Check the signature with the merchant's secret and layout. */
    signature_valid: z.boolean().optional(),
    /** Exact number received (0: none may arrive); default at least one. */
    count: z.number().int().min(0).max(100).optional(),
    /** Real milliseconds to wait for it (or, with count, to let late ones arrive). */
    within_ms: z.number().int().min(0).max(60_000).optional(),
  })
  .strict()
  .refine((s) => !(s.operation && s.payout), { message: 'name an operation or a payout, not both' });

const ExpectPayoutStep = z
  .object({ ...base, action: z.literal('expect_payout'), payout: payoutRef, status: z.enum(['pending', 'approved', 'rejected']) })
  .strict();

const SetMerchantStep = z.object({ ...base, action: z.literal('set_merchant'), settings: MerchantSettingsSchema }).strict();

const SetReceiverStep = z.object({ ...base, action: z.literal('set_receiver'), status: httpStatus }).strict();

const ManualNotifyStep = z
  .object({ ...base, action: z.literal('manual_notify'), operation: alias, expect: CallExpectSchema.optional() })
  .strict();

/** A step that only tells (a lesson's introduction, or a request the recorder could not replay). */
const NoteStep = z.object({ ...base, action: z.literal('note') }).strict();

export const StepSchema = z.union([
  CreatePaymentStep,
  TransitionStep,
  SpeiStep,
  ClockStep,
  CreatePayoutsStep,
  ProcessPayoutsStep,
  DecidePayoutStep,
  ExpectOperationStep,
  ExpectNotificationStep,
  ExpectPayoutStep,
  SetMerchantStep,
  SetReceiverStep,
  ManualNotifyStep,
  NoteStep,
]);
export type Step = z.output<typeof StepSchema>;
export const STEP_ACTIONS = [
  'create_payment',
  'confirm',
  'reject',
  'cancel',
  'expire',
  'spei_transfer',
  'advance_clock',
  'create_payouts',
  'process_payouts',
  'approve_payout',
  'reject_payout',
  'expect_operation',
  'expect_notification',
  'expect_payout',
  'set_merchant',
  'set_receiver',
  'manual_notify',
  'note',
] as const;

/** The merchant a run uses: a fresh one (default) or an existing one, with settings applied. */
export const ScenarioMerchantSchema = z
  .object({
    /** public_key of an existing merchant; default: the runner creates a fresh merchant for the run. */
    existing: z.string().min(1).max(255).optional(),
    settings: MerchantSettingsSchema.optional(),
    /** Point success_url / rejection_url / payout_url at the runner's receiver (default all true). */
    notify_success: z.boolean().default(true),
    notify_rejection: z.boolean().default(true),
    notify_payouts: z.boolean().default(true),
  })
  .strict();

export const ScenarioSchema = z
  .object({
    format: z.literal(SCENARIO_FORMAT).optional(),
    version: z.literal(1).default(1),
    name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}$/, 'name: lowercase letters, digits and hyphens'),
    /** The language the texts are written in; English when absent. */
    language: ScenarioLangSchema.optional(),
    title: z.string().min(1).max(200),
    description: z.string().max(10_000).default(''),
    /** The title and description in other languages, by language (each step carries its own). */
    translations: translationsOf(ScenarioTextsSchema).optional(),
    tags: z.array(z.string().max(40)).max(20).default([]),
    merchant: ScenarioMerchantSchema.default({ notify_success: true, notify_rejection: true, notify_payouts: true }),
    steps: z.array(StepSchema).min(1).max(1000),
  })
  .strict()
  .superRefine((sc, ctx) => checkTranslations(sc, (issue) => ctx.addIssue({ code: 'custom', ...issue })));
export type Scenario = z.output<typeof ScenarioSchema>;
export type ScenarioInput = z.input<typeof ScenarioSchema>;

export const StepReportSchema = z.object({
  index: z.number().int(),
  action: z.string(),
  title: z.string(),
  narration: z.string().nullable(),
  status: z.enum(['passed', 'failed', 'skipped']),
  /** What happened, in one line (English). */
  message: z.string(),
  /** `message` as a code with its values, for a reader that words it in its own language; null before the step runs. */
  message_code: StepTextSchema.nullable(),
  /** Failed expectations (English). */
  failures: z.array(z.string()),
  /** `failures` as codes with their values, in the same order. */
  failure_codes: z.array(StepTextSchema),
  duration_ms: z.number(),
});
export type StepReport = z.infer<typeof StepReportSchema>;

export const ScenarioReportSchema = z.object({
  scenario: z.string(),
  title: z.string(),
  description: z.string(),
  ok: z.boolean(),
  passed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  duration_ms: z.number(),
  /** The merchant the run used. */
  public_key: z.string().nullable(),
  steps: z.array(StepReportSchema),
});
export type ScenarioReport = z.infer<typeof ScenarioReportSchema>;
