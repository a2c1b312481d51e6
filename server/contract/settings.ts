import { z } from 'zod';
import { defineRoute } from './route.js';

/** Sandbox-wide settings (per-merchant ones live on the merchant). */
export const SandboxSettingsSchema = z.object({
  /** Gaps between failed notification attempts, in sandbox minutes (default 1, 5, 15, 60). */
  retry_schedule_minutes: z
    .array(
      z
        .number()
        .positive()
        .max(60 * 24 * 30),
    )
    .max(20),
  /** Off mimics "marked failed" after the first failed attempt. */
  retries_enabled: z.boolean(),
  /** Payouts are processed this many sandbox minutes after the batch is accepted; the bank step of an approved item takes as long again. */
  payout_processing_delay_minutes: z
    .number()
    .min(0)
    .max(60 * 24 * 30),
  /** Scheme word the payout Authorization header must use; null accepts any single word (integrations in the field send various). */
  payout_auth_scheme: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/)
    .nullable(),
  /** Sandbox minutes a `POST /api/login` token stays valid; the static payout token never expires. */
  payout_token_ttl_minutes: z
    .number()
    .positive()
    .max(60 * 24 * 365),
  /** Resolve e-mail domains with real DNS (off: reserved names and the deny-list are unresolvable). */
  email_real_dns: z.boolean(),
  /** Extra e-mail domains treated as unresolvable. */
  email_domain_deny_list: z.array(z.string().min(1).max(253)).max(1000),
});
export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;

export const DEFAULT_SETTINGS: SandboxSettings = {
  retry_schedule_minutes: [1, 5, 15, 60],
  retries_enabled: true,
  payout_processing_delay_minutes: 5,
  payout_auth_scheme: null,
  payout_token_ttl_minutes: 60,
  email_real_dns: false,
  email_domain_deny_list: ['nodns.example.com', 'unresolvable.co'],
};

export const settingsRoutes = {
  getSettings: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/settings',
    summary: 'Sandbox-wide settings',
    tags: ['sandbox'],
    response: SandboxSettingsSchema,
  }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/sandbox/v1/settings',
    summary: 'Replace the named sandbox-wide settings',
    tags: ['sandbox'],
    body: SandboxSettingsSchema.partial().strict(),
    response: SandboxSettingsSchema,
    errors: ['VALIDATION_ERROR'],
  }),
};
