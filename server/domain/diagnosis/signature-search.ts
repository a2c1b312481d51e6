import { createHash, createHmac } from 'node:crypto';
import {
  recipeOrder,
  REVEALING_TOKEN_MISTAKES,
  specOrderOf,
  type Diagnosis,
  type Recipe,
  type SignatureKind,
} from '../../contract/diagnosis.js';
import { fieldForms } from './signature-forms.js';

type Algorithm = 'sha256' | 'sha1' | 'md5' | 'sha512';
type Encoding = 'hex' | 'base64' | 'base64_of_hex';
type SecretUse = 'suffix' | 'prefix' | 'none' | 'hmac_key';

/** A digest the sent signature may be: its algorithm follows from its length. */
interface Target {
  algorithm: Algorithm;
  encoding: Encoding;
  hex: string;
}

const BY_BYTES: Record<number, Algorithm> = { 16: 'md5', 20: 'sha1', 32: 'sha256', 64: 'sha512' };
const SEPARATORS = ['|', ',', ';', '&', ':', '-', '_', ' ', '.', '+', '/', '#', '\n', '\t'];
/** Hashes tried at most for one diagnosis, so a refusal still answers in a few milliseconds. */
export const MAX_HASHES = 2500;
/** Bytes hashed at most for one diagnosis: what a search costs grows with the values, not only with the recipes. */
export const MAX_HASHED_BYTES = 4 * 1024 * 1024;
/** The signed values together, in bytes, beyond which no recipe is searched (a flood of large refusals costs one hash each). */
export const MAX_DIAGNOSED_BYTES = 4096;
/** Other merchants' secrets tried (the newest first is the caller's choice). */
const MAX_OTHER_SECRETS = 40;
export const MASKED_SECRET = '••••';

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

/** A way to order the signed values, named as the recipe names it (undefined: the spec's). */
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
  const names: NonNullable<Recipe['order']>[] =
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

interface Candidate {
  order: OrderOption;
  separator: string;
  secret: SecretUse;
  /** Index into the other merchants, or -1 for the merchant's own secret. */
  other: number;
  field: FieldOption | null;
  /** Ingredients that differ from the spec: simpler explanations are tried first. */
  cost: number;
}

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
 * The string the spec signs, the secret masked (contract §10 `expected_string`). Joined in one go, the
 * mask included: a flat string, so cutting the middle out of a long one copies only what is kept.
 */
export const expectedString = (kind: SignatureKind, fields: Record<string, string>): string =>
  [...specOrderOf(kind).map((k) => fields[k] ?? ''), MASKED_SECRET].join('');

function candidates(input: DiagnoseInput, orders: OrderOption[], others: number): Candidate[] {
  const out: Candidate[] = [];
  const secrets: SecretUse[] = ['suffix', 'prefix', 'none', 'hmac_key'];
  const fieldOpts: (FieldOption | null)[] = [null];
  for (const name of specOrderOf(input.kind))
    for (const signed of fieldForms(name, input.fields[name] ?? '')) fieldOpts.push({ name, signed });
  for (const field of fieldOpts)
    for (const order of orders)
      for (const separator of ['', ...SEPARATORS]) {
        // A changed value is combined with the alphabetical order and the secret uses only: those
        // cover the integrations seen in the field and keep the search to about a thousand hashes.
        if (field && (separator || (order.name && order.name !== 'alphabetical'))) continue;
        for (const secret of secrets) {
          const cost = (order.name ? 1 : 0) + (separator ? 1 : 0) + (secret !== 'suffix' ? 1 : 0) + (field ? 1 : 0);
          out.push({ order, separator, secret, other: -1, field, cost });
        }
      }
  // Another merchant's secret, with the usual orders and secret uses, values as sent.
  for (let i = 0; i < others; i++)
    for (const order of orders)
      for (const secret of ['suffix', 'prefix', 'hmac_key'] as const)
        out.push({ order, separator: '', secret, other: i, field: null, cost: 1 + (order.name ? 1 : 0) + (secret !== 'suffix' ? 1 : 0) });
  return out.sort((a, b) => a.cost - b.cost);
}

/**
 * Works out how a refused signature was built (contract §10): tries known wrong recipes, and their
 * combinations, against the values as sent, simplest first, and names the ingredients of the first
 * that reproduces it. The search is bounded (MAX_HASHES) so a refusal still answers in milliseconds.
 */
