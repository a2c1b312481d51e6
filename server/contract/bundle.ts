import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Export bundle, version 1: the whole sandbox state as one JSON document. Rows keep the store's
 * column names and values (times are epoch ms on the sandbox clock); JSON columns are objects.
 * Columns this version does not name are carried as they are (later schema versions add some).
 */
export const BUNDLE_FORMAT = 'pasarela-sandbox-bundle';
export const BUNDLE_VERSION = 1;

const cell = z.union([z.string(), z.number(), z.null()]);
const id = z.number().int().positive();
const ref = id.nullable();
const time = z.number().int();
const obj = z.record(z.string(), z.unknown());
const row = <T extends z.ZodRawShape>(shape: T) => z.object(shape).catchall(cell);

export const BundleMerchantSchema = row({
  id,
  name: z.string().min(1),
  public_key: z.string().min(1),
  /** null when the export left secrets out. */
  secret_key: z.string().min(1).nullable(),
  payout_token: z.string().min(1).nullable(),
  clabe: z.string().regex(/^\d{18}$/),
  enabled: z.union([z.literal(0), z.literal(1)]),
  max_amount: z.number(),
  channels: z.record(z.string(), z.array(z.string())),
  blacklisted_documents: z.array(z.string()),
  created_at: time,
});

export const BundleEventSchema = row({
  id,
  operation_id: id,
  at: time,
  kind: z.string(),
  actor: z.string(),
  details: obj,
});

export const BundleOperationSchema = row({
  id,
  merchant_id: id,
  token: z.string().min(1),
  trans_id: z.string(),
  channel: z.number().int(),
  amount: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'confirmed', 'rejected', 'cancelled', 'expired']),
  shopper: obj,
  request: obj,
  details: obj,
  created_at: time,
  expires_at: time,
  updated_at: time,
  events: z.array(BundleEventSchema),
});

export const BundlePayrollSchema = row({ id, merchant_id: id, created_at: time, process_at: time });

export const BundlePayoutSchema = row({
  id,
  payroll_id: id,
  merchant_id: id,
  order_id: z.string(),
  credit_note: z.string(),
  item: obj,
  amount: z.string(),
  channel_url: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: time,
});

export const BundleAttemptSchema = row({
  id,
  notification_id: id,
  at: time,
  url: z.string(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
});

export const BundleNotificationSchema = row({
  id,
  public_id: z.string().min(1),
  merchant_id: id,
  operation_id: ref,
  payout_id: ref,
  kind: z.string(),
  url: z.string(),
  content_type: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  created_at: time,
  attempts: z.array(BundleAttemptSchema),
});

export const BundleTransferSchema = row({
  id,
  clabe: z.string(),
  amount_cents: z.number().int(),
  rfc: z.string(),
  received_at: time,
  merchant_id: ref,
  matched_operation_id: ref,
  result: z.string(),
  reason: z.string(),
});

export const BundleTimerSchema = z.object({ id, kind: z.string().min(1), ref_id: z.number().int(), due_at: time }).strict();

export const BundleSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    version: z.literal(BUNDLE_VERSION),
    exported_at: z.string(),
    sandbox_version: z.string(),
    /** Sandbox time when exported (ISO). */
    clock_now: z.string(),
    secrets_included: z.boolean(),
    /** Sandbox-wide settings and fault rules; applied on import only when asked. */
    settings: obj,
    merchants: z.array(BundleMerchantSchema),
    operations: z.array(BundleOperationSchema),
    payrolls: z.array(BundlePayrollSchema),
    payouts: z.array(BundlePayoutSchema),
    notifications: z.array(BundleNotificationSchema),
    spei_transfers: z.array(BundleTransferSchema),
    timers: z.array(BundleTimerSchema),
  })
  .strict();
export type Bundle = z.infer<typeof BundleSchema>;

const tally = z.object({ imported: z.number().int(), skipped: z.number().int() });

export const ImportReportSchema = z.object({
  ok: z.literal(true),
  format: z.string(),
  version: z.number().int(),
  counts: z.object({
    merchants: tally.extend({ existing: z.number().int() }),
    operations: tally,
    events: tally,
    payrolls: tally,
    payouts: tally,
    notifications: tally,
    attempts: tally,
    spei_transfers: tally,
    timers: tally,
  }),
  settings_applied: z.boolean(),
  /** One line per skipped, remapped or adjusted row (the first 200). */
  notes: z.array(z.string()),
  notes_truncated: z.number().int(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const ExportQuerySchema = z.object({
  include_secrets: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export const ImportQuerySchema = z.object({
  apply_settings: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export const bundleRoutes = {
  exportBundle: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/export',
    summary: 'The whole sandbox state as one versioned JSON bundle (secrets masked unless include_secrets=true)',
    tags: ['bundle'],
    query: ExportQuerySchema,
    response: BundleSchema,
  }),
  importBundle: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/import',
    summary: 'Import a bundle into this sandbox; answers what was imported or skipped',
    tags: ['bundle'],
    query: ImportQuerySchema,
    body: BundleSchema,
    response: ImportReportSchema,
    errors: ['VALIDATION_ERROR', 'INVALID_JSON', 'UNSUPPORTED_CONTENT_TYPE', 'PAYLOAD_TOO_LARGE'],
    description:
      'Body: a bundle from GET /sandbox/v1/export. The whole import is one transaction: a bad bundle is refused with the reason and ' +
      'changes nothing. Rows pass the checks the merchant and control APIs apply (merchant settings and keys, operation channel, ' +
      'currency, amount, return URLs, the URLs and QR text of operation details, notification URLs, fault rules); the first bad path ' +
      'is named. Rows get new ids (references are remapped). Merchants are matched by public_key: an existing one is kept as it is; a ' +
      'new one with masked secrets gets fresh keys. Operations whose checkout token, notifications whose public id, payouts whose ' +
      'credit_note (per merchant) and SPEI transfers identical in clabe, amount, RFC and time already present are skipped, so ' +
      'importing the same bundle twice adds nothing. apply_settings=true also replaces the sandbox-wide settings and fault rules.',
  }),
};
