import { z } from 'zod';
import { OperationStatusSchema } from './common.js';
import { defineRoute } from './route.js';

/** Channel 36 sandbox card failure codes and their meanings, as the service documents them. */
export const CARD_FAILURES = {
  '3001': 'Card declined',
  '3002': 'Card expired',
  '3003': 'Insufficient funds',
  '3004': 'Card reported stolen',
  '3005': 'Rejected by fraud prevention',
} as const;
export const CARD_FAILURE_CODES = ['3001', '3002', '3003', '3004', '3005'] as const satisfies readonly (keyof typeof CARD_FAILURES)[];

/** Channel 11 failure reasons (`error_reason`), as the service lists them, offered by the sandbox panel. */
export const CH11_ERROR_REASONS = [
  'bank_account_locked',
  'bank_connection_error',
  'bank_not_available',
  'amount_limit_reached',
  'insufficient_funds',
  'login_credentials_locked',
  'login_invalid_credentials',
  'maximum_amount_error',
  'mfa_authorization_timeout',
  'mfa_invalid_authorization',
  'mfa_locked',
  'mfa_unavailable',
  'new_contact_amount_limit_reached',
  'new_contact_transfer_number_limit_reached',
  'recipient_account_not_allowed',
  'unresolved_final_status',
  'widget_closed',
  'user_left',
  'new_payment_intent_in_progress',
] as const;

/** resources/test-values/cards.json: the sandbox test cards of the channel 36 card form. */
export const TestCardsSchema = z.object({
  description: z.string(),
  schemes: z.array(z.object({ brand: z.string(), name: z.string(), cvv_length: z.union([z.literal(3), z.literal(4)]) })),
  cards: z.array(
    z.object({
      number: z.string().regex(/^\d{13,19}$/),
      brand: z.string(),
      result: z.enum(['success', 'failure']),
      code: z.enum(CARD_FAILURE_CODES).optional(),
      message: z.string().optional(),
    }),
  ),
  other_numbers: z.object({ code: z.enum(CARD_FAILURE_CODES), message: z.string() }),
});
export type TestCards = z.infer<typeof TestCardsSchema>;

/** resources/test-values/bank-credentials.json: fixed values of the channel 5 test bank. */
export const BankCredentialsSchema = z.object({
  description: z.string(),
  bank: z.string(),
  bank_name: z.string(),
  rut: z.string(),
  password: z.string(),
  accounts: z.array(z.object({ id: z.string(), label: z.string(), number: z.string() })).min(1),
  activation_code: z.string(),
  coordinates: z.record(z.string(), z.string()),
  sms_code: z.string(),
});
export type BankCredentials = z.infer<typeof BankCredentialsSchema>;

export const TokenQuerySchema = z.object({ tokenID: z.string().min(1).max(128) });

/** What the checkout page polls. */
export const CheckoutStatusSchema = z.object({
  status: OperationStatusSchema,
  /** url_ok once confirmed, url_error once rejected, cancelled or expired; null while pending. */
  redirect: z.string().nullable(),
  /**
   * Whether the page goes to `redirect` by itself: false for an address on a domain reserved for
   * examples and tests (shop.example…), where the page stays on its result and offers the link.
   */
  follow: z.boolean(),
  /** Sandbox now and effective expiry, epoch ms, so the countdown follows sandbox time. */
  now: z.number(),
  expires_at: z.number(),
});
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>;

const html = z.string().describe('HTML page');

/** The shopper-facing checkout: HTML pages, their form actions and the polling endpoint. */
export const checkoutRoutes = {
  checkoutPage: defineRoute({
    method: 'GET',
    path: '/check-out/',
    call: 'checkout_page',
    summary: 'Hosted checkout page of an operation (every channel); an unknown token answers a 404 page',
    tags: ['checkout'],
    query: TokenQuerySchema.extend({ channel: z.string().optional(), platform: z.string().optional() }),
    response: html,
    responseContentType: 'text/html',
  }),
  bankSelectionPage: defineRoute({
    method: 'GET',
    path: '/check-out/bank-selection/',
    call: 'checkout_page',
    summary: 'Simulated bank-selection page of channel 36 bank_account',
    tags: ['checkout'],
    query: TokenQuerySchema,
    response: html,
    responseContentType: 'text/html',
  }),
  checkoutAction: defineRoute({
    method: 'POST',
    path: '/check-out/actions',
    summary: "A shopper's action on a checkout page (form post); answers 303 to the page, or the page with the error",
    tags: ['checkout'],
    body: z.object({ tokenID: z.string(), action: z.string(), m: z.string().optional() }).catchall(z.string()),
    bodyContentTypes: ['application/x-www-form-urlencoded'],
    status: 303,
    response: html,
    responseContentType: 'text/html',
    description:
      'Actions: cancel, sandbox_outcome (outcome=confirmed|rejected|cancelled|expired, error_reason, ' +
      'card_failure_code, rejection_code, rejection_message), bank_approve and bank_reject on simulated ' +
      'bank pages, and per channel: select_bank, login, choose_account, activation, coordinates, sms (5); ' +
      'select_institution (11); choose_method, change_method, choose_bank (17); card_pay, pse_select, ' +
      'choose_cash (36); wallet_login (22); choose_method, change_method (16, 33); spei_transfer (41, ' +
      'sandbox panel).',
  }),
  checkoutStatus: defineRoute({
    method: 'GET',
    path: '/check-out/status',
    summary: 'Status of a checkout, polled by the page',
    tags: ['checkout'],
    query: TokenQuerySchema,
    response: CheckoutStatusSchema,
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
  }),
  checkoutCss: defineRoute({
    method: 'GET',
    path: '/check-out/assets/checkout.css',
    summary: 'The one stylesheet of every checkout page',
    tags: ['checkout'],
    response: z.string().describe('CSS'),
    responseContentType: 'text/css',
  }),
  checkoutJs: defineRoute({
    method: 'GET',
    path: '/check-out/assets/checkout.js',
    summary: 'The one script of the checkout pages (countdown, status polling); every page also works without it',
    tags: ['checkout'],
    response: z.string().describe('JavaScript'),
    responseContentType: 'text/javascript',
  }),
  legacyErrorPage: defineRoute({
    method: 'GET',
    path: '/check-out/error',
    call: 'checkout_page',
    summary: 'The error page of the older creation dialects: explains the code of the error address (101–112, …) in Spanish and English',
    tags: ['checkout'],
    query: z.object({ error: z.string().max(64).optional() }),
    response: html,
    responseContentType: 'text/html',
  }),
  voucherPdf: defineRoute({
    method: 'GET',
    path: '/check-out/voucher.pdf',
    summary: 'PDF cash voucher (channels 36 cash and 38)',
    tags: ['checkout'],
    query: TokenQuerySchema,
    response: z.string().describe('PDF document'),
    responseContentType: 'application/pdf',
  }),
};