export function diagnoseSignature(input: DiagnoseInput): Diagnosis {
  const expected_string = expectedString(input.kind, input.fields);
  const targets = targetsOf(input.signature);
  const unknown = {
    matched: false,
    recipe: null,
    expected_string,
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
    const text =
      c.secret === 'none' || c.secret === 'hmac_key'
        ? values.join(c.separator)
        : c.secret === 'prefix'
          ? [secret, ...values].join(c.separator)
          : [...values, secret].join(c.separator);
    const size = Buffer.byteLength(text);
    for (const alg of algorithms) {
      hashes++;
      bytes += size;
      const hex = c.secret === 'hmac_key' ? hmacHex(alg, secret, text) : hashHex(alg, text);
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

function recipeOf(c: Candidate, t: Target, input: DiagnoseInput, others: readonly { public_key: string }[]): Recipe {
  const r: Recipe = {};
  if (c.order.name) r.order = c.order.name;
  if (c.order.name === 'custom') r.custom_order = [...c.order.fields];
  if (c.separator) r.separator = c.separator;
  if (c.other >= 0) {
    r.secret = 'other_merchant';
    r.secret_of = others[c.other]!.public_key;
  } else if (c.secret !== 'suffix') r.secret = c.secret;
  if (t.algorithm !== 'sha256') r.algorithm = t.algorithm;
  if (t.encoding !== 'hex') r.encoding = t.encoding;
  if (c.field) r.field = { name: c.field.name, sent: input.fields[c.field.name] ?? '', signed: c.field.signed };
  return r;
}

const ORDER_WORDS: Record<NonNullable<Recipe['order']>, string> = {
  alphabetical: 'with the values in alphabetical order of field names',
  channel_first: 'with channel first',
  public_key_left_out: 'without public_key',
  notification: "over the notification's field list",
  custom: 'with the values in another order',
  legacy_layout: 'with public_key first (the legacy layout)',
  standard_layout: 'without public_key first (the standard layout)',
};
const ALGORITHM_NAMES = { sha1: 'SHA-1', md5: 'MD5', sha512: 'SHA-512' } as const;

/** What the signer did, one phrase per ingredient, in the recipe's order. */
function recipeParts(r: Recipe): string[] {
  const parts: string[] = [];
  if (r.order) parts.push(r.order === 'custom' && r.custom_order ? `in the order ${r.custom_order.join(' ')}` : ORDER_WORDS[r.order]);
  if (r.separator !== undefined) parts.push(`with ${JSON.stringify(r.separator)} between the values`);
  if (r.secret === 'prefix') parts.push('with the secret key first');
  if (r.secret === 'none') parts.push('without the secret key');
  if (r.secret === 'hmac_key') parts.push('as an HMAC keyed with the secret key');
  if (r.secret === 'other_merchant') parts.push(`with the secret key of another merchant${r.secret_of ? ` (${r.secret_of})` : ''}`);
  if (r.field)
    parts.push(`with ${r.field.name} signed as ${JSON.stringify(r.field.signed)} while ${JSON.stringify(r.field.sent)} was sent`);
  if (r.algorithm) parts.push(`with ${ALGORITHM_NAMES[r.algorithm]}`);
  if (r.encoding === 'base64') parts.push('encoded in base64');
  if (r.encoding === 'base64_of_hex') parts.push('as base64 of the hex digest');
  return parts;
}

/**
 * What a check of a notification should change, when the recipe found says why it refused one: the
 * service signs notifications itself, so a mismatch is the check's (its layout, its secret, a value
 * it reformatted), unless the notification was not signed as the service signs at all.
 */
function checkSentence(r: Recipe): string {
  const only = (...keys: (keyof Recipe)[]) => Object.keys(r).every((k) => keys.includes(k as keyof Recipe));
  const signed = `This notification was signed ${recipeParts(r).join(', ')}`;
  if (only('order') && r.order === 'legacy_layout')
    return `${signed}: verify with the legacy layout, or set the merchant's notification_signature_layout to standard.`;
  if (only('order') && r.order === 'standard_layout') return `${signed}: verify with the standard layout.`;
  if (only('secret', 'secret_of') && r.secret === 'other_merchant')
    return `${signed}: verify with the secret key of the merchant the notification names in public_key.`;
  if (only('field') && r.field) {
    const { name, sent, signed: value } = r.field;
    return (
      `This notification's ${name} was signed as ${JSON.stringify(value)}, but the check was given ${JSON.stringify(sent)}: ` +
      'verify every value exactly as received, before parsing or reformatting it.'
    );
  }
  return `${signed}, which the service never does: refuse it.`;
}

/**
 * One sentence. A creation: what the sender did, then what the spec signs. A notification (its
 * signer is the service): how it was signed, then what the merchant's check should change.
 */
export function explain(r: Recipe, kind: SignatureKind): string {
  if (kind !== 'creation') return checkSentence(r);
  const spec =
    `the lowercase hex SHA-256 of ${specOrderOf(kind).join(' ')} followed by the secret key, ` +
    'values exactly as sent with nothing between them';
  return `The signature was built ${recipeParts(r).join(', ')}; sign ${spec}.`;
}

/** A value for the header: URL-encoded, and a lone surrogate (which cannot be) shown as U+FFFD. */
const headerText = (s: string) => globalThis.encodeURIComponent(s.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

/**
 * `X-Sandbox-Signature-Diagnosis`: the ingredients as `key=value; …`, or `unknown`. ASCII only.
 * `revealOther` (a loopback caller) also names another merchant, and token mistakes that would
 * confirm a guessed credential.
 */
export function diagnosisHeader(d: Diagnosis, revealOther: boolean): string {
  if (!d.matched || !d.recipe) return 'unknown';
  const r = d.recipe;
  if (r.token && !revealOther && REVEALING_TOKEN_MISTAKES.has(r.token)) return 'unknown';
  if (r.secret === 'other_merchant' && !revealOther) return 'unknown';
  const parts: string[] = [];
  if (r.token) parts.push(`token=${r.token}`);
  if (r.token_of && revealOther) parts.push(`token_of=${headerText(r.token_of)}`);
  if (r.order) parts.push(`order=${r.order}`);
  if (r.separator !== undefined) parts.push(`separator=${JSON.stringify(r.separator)}`);
  if (r.secret) parts.push(`secret=${r.secret}`);
  if (r.secret_of && revealOther) parts.push(`secret_of=${headerText(r.secret_of)}`);
  if (r.algorithm) parts.push(`algorithm=${r.algorithm}`);
  if (r.encoding) parts.push(`encoding=${r.encoding}`);
  if (r.field) parts.push(`field=${headerText(r.field.name)}`, `signed=${headerText(r.field.signed)}`);
  return parts.join('; ') || 'unknown';
}
