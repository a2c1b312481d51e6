import { createHash, createHmac } from 'node:crypto';
import {
  recipeOrder,
  specOrderOf,
  withSecretAmong,
  type Diagnosis,
  type DiagnosisOrder,
  type Recipe,
  type SignatureKind,
} from '../../contract/diagnosis.js';
import { MASKED_SECRET } from '../../contract/secret-masking.js';
import { fieldForms } from './signature-forms.js';
import { explain } from './wording.js';

type Algorithm = 'sha256' | 'sha1' | 'md5' | 'sha512';
type Encoding = 'hex' | 'base64' | 'base64_of_hex';
type SecretUse = 'suffix' | 'prefix' | 'none' | 'hmac_key' | 'in_values_and_hmac_key';

/** A digest the sent signature may be: its algorithm follows from its length. */
interface Target {
  algorithm: Algorithm;
  encoding: Encoding;
  hex: string;
}

const BY_BYTES: Record<number, Algorithm> = { 16: 'md5', 20: 'sha1', 32: 'sha256', 64: 'sha512' };
const SEPARATORS = ['|', ',', ';', '&', ':', '-', '_', ' ', '.', '+', '/', '#', '\n', '\t'];
/** Names a secret is sorted in under when an integration adds it to the values before sorting them. */
const SECRET_FIELD_NAMES = ['key', 'secret', 'secret_key', 'api_secret', 'private_key'];
/** Hashes tried at most for one diagnosis, so a refusal still answers in a few milliseconds. */
export const MAX_HASHES = 2500;
/** Bytes hashed at most for one diagnosis: what a search costs grows with the values, not only with the recipes. */
export const MAX_HASHED_BYTES = 4 * 1024 * 1024;
/** The signed values together, in bytes, beyond which no recipe is searched (a flood of large refusals costs one hash each). */
export const MAX_DIAGNOSED_BYTES = 4096;
/** Other merchants' secrets tried (the newest first is the caller's choice). */
const MAX_OTHER_SECRETS = 40;

const isHexDigest = (s: string) => /^[0-9a-f]+$/i.test(s) && BY_BYTES[s.length / 2] !== undefined;

/** Every reading of the sent signature as a digest (hex, base64, base64 of the hex text). */
export function targetsOf(signature: string): Target[] {
  const s = signature.trim();
  const out: Target[] = [];
  if (isHexDigest(s)) out.push({ algorithm: BY_BYTES[s.length / 2]!, encoding: 'hex', hex: s.toLowerCase() });
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) {
    const bytes = Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    const alg = BY_BYTES[bytes.length];
    if (alg) out.push({ algorithm: alg, encoding: 'base64', hex: bytes.toString('hex') });
    const text = bytes.toString('latin1');
    if (isHexDigest(text)) out.push({ algorithm: BY_BYTES[text.length / 2]!, encoding: 'base64_of_hex', hex: text.toLowerCase() });
  }
  return out;
}

/** A way to order the signed values, named as the recipe names it (undefined: the documented order). */
interface OrderOption {
  name: Recipe['order'];
  fields: readonly string[];
}

/** The orders tried, each as `recipeOrder` spells it (so the console rebuilds the same string). */
function orderOptions(kind: SignatureKind, sentOrder: readonly string[]): OrderOption[] {
  const spec = specOrderOf(kind);
  const opts: OrderOption[] = [{ name: undefined, fields: spec }];
  const add = (name: Recipe['order'], fields: readonly string[]) => {
    const key = fields.join(' ');
    if (!opts.some((o) => o.fields.join(' ') === key)) opts.push({ name, fields });
  };
  const names: Exclude<DiagnosisOrder, 'custom'>[] =
    kind === 'creation'
      ? ['alphabetical', 'channel_first', 'public_key_left_out', 'notification']
      : ['alphabetical', kind === 'notification' ? 'legacy_layout' : 'standard_layout', 'public_key_left_out'];
  for (const name of names) add(name, recipeOrder(kind, { order: name }));
  // The order the values came in, when that is another order of the same fields.
  const sent = sentOrder.filter((k) => spec.includes(k));
  if (sent.length === spec.length) add('custom', sent);
  return opts;
}

/** One value replaced by another form of it (amount `50000.00`, `time` with `T`, …). */
interface FieldOption {
  name: string;
  signed: string;
}

