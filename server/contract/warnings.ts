import { z } from 'zod';
import { WARNING_TEXTS, type WarningCode } from './warning-texts.js';

export { WARNING_TEXTS, type WarningCode } from './warning-texts.js';

/** Every warning code, in the order of their English texts. */
export const WARNING_CODES = Object.keys(WARNING_TEXTS) as WarningCode[];

/**
 * One "accepted despite the service" warning as data: its rule, the field, the value sent as the
 * warning quotes it, and the values the rule names. Its English sentence is `warningText(detail)`, so
 * the words the API answers and the structure the console words in its own language never disagree.
 */
export const WarningDetailSchema = z.object({
  code: z.string().describe(`the rule: ${WARNING_CODES.join(', ')} (a newer sandbox may add codes)`),
  field: z.string().describe('the field the warning is about, as sent'),
  sent: z
    .string()
    .nullable()
    .describe('the value sent as the warning quotes it (JSON text of a string); null when it names no single value'),
  params: z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .describe("the rule's values by name (minimums, lists, what the value was read as); a list is an array"),
});
export type WarningDetail = z.infer<typeof WarningDetailSchema>;

/** The structured warnings beside the words; null on records older than the structure (words only). */
export const warningDetailsField = z
  .array(WarningDetailSchema)
  .nullable()
  .describe('the same warnings as codes and values, in the same order; null on records kept before warnings had codes');

/** A warning as the domain builds it: a known code, params as strings or lists. */
export interface Warning extends WarningDetail {
  code: WarningCode;
}

/** Characters of a sent string a creation warning quotes. */
const QUOTED_CHARS = 60;

/** A creation warning: the sent string quoted (its first 60 characters), params as text. */
export function fieldWarning(
  code: WarningCode,
  field: string,
  sent: string,
  params: Record<string, string | number | readonly string[]> = {},
): Warning {
  const shown = sent.length > QUOTED_CHARS ? `${sent.slice(0, QUOTED_CHARS)}…` : sent;
  return { code, field, sent: JSON.stringify(shown), params: paramsOf(params) };
}

/** Params as the detail keeps them: numbers as their text, lists as arrays of text. */
export function paramsOf(params: Record<string, string | number | readonly string[]>): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? [...v] : String(v)]));
}

/** The English words for a sent value that is no text and for a cut value's length (the console has its own for these). */
const SENT_KINDS: Record<string, string> = { array: 'an array', object: 'a JSON object', nothing: 'nothing' };
const withLength = (text: string, length: string | string[] | undefined) =>
  typeof length === 'string' ? `${text} (${length} characters)` : text;

/** The values a warning's text is filled with: field and sent as quoted, lists joined, counts as given. */
export function warningVars(d: WarningDetail, words = { and: ' and ', kind: SENT_KINDS, length: withLength }): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.params)) vars[k] = Array.isArray(v) ? v.join(words.and) : v;
  const kind = d.params.sent_kind;
  const sent = typeof kind === 'string' ? (words.kind[kind] ?? kind) : (d.sent ?? '');
  vars.sent = words.length(sent, d.params.sent_length);
  vars.field = words.length(d.field, d.params.field_length);
  return vars;
}

/** The text of `template` with `{name}` replaced by its value (a name without one stays as written). */
export const fillText = (template: string, vars: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (m, name: string) => (vars[name] !== undefined ? String(vars[name]) : m));

/** The English sentence of a warning: the one function the API's `warnings` strings come from. */
export function warningText(d: WarningDetail): string {
  const texts: Readonly<Record<string, string | { one: string; other: string }>> = WARNING_TEXTS;
  // Own keys only: a stored code such as "constructor" is no rule.
  const text = Object.hasOwn(texts, d.code) ? texts[d.code] : undefined;
  if (text === undefined) return `${d.field}: ${d.code}`;
  const template = typeof text === 'string' ? text : d.params.n === '1' ? text.one : text.other;
  return fillText(template, warningVars(d));
}

/** The English sentences of warnings, in order. */
export const warningTexts = (ds: readonly WarningDetail[]): string[] => ds.map(warningText);
