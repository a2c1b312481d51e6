import { z } from 'zod';
import { CHANNEL_IDS, OkSchema } from './common.js';
import { defineRoute } from './route.js';
import { ProtocolSchema } from './protocol.js';

/** The public key of the demo merchant every new data dir starts with (the console preselects it too). */
export const DEMO_PUBLIC_KEY = 'pk_sandbox_demo';

const urlOrNull = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/\S+$/i, 'must be an http(s) URL')
  .nullable();

/** The currencies each channel is enabled with: `{"17": ["COP"], "41": ["MXN"], ...}`. */
export const MerchantChannelsSchema = z
  .record(z.string().regex(/^\d+$/), z.array(z.string().regex(/^[A-Z]{3}$/)).max(10))
  .refine((m) => Object.keys(m).every((k) => (CHANNEL_IDS as readonly number[]).includes(Number(k))), {
    message: `channel keys must be among ${CHANNEL_IDS.join(', ')}`,
  });
export type MerchantChannels = z.infer<typeof MerchantChannelsSchema>;

export const SignatureLayoutSchema = z.enum(['standard', 'legacy']);

/** Settings a merchant PATCH may name; each replaces the stored value whole. */
export const MerchantSettingsSchema = z
  .object({
    name: z.string().min(1).max(255),
    success_url: urlOrNull,
    rejection_url: urlOrNull,
    payout_url: urlOrNull,
    notification_signature_layout: SignatureLayoutSchema,
    enabled: z.boolean(),
    max_amount: z.number().positive().max(1e15),
    channels: MerchantChannelsSchema,
    blacklisted_documents: z.array(z.string().min(1).max(255)).max(10000),
    allow_http_localhost: z.boolean().describe('accept http://localhost and http://127.0.0.1 as url_ok/url_error'),
    protocol: ProtocolSchema.describe(
      'current (default): an older-dialect creation is refused with its migration; legacy: the 2018 and 2019 dialects are served as ' +
        'the service did (switching to legacy also switches notification_signature_layout to legacy unless the same change names it)',
    ),
    allow_private_callbacks: z
      .boolean()
      .describe('on a shared sandbox, send payout callbacks to loopback and private addresses too (refused by default)'),
    payout_username: z.string().min(1).max(255).nullable().describe('payout login username (POST /api/login); null: no login'),
    payout_password: z.string().min(1).max(255).nullable().describe('payout login password'),
  })
  .partial()
  .strict();
export type MerchantSettings = z.infer<typeof MerchantSettingsSchema>;

export const MerchantSchema = z.object({
  mid_id: z.number().int(),
  name: z.string(),
  public_key: z.string(),
  secret_key: z.string(),
  payout_token: z.string(),
  payout_username: z.string().nullable(),
  payout_password: z.string().nullable(),
  clabe: z.string(),
  success_url: z.string().nullable(),
  rejection_url: z.string().nullable(),
  payout_url: z.string().nullable(),
  notification_signature_layout: SignatureLayoutSchema,
  enabled: z.boolean(),
  max_amount: z.number(),
  channels: z.record(z.string(), z.array(z.string())),
  blacklisted_documents: z.array(z.string()),
  allow_http_localhost: z.boolean(),
  protocol: ProtocolSchema,
  allow_private_callbacks: z.boolean(),
  created_at: z.string(),
});
export type Merchant = z.infer<typeof MerchantSchema>;

const keyText = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

export const CreateMerchantSchema = MerchantSettingsSchema.extend({
  name: z.string().min(1).max(255),
  public_key: keyText.optional(),
  secret_key: keyText.optional(),
  payout_token: keyText.optional(),
}).strict();
export type CreateMerchant = z.infer<typeof CreateMerchantSchema>;

/** `--seed FILE`: a JSON array of merchants (or `{ "merchants": [...] }`). */
export const SeedListSchema = z.array(CreateMerchantSchema);
export const SeedObjectSchema = z.object({ merchants: SeedListSchema }).strict();

export const merchantRoutes = {
  listMerchants: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/merchants',
    summary: 'List merchants with their keys and settings',
    tags: ['merchants'],
    response: z.object({ items: z.array(MerchantSchema) }),
  }),
  createMerchant: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/merchants',
    summary: 'Create a merchant; keys not given are generated',
    tags: ['merchants'],
    body: CreateMerchantSchema,
    response: MerchantSchema,
    status: 201,
    errors: ['VALIDATION_ERROR', 'CONFLICT'],
  }),
  updateMerchant: defineRoute({
    method: 'PATCH',
    path: '/sandbox/v1/merchants/:public_key',
    params: z.object({ public_key: z.string() }),
    summary: 'Replace the named settings of a merchant (null unsets a URL)',
    tags: ['merchants'],
    body: MerchantSettingsSchema,
    response: MerchantSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'CONFLICT'],
  }),
  resetSandbox: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/reset',
    summary: 'Back to a fresh sandbox: demo merchant only, clock at real time',
    tags: ['sandbox'],
    response: OkSchema,
  }),
};
