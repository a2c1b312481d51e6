import { z } from 'zod';
import { MASKED_SECRET } from './secret-masking.js';
import { defineRoute } from './route.js';
import { CREATION_SIGNED_FIELDS, NOTIFICATION_SIGNED_FIELDS, NOTIFICATION_SIGNED_FIELDS_LEGACY } from './signed-fields.js';

/** How the sender ordered the signed values; notification layouts add the other layout. */
export const DIAGNOSIS_ORDERS = [
  'alphabetical',
  'channel_first',
  'public_key_left_out',
  'notification',
  'custom',
  'legacy_layout',
  'standard_layout',
] as const;

/**
 * What a refused payout call sent instead of a payout token, so the refusal explains itself: a usable
 * token in the wrong shape (no scheme word, the scheme twice, quoted, the whole login answer, another
 * letter case, cut short), a login token revoked when the payout login changed, or another credential
 * of a merchant (its keys, its payout login, HTTP Basic credentials built from that login).
 */
export const TOKEN_MISTAKES = [
  'no_scheme',
  'scheme_repeated',
  'quoted',
  'login_answer',
  'other_case',
  'truncated',
  'revoked_login',
  'public_key',
  'secret_key',
  'payout_username',
  'payout_password',
  'basic_credentials',
] as const;
export type TokenMistake = (typeof TOKEN_MISTAKES)[number];

/**
 * Token mistakes whose naming would confirm a guessed credential (a secret key, a payout login, most
 * of a payout token; Basic credentials, which are named when their username exists): the answer
 * header names them only to loopback or control-token callers. The others describe the sender's own
 * header, or a token it already held.
 */
export const REVEALING_TOKEN_MISTAKES: ReadonlySet<TokenMistake> = new Set([
  'secret_key',
  'payout_username',
  'payout_password',
  'other_case',
  'truncated',
  'basic_credentials',
]);

export type DiagnosisOrder = (typeof DIAGNOSIS_ORDERS)[number];

/** A member the other kind of recipe has: present, it makes the recipe one that cannot be. */
const absent = z.never().optional();

/** How the values were ordered: a named order, or `custom` with the field names in the order the sender used. */
const RecipeOrderSchema = z.union([
  z.object({ order: z.enum(DIAGNOSIS_ORDERS).exclude(['custom']).optional(), custom_order: absent }),
  z.object({ order: z.literal('custom'), custom_order: z.array(z.string()) }),
]);

/**
 * Where the secret went. `in_values_and_hmac_key`: sorted in among the values as if it were a field
 * named `secret_name`, and also the HMAC key (a published integration's recipe). `other_merchant`:
 * another merchant's secret, that merchant's public_key in `secret_of` (named in the answer header to
 * loopback or control-token callers only).
 */
const RecipeSecretSchema = z.union([
  z.object({ secret: z.enum(['prefix', 'none', 'hmac_key']).optional(), secret_name: absent, secret_of: absent }),
  z.object({ secret: z.literal('in_values_and_hmac_key'), secret_name: z.string(), secret_of: absent }),
  z.object({ secret: z.literal('other_merchant'), secret_of: z.string(), secret_name: absent }),
]);

/** A refused signature: the ingredients that differ from the documented recipe. */
const SignatureRecipeSchema = z
  .object({
    separator: z.string().optional(),
    algorithm: z.enum(['sha1', 'md5', 'sha512']).optional(),
    encoding: z.enum(['base64', 'base64_of_hex']).optional(),
    field: z.object({ name: z.string(), sent: z.string(), signed: z.string() }).optional(),
    token: absent,
    token_of: absent,
  })
  .and(RecipeOrderSchema)
  .and(RecipeSecretSchema);

/** A refused payout call: what was sent where the token belongs, and the merchant whose credential or token it is. */
const TokenRecipeSchema = z.object({
  token: z.enum(TOKEN_MISTAKES),
  /** Named in the answer header to loopback or control-token callers only. */
  token_of: z.string().optional(),
  order: absent,
  custom_order: absent,
  separator: absent,
  secret: absent,
  secret_name: absent,
  secret_of: absent,
  algorithm: absent,
  encoding: absent,
  field: absent,
});

/**
 * The ingredients of a signature that differ from the documented recipe, or what a payout call sent
 * instead of its token; never both. An absent key is as documented: its order, no separator, the
 * secret appended, SHA-256, hex, every value as sent.
 */
export const RecipeSchema = z.union([SignatureRecipeSchema, TokenRecipeSchema]);
export type Recipe = z.infer<typeof RecipeSchema>;

/**
 * Why a diagnosis found no recipe: no known recipe reproduces the signature, the signature is no
 * digest at all, the signed values are too long to try recipes on, or a payout token is none the
 * sandbox knows. With the numbers the sentence names, so a console words it in its own language.
 */
export const UNMATCHED_REASONS = ['no_recipe', 'not_a_digest', 'too_long', 'unknown_token'] as const;
export const UnmatchedReasonSchema = z.object({
  code: z.enum(UNMATCHED_REASONS),
  params: z.record(z.string(), z.number()),
});
export type UnmatchedReason = z.infer<typeof UnmatchedReasonSchema>;

