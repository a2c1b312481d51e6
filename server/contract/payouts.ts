import { z } from 'zod';
import { PAYOUT_ACCOUNT_TYPE_WORDS, PAYOUT_BANK_CODES, PAYOUT_COUNTRY_CODES, PAYOUT_VAT_ID_TYPES } from './payout-lists.js';
import { NotificationSchema } from './notifications.js';
import { defineRoute } from './route.js';
import { IdParam, pageOf, pageQuery } from './paging.js';
import { warningDetailsField } from './warnings.js';

/** Largest batch `POST /api/transactions/` accepts. */
export const MAX_PAYOUT_BATCH = 500;
/** Largest payout amount (keeps amounts exact as JSON numbers). */
export const MAX_PAYOUT_AMOUNT = 1e12;
/** Longest value of a payout text field, String(255) as creation's text fields; longer rejects the batch. */
export const MAX_PAYOUT_TEXT_LENGTH = 255;

const text = (what: string) =>
  z
    .union([z.string().max(MAX_PAYOUT_TEXT_LENGTH), z.number()])
    .describe(`${what}. A string; a number is accepted with a warning and stored as the string it prints as`);
const str = (what: string) => z.string().max(MAX_PAYOUT_TEXT_LENGTH).describe(what);

/**
 * The payout item as documented in the OpenAPI document: the service's payout item fields. The sandbox
 * reads it liberally (domain/payouts/validation.ts): values outside these lists are accepted with a
 * warning, except the refusals listed in the route description. The keys are also the known fields:
 * any other key is ignored with a warning.
 */
export const payoutItemFields = {
  order_id: text('Payment order identification'),
  credit_note: text("The customer's internal code; unique per merchant (also within the batch)"),
  account_id: text('Beneficiary account id'),
  account_type: z
    .union([z.enum(PAYOUT_ACCOUNT_TYPE_WORDS), z.string().max(MAX_PAYOUT_TEXT_LENGTH)])
    .describe(
      `Account type, English or Spanish (${PAYOUT_ACCOUNT_TYPE_WORDS.join(', ')}; case-insensitive); ` +
        'another word is accepted with a warning',
    ),
  vat_id: text('Beneficiary tax id, in the format of vat_id_type (a mismatch is a warning)'),
  vat_id_type: z
    .union([z.enum(PAYOUT_VAT_ID_TYPES), z.string().max(MAX_PAYOUT_TEXT_LENGTH)])
    .describe(`Type of the tax id, per country (${PAYOUT_VAT_ID_TYPES.join(', ')}); another value is accepted with a warning`),
  name: text('Beneficiary name'),
  amount: z
    .union([z.number(), z.string().max(MAX_PAYOUT_TEXT_LENGTH)])
    .describe(
      `Payout amount, > 0 and at most ${MAX_PAYOUT_AMOUNT}; a numeric string is accepted with a warning. ` +
        'Sandbox rule: even integer part approved, odd rejected',
    ),
  subject: text('Subject text'),
  bank_detail: text('Bank detail text'),
  channel: str(
    'Address (http or https URL) that receives the reference and OTP code of an approved payout; another ' +
      'value (e.g. "transferencia") is accepted with a warning and gets no payload',
  ),
  user_email: text('Beneficiary e-mail (not an address: a warning)'),
  phone_number: text('Beneficiary phone'),
  bank: z
    .union([z.literal(PAYOUT_BANK_CODES), z.string().max(MAX_PAYOUT_TEXT_LENGTH).regex(/^\d+$/)])
    .describe('Bank code of the sandbox lists: an integer, or a numeric string (with a warning). An unknown code rejects the batch'),
  transfer_status: z.number().describe('Set by the sandbox; a value sent on creation is ignored with a warning'),
  country: z
    .enum(PAYOUT_COUNTRY_CODES)
    .describe(
      'Sandbox extension: country of the account (ISO alpha-3). Optional; inferred from `bank` (and ' +
        '`vat_id_type` where a bank code is listed twice)',
    ),
};
export type PayoutItemField = keyof typeof payoutItemFields;

/** Fields a payout item must carry; the others may be absent or null. */
export const REQUIRED_PAYOUT_FIELDS = [
  'order_id',
  'credit_note',
  'account_id',
  'account_type',
  'vat_id',
  'vat_id_type',
  'name',
  'amount',
  'channel',
  'bank',
] as const satisfies readonly PayoutItemField[];

const f = payoutItemFields;
const optional = <T extends z.ZodType>(s: T) => s.nullable().optional();
/** One payout item as documented (for the OpenAPI document; the sandbox reads bodies with domain/payouts/validation.ts). */
export const PayoutItemSchema = z.object({
  order_id: f.order_id,
  credit_note: f.credit_note,
  account_id: f.account_id,
  account_type: f.account_type,
  vat_id: f.vat_id,
  vat_id_type: f.vat_id_type,
  name: f.name,
  amount: f.amount,
  subject: optional(f.subject),
  bank_detail: optional(f.bank_detail),
  channel: f.channel,
  user_email: optional(f.user_email),
  phone_number: optional(f.phone_number),
  bank: f.bank,
  transfer_status: optional(f.transfer_status),
  country: optional(f.country),
});
export type PayoutItem = z.output<typeof PayoutItemSchema>;

export const PayoutBatchSchema = z.array(PayoutItemSchema).min(1).max(MAX_PAYOUT_BATCH);

export const PAYOUT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;

