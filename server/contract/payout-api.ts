import { z } from 'zod';
import { describePayoutLists } from './payout-lists.js';
import { MAX_PAYOUT_BATCH, MAX_PAYOUT_TEXT_LENGTH, PayoutBatchSchema, PayoutStatusSchema } from './payouts.js';
import { defineRoute } from './route.js';
import { IdParam, pageOf, pageQuery } from './paging.js';

/*
 * The merchant's payout API, shaped as the payout integrations merchants run in
 * production call it: login, batch creation, and queries by credit_note, order_id or id.
 */

/** A payout item as the merchant API answers it, also the payout URL's notification body. */
export const PublicPayoutSchema = z.object({
  id: z.number().int(),
  payroll: z.number().int(),
  order_id: z.string(),
  credit_note: z.string(),
  amount: z.number(),
  account_id: z.string().nullable(),
  account_type: z.string().nullable(),
  bank: z.number().int(),
  vat_id: z.string().nullable(),
  vat_id_type: z.string().nullable(),
  name: z.string().nullable(),
  status: PayoutStatusSchema,
  transfer_status: z
    .number()
    .int()
    .min(1)
    .max(5)
    .describe('1 in process, 2 approved, 3 rejected, 4 rejected by the bank, 5 approved by the bank (paid)'),
  transfer_status_description: z.string(),
  reference: z.string().nullable().describe('set once approved'),
  otp_code: z.string().nullable().describe('set once approved'),
  created_at: z.string(),
  updated_at: z.string(),
  warnings: z.array(z.string()).describe("what was accepted against the service's advice: field, value sent, what the service asks for"),
});
export type PublicPayout = z.infer<typeof PublicPayoutSchema>;

export const PayoutBatchResponseSchema = z.object({
  payroll: z.number().int(),
  data: z.array(PublicPayoutSchema).describe('one entry per item, in the order sent'),
});
export type PayoutBatchResponse = z.infer<typeof PayoutBatchResponseSchema>;

export const PayoutLoginBodySchema = z.object({ username: z.string(), password: z.string() });
export const PayoutLoginResponseSchema = z.object({ token: z.string() });

export const PublicPayoutQuerySchema = z.object({
  credit_note: z.string().optional(),
  order_id: z.string().optional(),
  ...pageQuery(),
});

const AUTH =
  'Header `Authorization: <scheme> <token>`: the token of `POST /api/login` (valid for the setting `payout_token_ttl_minutes` of ' +
  "sandbox time, then 401 TOKEN_EXPIRED) or the merchant's static `payout_token`. Any single scheme word is accepted (Bearer, Token, " +
  'JWT, …) unless the setting `payout_auth_scheme` names one. Missing, malformed or unknown: 401 UNAUTHORIZED.';
const AUTH_ERRORS = ['UNAUTHORIZED', 'TOKEN_EXPIRED', 'MERCHANT_DISABLED'];

export const payoutApiRoutes = {
  payoutLogin: defineRoute({
    method: 'POST',
    path: '/api/login',
    call: 'payout_login',
    summary: "Log in with the merchant's payout username and password; answers a token for the payout API",
    tags: ['merchant API'],
    body: PayoutLoginBodySchema,
    response: PayoutLoginResponseSchema,
    errors: ['INVALID_CREDENTIALS', 'MERCHANT_DISABLED', 'UNSUPPORTED_CONTENT_TYPE', 'INVALID_JSON'],
    description:
      'Demo merchant: `{"username":"payout_demo","password":"pw_sandbox_demo"}`. Wrong or missing credentials: 401 INVALID_CREDENTIALS.',
  }),
  createPayouts: defineRoute({
    method: 'POST',
    path: '/api/transactions/',
    faultTarget: 'payouts',
    call: 'payout_batch',
    summary: 'Create a batch (payroll) of cash-out payouts',
    tags: ['merchant API'],
    body: PayoutBatchSchema,
    response: PayoutBatchResponseSchema,
    status: 201,
    errors: [
      ...AUTH_ERRORS,
      'MISSING_CONTENT_TYPE',
      'UNSUPPORTED_CONTENT_TYPE',
      'EMPTY_JSON_BODY',
      'INVALID_JSON',
      'INVALID_JSON_STRUCTURE',
      'VALIDATION_ERROR',
    ],
    description:
      `${AUTH} Body: a JSON array of 1 to ${MAX_PAYOUT_BATCH} payout items. ` +
      'Accepted liberally: order_id/credit_note as strings or numbers, bank as an integer or numeric string, account_type in English ' +
      'or Spanish, a channel that is not an http(s) address (warning, no channel payload); each item answers its `warnings`. ' +
      'Still refused, the whole batch with 400 VALIDATION_ERROR and `error.details: [{index, problems: [...]}]`, nothing stored: ' +
      'amount ≤ 0 or not a number, a missing required field, a text field longer than ' +
      `${MAX_PAYOUT_TEXT_LENGTH} characters, an unknown bank code, a repeated credit_note. Allowed values per country:\n` +
      describePayoutLists(),
  }),
  listPublicPayouts: defineRoute({
    method: 'GET',
    path: '/api/transactions/',
    faultTarget: 'payouts',
    call: 'payout_list',
    summary: "The token's merchant's payout items, newest first, by credit_note or order_id",
    tags: ['merchant API'],
    query: PublicPayoutQuerySchema,
    response: pageOf(PublicPayoutSchema),
    errors: [...AUTH_ERRORS, 'VALIDATION_ERROR'],
    description: AUTH,
  }),
  getPublicPayout: defineRoute({
    method: 'GET',
    path: '/api/transactions/:id',
    call: 'payout_get',
    params: z.object({ id: IdParam('payout') }),
    summary: "One payout item of the token's merchant",
    tags: ['merchant API'],
    response: PublicPayoutSchema,
    errors: [...AUTH_ERRORS, 'NOT_FOUND'],
    description: `${AUTH} Another merchant's or an unknown id: 404 NOT_FOUND.`,
  }),
};