/** The scheme word shown in a token's expected string when the sandbox accepts any single word. */
export const ANY_SCHEME_WORD = '<any scheme word, e.g. Bearer>';

export const DiagnosisSchema = z.object({
  matched: z.boolean(),
  recipe: RecipeSchema.nullable().describe('the ingredients that differ from the service, when a known recipe reproduces the signature'),
  expected_string: z.string().describe(`the string the service signs, the secret shown as ${MASKED_SECRET}`),
  explanation: z.string().describe('one sentence a developer can act on'),
  reason: UnmatchedReasonSchema.optional().describe('matched: false: why no recipe was found, and the numbers the explanation names'),
  next_problem: z
    .object({ code: z.string(), message: z.string() })
    .optional()
    .describe('a refused creation: the refusal the same request meets once signed right (e.g. INVALID_TIME)'),
});
export type Diagnosis = z.infer<typeof DiagnosisSchema>;

export const SIGNATURE_KINDS = ['creation', 'notification', 'notification_legacy'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

export const DiagnoseBodySchema = z
  .object({
    kind: z.enum(SIGNATURE_KINDS).default('creation'),
    fields: z.record(z.string().max(64), z.string().max(4096)).refine((f) => Object.keys(f).length <= 100, 'at most 100 fields'),
    signature: z.string().max(512).optional().describe('the signature sent; default fields.signature'),
    merchant: z
      .string()
      .max(255)
      .optional()
      .describe('whose secret the service signs with; default fields.public_key, then the demo merchant'),
    secret: z.string().max(512).optional().describe("a secret to use instead of the merchant's (e.g. one the operator types)"),
  })
  .strict();

export const DiagnoseResultSchema = z.object({
  expected_signature: z.string(),
  expected_string: z.string(),
  provided: z.string(),
  match: z.boolean(),
  diagnosis: DiagnosisSchema.nullable().describe('null when the signature matches or none was given'),
});
export type DiagnoseResult = z.infer<typeof DiagnoseResultSchema>;

export const diagnosisRoutes = {
  diagnoseSignature: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/signatures/diagnose',
    summary: 'How a signature was built: the known recipe (order, separator, secret, hash, encoding, one value) that reproduces it',
    tags: ['signatures'],
    body: DiagnoseBodySchema,
    response: DiagnoseResultSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
};

/** The documented field order of each kind of signature. */
export const specOrderOf = (kind: SignatureKind): readonly string[] =>
  kind === 'creation' ? CREATION_SIGNED_FIELDS : kind === 'notification' ? NOTIFICATION_SIGNED_FIELDS : NOTIFICATION_SIGNED_FIELDS_LEGACY;

/** The field names in the order a recipe puts them. */
export function recipeOrder(kind: SignatureKind, r: Recipe): readonly string[] {
  const spec = specOrderOf(kind);
  switch (r.order) {
    case undefined:
      return spec;
    case 'alphabetical':
      return [...spec].sort();
    case 'channel_first':
      return ['channel', ...spec.filter((k) => k !== 'channel')];
    case 'public_key_left_out':
      return spec.filter((k) => k !== 'public_key');
    case 'notification':
      return NOTIFICATION_SIGNED_FIELDS.map((k) => (k === 'trans_ID' ? 'trans_id' : k));
    case 'custom':
      return r.custom_order;
    case 'legacy_layout':
      return NOTIFICATION_SIGNED_FIELDS_LEGACY;
    case 'standard_layout':
      return NOTIFICATION_SIGNED_FIELDS;
  }
}

/** Sorted field names with the secret (null) sorted in under `name`, as `ksort` puts it. */
export function withSecretAmong(sorted: readonly string[], name: string): (string | null)[] {
  const at = sorted.findIndex((k) => k > name);
  const out: (string | null)[] = [...sorted];
  out.splice(at < 0 ? sorted.length : at, 0, null);
  return out;
}

/**
 * The string the sender hashed according to a recipe, the secret shown as `mask` (beside the
 * expected string in the console). With `hmac_key` the secret is the HMAC key, not part of the string;
 * with `in_values_and_hmac_key` it is both.
 */
export function recipeString(kind: SignatureKind, fields: Record<string, string>, r: Recipe, mask = MASKED_SECRET): string {
  const f = r.field ? { ...fields, [r.field.name]: r.field.signed } : fields;
  const order = recipeOrder(kind, r);
  const sep = r.separator ?? '';
  if (r.secret === 'in_values_and_hmac_key')
    return withSecretAmong(order, r.secret_name)
      .map((k) => (k === null ? mask : (f[k] ?? '')))
      .join(sep);
  const values = order.map((k) => f[k] ?? '');
  if (r.secret === 'none' || r.secret === 'hmac_key') return values.join(sep);
  return (r.secret === 'prefix' ? [mask, ...values] : [...values, mask]).join(sep);
}
