import { z } from 'zod';
import { DialectSchema, EquivalentChannelSchema } from './protocol.js';
import { defineRoute } from './route.js';

/** One field a dialect request must change: what was sent (null: not sent) and what today's request has (null: dropped). */
export const MigrationChangeSchema = z.object({
  field: z.string(),
  sent: z.string().nullable(),
  current: z.string().nullable(),
  note: z.string(),
});
export type MigrationChange = z.infer<typeof MigrationChangeSchema>;

/**
 * What a dialect request should become today: the request itself (path and fields, the signature
 * shown as the string to hash with the secret masked), each change with its note, the current
 * channels that do what the legacy channel did, and the sandbox's own answer to the converted
 * request in a dry run that stores nothing.
 */
export const MigrationSchema = z.object({
  dialect: DialectSchema,
  current_request: z.object({ path: z.string(), fields: z.record(z.string(), z.string()) }),
  changes: z.array(MigrationChangeSchema),
  equivalent_channels: z.array(EquivalentChannelSchema),
  verified: z
    .object({ status: z.number().int(), code: z.string().nullable() })
    .describe('the answer to the converted request in a dry run (200 and code null: it would be accepted); nothing is stored'),
});
export type Migration = z.infer<typeof MigrationSchema>;

export const MigrationShapeSchema = z.object({
  dialect: DialectSchema,
  count: z.number().int().describe('how many requests of this shape were seen'),
  last_request_id: z.number().int().describe('the newest request-log entry of this shape'),
  migration: MigrationSchema,
});
export type MigrationShape = z.infer<typeof MigrationShapeSchema>;

export const MerchantMigrationSchema = z.object({
  merchant: z.string().describe('public_key'),
  shapes: z.array(MigrationShapeSchema),
});
export type MerchantMigration = z.infer<typeof MerchantMigrationSchema>;

export const migrationRoutes = {
  merchantMigration: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/merchants/:public_key/migration',
    params: z.object({ public_key: z.string().max(255) }),
    summary: 'Every distinct shape of older-dialect creation seen from a merchant since the last reset, each with its migration',
    tags: ['merchants'],
    response: MerchantMigrationSchema,
    errors: ['NOT_FOUND'],
    description:
      'A shape is one dialect, path, set of field names, channel and currency. Newest shape first. ' +
      'The request log keeps each refused request with its migration too.',
  }),
};
