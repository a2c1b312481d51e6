import { z } from 'zod';
import { defineRoute } from './route.js';
import { CHANNEL_IDS, CHANNEL_PATHS, creationAddress, type CreationPath } from './common.js';

/**
 * The service's payment creation form. Every value is a string exactly as sent;
 * the pipeline validates each one with its documented error code, so this schema only documents.
 */
export const CreationFieldsSchema = z.object({
  public_key: z.string().max(255),
  time: z.string().describe('YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS; any other ISO 8601 date-time is read as given, with a warning'),
  channel: z.string().describe('5, 11, 16, 17, 22, 30, 33, 35, 36, 38, 40 or 41'),
  amount: z
    .string()
    .describe('2 decimals; channel 17 whole pesos (fractions rounded); more decimals that are all zeros are read with a warning'),
  currency: z.string().length(3),
  trans_id: z.string().max(255).describe('starting with SBX-CREATION-ERROR answers CREATION_ERROR'),
  time_expired: z.string().max(255).optional().describe('minutes; optional on channel 17 only (default 120)'),
  url_ok: z.string().max(255).describe('https (http://localhost with the merchant setting allow_http_localhost)'),
  url_error: z.string().max(255),
  signature: z
    .string()
    .max(255)
    .describe('sha256(public_key time amount currency trans_id time_expired url_ok url_error channel + secret)'),
  shopper_information: z.string().describe('JSON object encoded as a string (JSON bodies may send an object)'),
  filter_by: z.string().optional(),
  user_bank_code: z.string().optional(),
  direct_integration: z.string().optional().describe('1 answers JSON payment data on channels 16, 17, 22 and 35'),
  gateway_source_id: z.string().max(255).optional().describe('channel 36 filter_by=card: tokenised card charge'),
});
export type CreationFields = z.infer<typeof CreationFieldsSchema>;

/** One row of the operation query API: one of the merchant's operations with the asked trans_id. */
export const OperationQueryRowSchema = z.object({
  id: z.number().int(),
  mid_id: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  channel: z.number().int(),
  created_at: z.string(),
  trans_id: z.string(),
  time_expired: z.number().int().describe('effective expiry in minutes'),
  cod_operation_partner: z.string().nullable(),
  cod_payment_partner: z.string().nullable(),
  cod_transaction_partner: z.string().nullable(),
  status: z.number().int().describe('1 pending, 2 confirmed, 3 rejected, 4 cancelled, 5 expired'),
  status_description: z.string(),
  user_bank_code: z.string().nullable(),
});
export type OperationQueryRow = z.infer<typeof OperationQueryRowSchema>;

export const OperationQuerySchema = z.object({
  public_key: z.string().optional(),
  time: z.string().optional(),
  mid_id: z.string().optional(),
  trans_id: z.string().optional(),
  signature: z.string().optional().describe('sha256(public_key time mid_id trans_id + secret)'),
});

export const NotifyFieldsSchema = z.object({
  public_key: z.string(),
  trans_id: z.string(),
  signature: z.string().describe('sha256(public_key trans_id + secret)'),
});

export const NotifyResponseSchema = z.object({
  ok: z.literal(true),
  operation_id: z.number().int(),
  trans_id: z.string(),
  status: z.literal('confirmed'),
});

/** The console's test-values page: every JSON file of resources/test-values, keyed by file name. */
export const TestValuesSchema = z.record(z.string(), z.unknown());

const creationErrors = [
  'METHOD_NOT_ALLOWED',
  'MISSING_CONTENT_TYPE',
  'UNSUPPORTED_CONTENT_TYPE',
  'EMPTY_JSON_BODY',
  'INVALID_JSON',
  'INVALID_JSON_STRUCTURE',
  'INVALID_BODY',
  'MISSING_FIELD',
  'EMPTY_FIELD',
  'FIELD_TOO_LONG',
  'INVALID_MERCHANT',
  'INVALID_SIGNATURE',
  'MERCHANT_DISABLED',
  'INVALID_CHANNEL',
  'DISABLED_CHANNEL',
  'INVALID_CURRENCY',
  'INVALID_CURRENCY_CHANNEL',
  'DISABLED_CURRENCY',
  'INVALID_CHANNEL_CURRENCY',
  'INVALID_AMOUNT',
  'NEGATIVE_AMOUNT',
  'MAX_AMOUNT_LIMIT',
  'AMOUNT_BELOW_MINIMUM',
  'INVALID_TIME',
  'INVALID_URL',
  'SHOPPERINFO_REQUIRED',
  'SHOPPERINFO_BAD_FORMAT',
  'SHOPPER_FIELD_REQUIRED',
  'SHOPPER_FIELD_TOO_LONG',
  'SHOPPER_COUNTRY_NOTALLOWED',
  'SHOPPER_INVALID_IDTYPE',
  'SHOPPER_INVALID_ID',
  'SHOPPER_INVALID_COUNTRY_CODE',
  'SHOPPER_INVALID_PHONE',
  'SHOPPER_INVALID_EMAIL_FORMAT',
  'BLACKLIST_DOCUMENT_ID',
  'SHOPPERINFO_INVALID',
  'SHOPPER_INVALID_COUNTRY',
  'SHOPPER_INVALID_EMAIL',
  'SHOPPER_PSE_ADDRESS_REQUIRED',
  'INVALID_FILTER_BY',
  'INVALID_USER_BANK_CODE',
  'FILTER_BY_REQUIRED',
  'USERBANK_CODE_REQUIRED',
  'INVALID_BANK_CODE',
  'VALIDATION_ERROR',
  'CREATION_ERROR',
];

