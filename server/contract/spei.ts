import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './paging.js';

/** A decimal amount with at most two decimals, as a JSON number or a string: clients send either. */
export const SpeiAmountSchema = z
  .union([z.number(), z.string().max(32)])
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(s) || Number(s) <= 0) {
      ctx.addIssue({ code: 'custom', message: 'amount must be a positive decimal with at most two decimals, e.g. 1500.50' });
      return z.NEVER;
    }
    const [int, frac = ''] = s.split('.');
    return Number(int) * 100 + Number(frac.padEnd(2, '0'));
  })
  .describe('amount in MXN with cents, e.g. 1500.50 or "1500.50"');

export const InjectTransferSchema = z
  .object({
    clabe: z.string().regex(/^\d{18}$/, 'clabe must be 18 digits'),
    amount: SpeiAmountSchema,
    rfc: z.string().min(1).max(32),
    sender_name: z.string().max(255).optional(),
  })
  .strict();
export type InjectTransfer = z.input<typeof InjectTransferSchema>;

/**
 * Why a transfer was or was not applied, as a stable code (the reason's words follow it in `reason`):
 * `matched` {operation, rfc, amount}; `no_merchant` {clabe}; `rfc_separators` {rfc};
 * `operation_closed` {rfc, amount, operation, status, at}; `amount_differs` {rfc, amount, pending (the first five), count};
 * `already_paid` {rfc, amount, operation}; `no_pending` {rfc, amount}.
 */
export const SPEI_REASON_CODES = [
  'matched',
  'no_merchant',
  'rfc_separators',
  'operation_closed',
  'amount_differs',
  'already_paid',
  'no_pending',
] as const;
export type SpeiReasonCode = (typeof SPEI_REASON_CODES)[number];

const reasonFacts = {
  reason: z.string().describe('why it was or was not applied, in words'),
  reason_code: z
    .string()
    .nullable()
    .describe(`the reason as a code: ${SPEI_REASON_CODES.join(', ')}; null on transfers older than the codes`),
  reason_params: z.record(z.string(), z.string()).nullable().describe("the reason's values (RFC, amount, operation…), by name"),
};

export const InjectTransferResultSchema = z.object({
  transfer_id: z.number().int(),
  matched_operation_id: z.number().int().nullable(),
  ...reasonFacts,
});

export const TransferSchema = z.object({
  id: z.number().int(),
  clabe: z.string(),
  amount: z.string(),
  rfc: z.string(),
  sender_name: z.string().nullable(),
  received_at: z.string(),
  mid_id: z.number().int().nullable(),
  matched_operation_id: z.number().int().nullable(),
  result: z.enum(['matched', 'unmatched']),
  ...reasonFacts,
});
export type Transfer = z.infer<typeof TransferSchema>;

export const speiRoutes = {
  injectTransfer: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/spei/transfers',
    summary: 'An incoming SPEI transfer to a merchant CLABE; matched by RFC and exact amount to the oldest pending channel-41 operation',
    tags: ['spei'],
    body: InjectTransferSchema,
    response: InjectTransferResultSchema,
    status: 201,
    errors: ['VALIDATION_ERROR'],
  }),
  listTransfers: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/spei/transfers',
    summary: 'The transfer ledger, newest first, with each match result and its reason',
    tags: ['spei'],
    query: z.object(pageQuery()),
    response: pageOf(TransferSchema),
  }),
};
