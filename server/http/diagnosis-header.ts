import { REVEALING_TOKEN_MISTAKES, type Diagnosis } from '../contract/diagnosis.js';

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
  if (r.secret_name) parts.push(`secret_name=${headerText(r.secret_name)}`);
  if (r.secret_of && revealOther) parts.push(`secret_of=${headerText(r.secret_of)}`);
  if (r.algorithm) parts.push(`algorithm=${r.algorithm}`);
  if (r.encoding) parts.push(`encoding=${r.encoding}`);
  if (r.field) parts.push(`field=${headerText(r.field.name)}`, `signed=${headerText(r.field.signed)}`);
  return parts.join('; ') || 'unknown';
}