type Candidate = {
  order: OrderOption;
  separator: string;
  /** Index into the other merchants, or -1 for the merchant's own secret. */
  other: number;
  field: FieldOption | null;
  /** Ingredients that differ from the documented recipe: simpler explanations are tried first. */
  cost: number;
} & (
  | { secret: Exclude<SecretUse, 'in_values_and_hmac_key'>; secretName?: never }
  | {
      secret: 'in_values_and_hmac_key';
      /** The name the secret was sorted under. */
      secretName: string;
    }
);

export interface DiagnoseInput {
  kind: SignatureKind;
  fields: Record<string, string>;
  /** The field names in the order they were sent (for a `custom` order). */
  sentOrder?: readonly string[];
  secret: string;
  signature: string;
  /** Other merchants' keys: a signature made with one of them names it. */
  others?: readonly { public_key: string; secret_key: string }[];
  /** Filled with the number of hashes tried and the bytes they covered (tests, benchmark). */
  stats?: { hashes: number; bytes?: number };
}

const hashHex = (alg: Algorithm, text: string) => createHash(alg).update(text, 'utf8').digest('hex');
const hmacHex = (alg: Algorithm, key: string, text: string) => createHmac(alg, key).update(text, 'utf8').digest('hex');

/**
 * The string the documented recipe signs, the secret masked (`expected_string`). Joined in one go, the
 * mask included: a flat string, so cutting the middle out of a long one copies only what is kept.
 */
export const expectedString = (kind: SignatureKind, fields: Record<string, string>): string =>
  [...specOrderOf(kind).map((k) => fields[k] ?? ''), MASKED_SECRET].join('');

function candidates(input: DiagnoseInput, orders: OrderOption[], others: number): Candidate[] {
  const out: Candidate[] = [];
  const secrets = ['suffix', 'prefix', 'none', 'hmac_key'] as const;
  const fieldOpts: (FieldOption | null)[] = [null];
  for (const name of specOrderOf(input.kind))
    for (const signed of fieldForms(name, input.fields[name] ?? '')) fieldOpts.push({ name, signed });
  for (const field of fieldOpts)
    for (const order of orders)
      for (const separator of ['', ...SEPARATORS]) {
        // A changed value is combined with every order and secret use, without a separator: those
        // cover the integrations seen in the field and keep the search to a couple of thousand hashes.
        if (field && separator) continue;
        for (const secret of secrets) {
          const cost = (order.name ? 1 : 0) + (separator ? 1 : 0) + (secret !== 'suffix' ? 1 : 0) + (field ? 1 : 0);
          out.push({ order, separator, secret, other: -1, field, cost });
        }
      }
  // The secret sorted in among the values under a field name of its own, and also the HMAC key: one
  // published recipe (the sorting is part of it), so it costs as one ingredient.
  const sorted = orders.find((o) => o.name === 'alphabetical');
  if (sorted) {
    const seen = new Set<string>();
    for (const secretName of SECRET_FIELD_NAMES) {
      const at = withSecretAmong(sorted.fields, secretName).indexOf(null);
      if (seen.has(String(at))) continue;
      seen.add(String(at));
      for (const separator of ['', ...SEPARATORS])
        out.push({
          order: sorted,
          separator,
          secret: 'in_values_and_hmac_key',
          secretName,
          other: -1,
          field: null,
          cost: 1 + (separator ? 1 : 0),
        });
    }
  }
  // Another merchant's secret, with the usual orders and secret uses, values as sent.
  for (let i = 0; i < others; i++)
    for (const order of orders)
      for (const secret of ['suffix', 'prefix', 'hmac_key'] as const)
        out.push({ order, separator: '', secret, other: i, field: null, cost: 1 + (order.name ? 1 : 0) + (secret !== 'suffix' ? 1 : 0) });
  return out.sort((a, b) => a.cost - b.cost);
}

/** The text a candidate hashes (the secret inside it where the recipe puts it there). */
function signedText(c: Candidate, values: string[], secret: string): string {
  switch (c.secret) {
    case 'hmac_key':
    case 'none':
      return values.join(c.separator);
    case 'prefix':
      return [secret, ...values].join(c.separator);
    case 'suffix':
      return [...values, secret].join(c.separator);
    case 'in_values_and_hmac_key': {
      const byName = new Map(c.order.fields.map((k, i) => [k, values[i]!]));
      return withSecretAmong(c.order.fields, c.secretName)
        .map((k) => (k === null ? secret : byName.get(k)!))
        .join(c.separator);
    }
  }
}

