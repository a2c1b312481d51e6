import { z } from 'zod';

/**
 * Every error code the sandbox can answer, with its HTTP status. The service's channel 17 codes
 * (with their status), its channel 36 codes (all 400), plus sandbox codes.
 */
export const errorCatalogue = {
  // transport
  METHOD_NOT_ALLOWED: 405,
  MISSING_CONTENT_TYPE: 400,
  UNSUPPORTED_CONTENT_TYPE: 415,
  EMPTY_JSON_BODY: 400,
  INVALID_JSON: 400,
  INVALID_JSON_STRUCTURE: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** An HTTP Archive with more entries than one replay takes. */
  HAR_TOO_LARGE: 413,
  INVALID_BODY: 400,
  // fields
  MISSING_FIELD: 400,
  EMPTY_FIELD: 400,
  FIELD_TOO_LONG: 400,
  INVALID_TIME: 400,
  INVALID_URL: 400,
  // merchant
  INVALID_MERCHANT: 404,
  INVALID_SIGNATURE: 400,
  MERCHANT_DISABLED: 400,
  // channel and currency
  INVALID_CHANNEL: 400,
  DISABLED_CHANNEL: 400,
  INVALID_CHANNEL_CURRENCY: 400,
  DISABLED_CURRENCY: 400,
  INVALID_CURRENCY: 400,
  INVALID_CURRENCY_CHANNEL: 400,
  // amount
  INVALID_AMOUNT: 400,
  NEGATIVE_AMOUNT: 400,
  MAX_AMOUNT_LIMIT: 400,
  AMOUNT_BELOW_MINIMUM: 400,
  // shopper (channel 17 codes)
  SHOPPERINFO_REQUIRED: 400,
  SHOPPERINFO_BAD_FORMAT: 400,
  SHOPPER_FIELD_REQUIRED: 400,
  SHOPPER_COUNTRY_NOTALLOWED: 400,
  SHOPPER_INVALID_IDTYPE: 400,
  SHOPPER_INVALID_ID: 400,
  SHOPPER_INVALID_COUNTRY_CODE: 400,
  SHOPPER_INVALID_PHONE: 400,
  SHOPPER_INVALID_EMAIL_FORMAT: 400,
  SHOPPER_FIELD_TOO_LONG: 400,
  SHOPPER_INVALID_VALUE: 400,
  BLACKLIST_DOCUMENT_ID: 400,
  // shopper (channel 36 codes)
  SHOPPERINFO_INVALID: 400,
  SHOPPER_INVALID_COUNTRY: 400,
  SHOPPER_INVALID_EMAIL: 400,
  SHOPPER_PSE_ADDRESS_REQUIRED: 400,
  // method and bank
  INVALID_FILTER_BY: 400,
  INVALID_USER_BANK_CODE: 400,
  FILTER_BY_REQUIRED: 400,
  USERBANK_CODE_REQUIRED: 400,
  INVALID_BANK_CODE: 400,
  CREATION_ERROR: 400,
  // payouts and control API
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  /** A clock advance is already running (one at a time). */
  CLOCK_BUSY: 409,
  VALIDATION_ERROR: 400,
  INTERNAL_ERROR: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCatalogue;

/**
 * The one error type of the sandbox: a documented code, its HTTP status and a human message.
 * It lives here, below every layer that throws it (channels, domain, delivery, checkout, clock), so
 * none of them needs to import from http/; http/errors.ts turns it into the answer.
 */
export class SandboxError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    status?: number,
  ) {
    super(message);
    this.status = status ?? errorCatalogue[code];
  }
}

/** A readable one-line summary of zod issues: `amount: must be > 0; channel: required`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ');
}

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    request_id: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
