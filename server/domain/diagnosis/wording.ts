import { specOrderOf, type DiagnosisOrder, type Recipe, type SignatureKind } from '../../contract/diagnosis.js';

/**
 * The diagnosis in English words: the explanation a diagnosis carries, and the short hint a refused
 * creation's message ends with. The search (signature-search.ts) names ingredients only.
 */

const ORDER_WORDS: Record<Exclude<DiagnosisOrder, 'custom'>, string> = {
  alphabetical: 'with the values in alphabetical order of field names',
  channel_first: 'with channel first',
  public_key_left_out: 'without public_key',
  notification: "over the notification's field list",
  legacy_layout: 'with public_key first (the legacy layout)',
  standard_layout: 'without public_key first (the standard layout)',
};
const ALGORITHM_NAMES = { sha1: 'SHA-1', md5: 'MD5', sha512: 'SHA-512' } as const;

/** What the signer did, one phrase per ingredient, in the recipe's order. */
export function recipeParts(r: Recipe): string[] {
  const parts: string[] = [];
  if (r.order) parts.push(r.order === 'custom' ? `in the order ${r.custom_order.join(' ')}` : ORDER_WORDS[r.order]);
  if (r.separator !== undefined) parts.push(`with ${JSON.stringify(r.separator)} between the values`);
  if (r.secret === 'prefix') parts.push('with the secret key first');
  if (r.secret === 'none') parts.push('without the secret key');
  if (r.secret === 'hmac_key') parts.push('as an HMAC keyed with the secret key');
  if (r.secret === 'in_values_and_hmac_key')
    parts.push(`with the secret key among the values (sorted as a field named ${r.secret_name}) and as the HMAC key`);
  if (r.secret === 'other_merchant') parts.push(`with the secret key of another merchant (${r.secret_of})`);
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
 * One sentence. A creation: what the sender did, then what the documented recipe signs. A
 * notification (its signer is the service): how it was signed, then what the merchant's check
 * should change.
 */
export function explain(r: Recipe, kind: SignatureKind): string {
  if (kind !== 'creation') return checkSentence(r);
  const spec =
    `the lowercase hex SHA-256 of ${specOrderOf(kind).join(' ')} followed by the secret key, ` +
    'values exactly as sent with nothing between them';
  return `The signature was built ${recipeParts(r).join(', ')}; sign ${spec}.`;
}

/**
 * The hint a refused creation's message ends with, for clients that show only the answer body:
 * what the signer did, in a few words, and where the whole diagnosis is.
 */
export const signatureHint = (r: Recipe): string =>
  `your signature was built ${recipeParts(r).join(', ')}: see X-Sandbox-Signature-Diagnosis`;