/**
 * Works out how a refused signature was built: tries known wrong recipes, and their
 * combinations, against the values as sent, simplest first, and names the ingredients of the first
 * that reproduces it. The search is bounded (MAX_HASHES) so a refusal still answers in milliseconds.
 */
export function diagnoseSignature(input: DiagnoseInput): Diagnosis {
  const expected_string = expectedString(input.kind, input.fields);
  const targets = targetsOf(input.signature);
  const unknown: Diagnosis = {
    matched: false,
    recipe: null,
    expected_string,
    reason: { code: targets.length ? 'no_recipe' : 'not_a_digest', params: {} },
    explanation: targets.length
      ? "No known recipe reproduces this signature: check that the secret key is this merchant's and that every value is signed " +
        'exactly as sent, in the order of the expected string.'
      : 'The signature is not a hex, base64 or base64-of-hex digest of SHA-256, SHA-1, MD5 or SHA-512: ' +
        'sign the lowercase hex SHA-256 of the expected string.',
  };
  if (targets.length === 0) return unknown;
  const signedBytes = specOrderOf(input.kind).reduce((n, k) => n + Buffer.byteLength(input.fields[k] ?? ''), 0);
  if (signedBytes > MAX_DIAGNOSED_BYTES)
    return {
      ...unknown,
      reason: { code: 'too_long', params: { bytes: signedBytes, max: MAX_DIAGNOSED_BYTES } },
      explanation:
        `The signed values are too long to diagnose (${signedBytes} bytes together; a diagnosis tries recipes only up to ` +
        `${MAX_DIAGNOSED_BYTES}): sign the lowercase hex SHA-256 of the expected string, and keep each value within its documented length.`,
    };
  const others = (input.others ?? []).slice(0, MAX_OTHER_SECRETS);
  const orders = orderOptions(input.kind, input.sentOrder ?? Object.keys(input.fields));
  const algorithms = [...new Set(targets.map((t) => t.algorithm))];
  let hashes = 0;
  let bytes = 0;
  const tally = () => {
    if (input.stats) Object.assign(input.stats, { hashes, bytes });
  };
  for (const c of candidates(input, orders, others.length)) {
    if (hashes >= MAX_HASHES || bytes >= MAX_HASHED_BYTES) break;
    const fields = c.field ? { ...input.fields, [c.field.name]: c.field.signed } : input.fields;
    const values = c.order.fields.map((k) => fields[k] ?? '');
    const secret = c.other < 0 ? input.secret : others[c.other]!.secret_key;
    const text = signedText(c, values, secret);
    const size = Buffer.byteLength(text);
    for (const alg of algorithms) {
      hashes++;
      bytes += size;
      const hex = c.secret === 'hmac_key' || c.secret === 'in_values_and_hmac_key' ? hmacHex(alg, secret, text) : hashHex(alg, text);
      const hit = targets.find((t) => t.algorithm === alg && t.hex === hex);
      if (!hit) continue;
      tally();
      const recipe = recipeOf(c, hit, input, others);
      return { matched: true, recipe, expected_string, explanation: explain(recipe, input.kind) };
    }
  }
  tally();
  return unknown;
}

/** The recipe a reproducing candidate stands for: only what differs from the documented recipe, in the order it is named. */
function recipeOf(c: Candidate, t: Target, input: DiagnoseInput, others: readonly { public_key: string }[]): Recipe {
  const name = c.order.name;
  const order = name === 'custom' ? { order: name, custom_order: [...c.order.fields] } : name ? { order: name } : {};
  const secret =
    c.other >= 0
      ? { secret: 'other_merchant' as const, secret_of: others[c.other]!.public_key }
      : c.secret === 'in_values_and_hmac_key'
        ? { secret: c.secret, secret_name: c.secretName }
        : c.secret === 'suffix'
          ? {}
          : { secret: c.secret };
  return {
    ...order,
    ...(c.separator ? { separator: c.separator } : {}),
    ...secret,
    ...(t.algorithm !== 'sha256' ? { algorithm: t.algorithm } : {}),
    ...(t.encoding !== 'hex' ? { encoding: t.encoding } : {}),
    ...(c.field ? { field: { name: c.field.name, sent: input.fields[c.field.name] ?? '', signed: c.field.signed } } : {}),
  };
}
