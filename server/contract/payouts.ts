import { z } from 'zod';
import {
  describePayoutLists,
  PAYOUT_ACCOUNT_TYPES,
  PAYOUT_BANK_CODES,
  PAYOUT_COUNTRY_CODES,
  PAYOUT_VAT_ID_TYPES,
} from './payout-lists.js';
import { NotificationSchema } from './notifications.js';
import { defineRoute } from './route.js';

/** Largest batch `POST /api/transactions/` accepts. */
export const MAX_PAYOUT_BATCH = 500;
/** Largest payout amount (keeps amounts exact as JSON numbers). */
export const MAX_PAYOUT_AMOUNT = 1e12;

const text = (max: number) =>
  z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).max(max, { error: `must be at most ${max} characters` });

const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/**
 * Field rules of one payout item (spec "Payout item" table). Each field is validated on its own so a
 * bad item reports every problem at once; the country-dependent rules live in domain/payout-rules.ts.
 */
export const payoutItemFields = {
  order_id: text(255).describe('Payment order identification'),
  credit_note: text(255).describe("The customer's internal code; unique per merchant (also within the batch)"),
  account_id: text(64).describe('Beneficiary account id'),
  account_type: z.enum(PAYOUT_ACCOUNT_TYPES, { error: `must be one of ${PAYOUT_ACCOUNT_TYPES.join(', ')}` }).describe('Account type; per country, see the description'),
  vat_id: text(32).describe('Beneficiary tax id, in the format of vat_id_type'),
  vat_id_type: z.enum(PAYOUT_VAT_ID_TYPES, { error: `must be one of ${PAYOUT_VAT_ID_TYPES.join(', ')}` }).describe('Type of the tax id; per country'),
  name: text(255).describe('Beneficiary name'),
  amount: z
    .number({ error: 'must be a JSON number' })
    .positive({ error: 'must be greater than 0' })
    .max(MAX_PAYOUT_AMOUNT, { error: `must be at most ${MAX_PAYOUT_AMOUNT}` })
    .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), { error: 'must have at most 2 decimals' })
    .describe('Payout amount, decimal (at most 2 decimals). Sandbox rule: even integer part approved, odd rejected'),
  subject: text(255).describe('Subject text'),
  bank_detail: text(255).describe('Bank detail text'),
  channel: text(2048)
    .refine(isHttpUrl, { error: 'must be an http(s) URL' })
    .describe('Address (http or https URL) that receives the reference and OTP code of an approved payout'),
  user_email: text(255)
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: 'must be an e-mail address' })
    .describe('Beneficiary e-mail'),
  phone_number: text(32).describe('Beneficiary phone'),
  bank: z
    .literal(PAYOUT_BANK_CODES, { error: 'must be a bank code of the sandbox lists (an integer)' })
    .describe('Bank code (JSON integer); per country, see the description'),
  transfer_status: z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' }).describe('Transfer status flag; stored and echoed, no effect in the sandbox'),
  country: z
    .enum(PAYOUT_COUNTRY_CODES, { error: `must be one of ${PAYOUT_COUNTRY_CODES.join(', ')}` })
    .describe('Sandbox extension: country of the account (ISO alpha-3). Optional; inferred from `bank` when the code is listed for one country only'),
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

/** One payout item as documented (unknown extra fields are ignored). */
const f = payoutItemFields;
const optional = <T extends z.ZodType>(s: T) => s.nullable().optional();
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

/** Who decided a payout: the even/odd rule (clock or process-all), the console, or a script. */
export const PAYOUT_DECIDERS = ['rule', 'operator', 'control_api'] as const;
export type PayoutDecider = (typeof PAYOUT_DECIDERS)[number];

export const PayoutBatchResponseSchema = z.object({
  payroll: z.number().int(),
  transactions: z.array(
    z.object({ id: z.number().int(), credit_note: z.string(), order_id: z.string(), status: z.literal('pending') }),
  ),
});
export type PayoutBatchResponse = z.infer<typeof PayoutBatchResponseSchema>;

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
  decided_by: z.enum(PAYOUT_DECIDERS).nullable(),
  reference: z.string().nullable(),
  otp_code: z.string().nullable(),
  item: z.record(z.string(), z.unknown()).describe('the item as accepted'),
  created_at: z.string(),
  process_at: z.string().describe('when the payroll is processed by the clock'),
  processed_at: z.string().nullable(),
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

const cursor = z.string().regex(/^\d+$/, 'cursor must be the next_cursor of a previous page').optional();

export const PayoutListQuerySchema = z.object({
  payroll: z.coerce.number().int().positive().optional(),
  status: PayoutStatusSchema.optional(),
  mid_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor,
});

export const PayrollListQuerySchema = z.object({
  mid_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor,
});

export const ProcessPayoutsBodySchema = z
  .object({ payroll: z.number().int().positive().optional().describe('only this payroll; every pending item when absent') })
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
    summary: `${verb === 'approve' ? 'Approve' : 'Reject'} a pending payout now, overriding the even/odd rule; its callback and notification follow`,
    tags: ['payouts'],
    response: PayoutSchema,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  });

export const payoutRoutes = {
  createPayouts: defineRoute({
    method: 'POST',
    path: '/api/transactions/',
    summary: 'Create a batch (payroll) of cash-out payouts',
    tags: ['merchant API'],
    body: PayoutBatchSchema,
    response: PayoutBatchResponseSchema,
    status: 201,
    errors: ['UNAUTHORIZED', 'MERCHANT_DISABLED', 'MISSING_CONTENT_TYPE', 'UNSUPPORTED_CONTENT_TYPE', 'EMPTY_JSON_BODY', 'INVALID_JSON', 'INVALID_JSON_STRUCTURE', 'VALIDATION_ERROR'],
    description:
      'Header `Authorization: <scheme> <payout_token>` (scheme word: sandbox setting `payout_auth_scheme`, default Bearer). ' +
      `Body: a JSON array of 1 to ${MAX_PAYOUT_BATCH} payout items. One bad item rejects the whole batch with 400 VALIDATION_ERROR ` +
      'and `error.details: [{index, problems: [...]}]`; nothing is stored. Allowed values per country:\n' +
      describePayoutLists(),
  }),
  listPayouts: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/payouts',
    summary: 'Payout items, newest first, with status, reference, OTP, who decided and their deliveries',
    tags: ['payouts'],
    query: PayoutListQuerySchema,
    response: z.object({ items: z.array(PayoutSchema), next_cursor: z.string().nullable() }),
    errors: ['VALIDATION_ERROR'],
  }),
  getPayout: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/payouts/:id',
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
    response: z.object({ items: z.array(PayrollSchema), next_cursor: z.string().nullable() }),
    errors: ['VALIDATION_ERROR'],
  }),
  approvePayout: decide('approve'),
  rejectPayout: decide('reject'),
  processPayouts: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/payouts/process',
    summary: 'Apply the even/odd rule now to every pending payout (or one payroll\'s)',
    tags: ['payouts'],
    body: ProcessPayoutsBodySchema,
    response: ProcessPayoutsResponseSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
};