/** `transfer_status` (1 in process, 2 approved, 3 rejected, 4 rejected by the bank, 5 paid): its words, and the status each implies. */
export const TRANSFER_STATUSES = {
  1: { description: 'in process', status: 'pending' },
  2: { description: 'approved', status: 'approved' },
  3: { description: 'rejected', status: 'rejected' },
  4: { description: 'rejected by the bank', status: 'rejected' },
  5: { description: 'approved by the bank (paid)', status: 'approved' },
} as const satisfies Record<number, { description: string; status: PayoutStatus }>;
export type TransferStatus = keyof typeof TRANSFER_STATUSES;
export const isTransferStatus = (n: number): n is TransferStatus => n in TRANSFER_STATUSES;
/** The values the operator may force. */
export const FORCEABLE_TRANSFER_STATUSES = [2, 3, 4, 5] as const;

/** Who moved a payout last: the even/odd rule or the bank step (clock or process-all), the console, or a script. */
export const PAYOUT_DECIDERS = ['rule', 'operator', 'control_api'] as const;
export type PayoutDecider = (typeof PAYOUT_DECIDERS)[number];

/** A per-item problem list of a rejected batch: `error.details`. */
export const PayoutProblemsSchema = z.array(z.object({ index: z.number().int(), problems: z.array(z.string()) }));
export type PayoutProblems = z.infer<typeof PayoutProblemsSchema>;

export const PayoutSchema = z.object({
  id: z.number().int(),
  payroll: z.number().int(),
  mid_id: z.number().int(),
  order_id: z.string(),
  credit_note: z.string(),
  amount: z.string(),
  country: z.string(),
  channel: z.string(),
  status: PayoutStatusSchema,
  transfer_status: z.number().int().min(1).max(5),
  transfer_status_description: z.string(),
  warnings: z.array(z.string()).describe("what was accepted against the service's advice: field, value sent, what the service asks for"),
  warning_details: warningDetailsField,
  decided_by: z.enum(PAYOUT_DECIDERS).nullable(),
  reference: z.string().nullable(),
  otp_code: z.string().nullable(),
  item: z.record(z.string(), z.unknown()).describe('the item as accepted'),
  created_at: z.string(),
  process_at: z.string().describe('when the payroll is processed by the clock'),
  processed_at: z.string().nullable(),
  updated_at: z.string(),
  notifications: z.array(NotificationSchema).describe('channel callback and merchant notification, with every attempt'),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const PayrollSchema = z.object({
  id: z.number().int(),
  mid_id: z.number().int(),
  created_at: z.string(),
  process_at: z.string(),
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  amount_total: z.string(),
});
export type Payroll = z.infer<typeof PayrollSchema>;

export const PayoutListQuerySchema = z.object({
  payroll: z.coerce.number().int().positive().optional(),
  status: PayoutStatusSchema.optional(),
  mid_id: z.coerce.number().int().positive().optional(),
  ...pageQuery(),
});

export const PayrollListQuerySchema = z.object({
  mid_id: z.coerce.number().int().positive().optional(),
  ...pageQuery(),
});

const payoutId = z.object({ id: IdParam('payout') });

export const ProcessPayoutsBodySchema = z
  .object({ payroll: z.number().int().positive().optional().describe('only this payroll; every pending item when absent') })
  .strict();

export const ForceTransferStatusBodySchema = z
  .object({
    transfer_status: z
      .union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
        error: `transfer_status must be one of ${FORCEABLE_TRANSFER_STATUSES.join(', ')}`,
      })
      .describe('2 approved, 3 rejected, 4 rejected by the bank, 5 approved by the bank (paid)'),
  })
  .strict();

export const ProcessPayoutsResponseSchema = z.object({
  processed: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});

const decide = (verb: 'approve' | 'reject') =>
  defineRoute({
    method: 'POST',
    path: `/sandbox/v1/payouts/:id/${verb}`,
    params: payoutId,
    summary:
      `${verb === 'approve' ? 'Approve' : 'Reject'} a pending payout now, overriding the even/odd rule; ` +
      'its callback and notification follow',
    tags: ['payouts'],
    response: PayoutSchema,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  });

export const payoutRoutes = {
  listPayouts: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/payouts',
    summary: 'Payout items, newest first, with status, reference, OTP, who decided and their deliveries',
    tags: ['payouts'],
    query: PayoutListQuerySchema,
    response: pageOf(PayoutSchema),
    errors: ['VALIDATION_ERROR'],
  }),
  getPayout: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/payouts/:id',
    params: payoutId,
    summary: 'One payout item',
    tags: ['payouts'],
    response: PayoutSchema,
    errors: ['NOT_FOUND'],
  }),
  listPayrolls: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/payrolls',
    summary: 'Payrolls (accepted batches), newest first, with counts by status',
    tags: ['payouts'],
    query: PayrollListQuerySchema,
    response: pageOf(PayrollSchema),
    errors: ['VALIDATION_ERROR'],
  }),
  forceTransferStatus: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/payouts/:id/status',
    params: payoutId,
    summary: "Force a payout's transfer_status (2–5), with the same channel payload and payout-URL notification as processing",
    tags: ['payouts'],
    body: ForceTransferStatusBodySchema,
    response: PayoutSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TRANSITION'],
    description:
      'From any transfer_status to a different one. Entering 2 starts the bank step (5 after ' +
      'payout_processing_delay_minutes of sandbox time); entering 2 or 5 from a non-approved value assigns ' +
      'reference and OTP and sends the channel payload (http(s) channels only).',
  }),
  approvePayout: decide('approve'),
  rejectPayout: decide('reject'),
  processPayouts: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/payouts/process',
    summary: "Apply the even/odd rule now to every pending payout (or one payroll's)",
    tags: ['payouts'],
    body: ProcessPayoutsBodySchema,
    response: ProcessPayoutsResponseSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
};