const creationDescription = [
  'Form fields as sent (application/x-www-form-urlencoded utf-8 or multipart/form-data),',
  'or a flat application/json object on every channel (numbers read as their source text;',
  'a warning outside channel 17). Fields the service does not have are ignored with a warning; see docs/compatibility.md.',
  'Success: 200 text/plain checkout address `{base}/check-out/?channel=C&tokenID=T&platform=1`;',
  'channel 36 filter_by=bank_account answers `{base}/check-out/bank-selection/?tokenID=T`.',
  'direct_integration=1 answers JSON: channel 17 per filter_by (payment_link | operation_id, qr_value, qr_code | operation_id, key_value |',
  'operation_id, expired_at, amount, status, steps);',
  'channel 35: operation_id, consumer_code, deeplink_url, bank_channel, qr_image (base64 PNG);',
  'channel 22: operation_id, payment_url, qr_value, qr_code (PNG data URI), expired_at, amount, currency;',
  'channel 16: operation_id, reference, payment_url, expired_at, amount, currency.',
  'Magic values: trans_id starting with SBX-CREATION-ERROR → CREATION_ERROR; e-mail domains under .invalid, .test, .example, .localhost',
  'or in the settings deny-list → SHOPPER_INVALID_EMAIL_FORMAT;',
  'a document in the merchant blacklisted_documents → BLACKLIST_DOCUMENT_ID;',
  'channel 36 gateway_source_id tok_decline_3001…tok_decline_3005 → card declined with that code. See GET /sandbox/v1/test-values.',
  'Also served under the service prefixes /justpay and /justpay.cert, where the older /check-out/SecurePayment(.php) is a creation too.',
  'The 2018 and 2019 request formats (curency, trans_ID, url_erro; channels 0–4; a flat shopper) answer X-Sandbox-Protocol: a merchant',
  'on the current protocol gets the usual refusal naming the format, with the migration on the request log',
  "(GET /sandbox/v1/merchants/{public_key}/migration); one on the legacy protocol is served in the format's own style",
  '(errors as 200 with {base}/check-out/error?error=NNN). See docs/compatibility.md.',
].join(' ');

/** The channels a creation path serves, from the channel table: `5, 11, 16, 22, 30, 35`. */
const channelsOn = (path: CreationPath): string => CHANNEL_IDS.filter((c) => CHANNEL_PATHS[c] === path).join(', ');

const creation = (path: CreationPath) =>
  defineRoute({
    method: 'POST',
    path: creationAddress(path),
    summary: `Create a payment operation (channels ${channelsOn(path)})`,
    tags: ['merchant API'],
    body: CreationFieldsSchema,
    bodyContentTypes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
    response: z.string().describe('checkout address'),
    responseContentType: 'text/plain',
    faultTarget: 'creation',
    call: 'creation',
    errors: creationErrors,
    description: creationDescription,
  });

export const paymentRoutes = {
  createPayment: creation('SecurePayment'),
  createPaymentPhp: creation('SecurePayment.php'),
  queryOperations: defineRoute({
    method: 'GET',
    path: '/api/operations',
    faultTarget: 'operations_query',
    call: 'operation_query',
    summary: "The merchant's operations with a trans_id (a list: trans_id may repeat)",
    tags: ['merchant API'],
    query: OperationQuerySchema,
    response: z.array(OperationQueryRowSchema),
    errors: ['MISSING_FIELD', 'EMPTY_FIELD', 'INVALID_MERCHANT', 'INVALID_SIGNATURE', 'MERCHANT_DISABLED'],
  }),
  manualNotify: defineRoute({
    method: 'POST',
    path: '/api/notify',
    faultTarget: 'notify',
    call: 'manual_notify',
    summary: 'Sandbox only: confirm the newest pending operation with a trans_id and send its success notification',
    tags: ['merchant API'],
    body: NotifyFieldsSchema,
    bodyContentTypes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
    response: NotifyResponseSchema,
    errors: ['MISSING_FIELD', 'EMPTY_FIELD', 'INVALID_MERCHANT', 'INVALID_SIGNATURE', 'MERCHANT_DISABLED', 'NOT_FOUND'],
  }),
  testValues: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/test-values',
    summary: 'Catalogue of magic values and test data (one key per file of resources/test-values)',
    tags: ['sandbox'],
    response: TestValuesSchema,
  }),
};
