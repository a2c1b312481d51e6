import type { ItemWarning, NoteDetail } from '@contract/log-notes.js';
import { warningVars, type WarningDetail } from '@contract/warnings.js';
import type { Translate } from './i18n';
import { hasText } from './translate';

/** One warning as the console shows it: in its language, with the API's words when they differ. */
export interface WarningLine {
  text: string;
  /** The words the API sends, when `text` was worded from the code in other words (shown on hover). */
  asSent?: string;
}

/** A warning in the console's language from its code and values; null when the code is newer than this console. */
export function wordWarning(t: Translate, d: WarningDetail): string | null {
  const key = `warning.${d.code}`;
  if (!hasText(key)) return null;
  const vars: Record<string, string | number> = warningVars(d, {
    and: t('warning.and'),
    kind: { array: t('warning.sent.array'), object: t('warning.sent.object'), nothing: t('warning.sent.nothing') },
    length: (text, n) => (typeof n === 'string' ? t('warning.withLength', { text, n }) : text),
  });
  // A value the data gives in the console's language too (`format_es` beside `format`) is said in it.
  const lang = t('warning.lang');
  for (const k of Object.keys(vars)) {
    const local = d.params[`${k}_${lang}`];
    if (typeof local === 'string') vars[k] = local;
  }
  const country = d.params.country;
  if (typeof country === 'string' && hasText(`warning.country.${country}`)) vars.country_name = t(`warning.country.${country}`);
  if (typeof d.params.n === 'string') vars.n = Number(d.params.n);
  return t(key, vars);
}

/**
 * The warnings of an operation, a payout or a logged request, each in the console's language when
 * its code is known; as the API words it otherwise (and always on records kept before warnings had
 * codes, whose `details` are null).
 */
export function warningLines(t: Translate, warnings: readonly string[], details?: readonly WarningDetail[] | null): WarningLine[] {
  if (!details || details.length !== warnings.length) return warnings.map((text) => ({ text }));
  return warnings.map((sent, i) => {
    const text = wordWarning(t, details[i]!);
    return text === null || text === sent ? { text: sent } : { text, asSent: sent };
  });
}

const itemLine = (t: Translate, w: ItemWarning) => t('logNote.item', { item: w.item, text: wordWarning(t, w) ?? w.code });

/** One request-log note as the console shows it: its line, and a payout batch's item warnings one per line. */
export interface NoteLine {
  text: string;
  items: string[];
}

/** A note's line and item warnings in the console's language; null when its code (or one of its warnings') is newer than this console. */
function noteLine(t: Translate, d: NoteDetail): NoteLine | null {
  if (!hasText(`logNote.${d.code}`) || d.warnings?.some((w) => !hasText(`warning.${w.code}`))) return null;
  const vars: Record<string, string | number> = { ...d.params };
  if (d.params.kind && hasText(`logNote.faultKind.${d.params.kind}`)) vars.kind = t(`logNote.faultKind.${d.params.kind}`);
  if (d.params.count !== undefined) vars.n = Number(d.params.count);
  return { text: t(`logNote.${d.code}`, vars), items: (d.warnings ?? []).map((w) => itemLine(t, w)) };
}

/** One request-log note in the console's language, as one line of text (the shape of the API's `note`); null as noteLine. */
export function wordNote(t: Translate, d: NoteDetail): string | null {
  const line = noteLine(t, d);
  if (!line || line.items.length === 0) return line?.text ?? null;
  return t('logNote.withWarnings', { text: line.text, warnings: line.items.join(' | ') });
}

/** A log entry's notes in the console's language; its `note` as kept when any cannot be worded. */
export function noteLines(t: Translate, note: string | null, details: readonly NoteDetail[] | null): NoteLine[] {
  if (note === null) return [];
  const worded = details?.length ? details.map((d) => noteLine(t, d)) : [];
  return worded.length && worded.every((w) => w !== null) ? (worded as NoteLine[]) : [{ text: note, items: [] }];
}
