import { z } from 'zod';
import { fillText, WarningDetailSchema, warningText } from './warnings.js';

/*
 * A request-log note as data: what happened (`code`) and its values, from which `noteText` writes the
 * English note the API keeps in `note`, and the console its own words. `payroll` also carries the
 * warnings of the batch's items.
 */

/** The English text of each note; `{name}` stands for a param. */
export const NOTE_TEXTS = {
  operation: 'operation {operation}',
  dialect_refused: '{dialect} request refused in its own style: error {code} ({message})',
  fault_latency: 'fault: latency {ms}ms (rule {rule})',
  fault_latency_labelled: 'fault: latency {ms}ms (rule {rule}, {label})',
  fault: 'fault: {kind} (rule {rule})',
  fault_labelled: 'fault: {kind} (rule {rule}, {label})',
  fault_delay: 'fault: notification delayed {minutes} min (rule {rule})',
  fault_delay_labelled: 'fault: notification delayed {minutes} min (rule {rule}, {label})',
  fault_duplicate: 'fault: notification sent twice (rule {rule})',
  fault_duplicate_labelled: 'fault: notification sent twice (rule {rule}, {label})',
  payout_auth: 'payout auth scheme "{scheme}", merchant {merchant}',
  payout_login: 'payout login of merchant {merchant}',
  payroll: 'payroll {payroll}: {count} payouts',
  replay_unlogged: 'replay {replay}: its further calls are not logged (its report lists every entry)',
  body_discarded: 'body refused; {bytes} more bytes read and discarded',
  body_cut: 'body refused; connection closed after {bytes} more bytes (cap {cap_bytes} bytes or {cap_ms} ms)',
} as const satisfies Record<string, string>;
export type NoteCode = keyof typeof NOTE_TEXTS;
export const NOTE_CODES = Object.keys(NOTE_TEXTS) as NoteCode[];

/** A fault's answer as its note words it ("creation error"). */
export const FAULT_KINDS = { creation_error: 'creation error', server_error: 'server error', drop_connection: 'drop connection' } as const;

export const ItemWarningSchema = WarningDetailSchema.extend({ item: z.number().int().describe('the index of the item in the batch') });
export type ItemWarning = z.infer<typeof ItemWarningSchema>;

export const NoteDetailSchema = z.object({
  code: z.string().describe(`what the note says: ${NOTE_CODES.join(', ')} (a newer sandbox may add codes)`),
  params: z.record(z.string(), z.string()),
  warnings: z.array(ItemWarningSchema).optional().describe("a payout batch's: each item's warnings, by item"),
});
export type NoteDetail = z.infer<typeof NoteDetailSchema>;

/** A note of a known code, params as text. */
export const note = (code: NoteCode, params: Record<string, string | number> = {}, warnings?: ItemWarning[]): NoteDetail => ({
  code,
  params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  ...(warnings?.length ? { warnings } : {}),
});

/** The note of a fault rule that fired: `code`, or its `_labelled` form when the rule has a label. */
export const faultNote = (
  code: 'fault' | 'fault_latency' | 'fault_delay' | 'fault_duplicate',
  rule: { id: string | number; label: string | null },
  params: Record<string, string | number> = {},
): NoteDetail => note(rule.label ? `${code}_labelled` : code, { ...params, rule: rule.id, ...(rule.label ? { label: rule.label } : {}) });

/** The English words of a note: the one function the log entry's `note` comes from. */
export function noteText(d: NoteDetail): string {
  const templates: Readonly<Record<string, string>> = NOTE_TEXTS;
  const kinds: Readonly<Record<string, string>> = FAULT_KINDS;
  const template = Object.hasOwn(templates, d.code) ? templates[d.code] : undefined;
  const kind = d.params.kind !== undefined && Object.hasOwn(kinds, d.params.kind) ? kinds[d.params.kind] : undefined;
  const text = template === undefined ? d.code : fillText(template, { ...d.params, ...(kind ? { kind } : {}) });
  if (!d.warnings?.length) return text;
  return `${text}; warnings: ${d.warnings.map((w) => `item ${w.item}: ${warningText(w)}`).join(' | ')}`;
}

/** The entry's `note`: its notes' words, joined in order. */
export const notesText = (ds: readonly NoteDetail[]): string | null => (ds.length ? ds.map(noteText).join('; ') : null);
