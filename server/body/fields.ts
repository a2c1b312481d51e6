/*
 * A merchant API body read into fields: the one reading the HTTP edge checks and the incident replay
 * re-signs. Field names are data (a form may send `toString`, `constructor` or `__proto__`): every
 * field record has no prototype, and rewrites are Maps.
 */

/** One field as sent, in order, with where its value sits in the source (for rewriting it in place). */
export interface BodyMember {
  name: string;
  /** The value as the merchant API reads it (the rule of each encoding). */
  value: string;
  /**
   * The span of the source that a new value replaces: urlencoded, everything after the name (`=…`,
   * empty when the pair has no `=`); JSON, the value's source text; multipart, the part's content
   * bytes. -1 when the reader does not know it (multipart bodies read by busboy).
   */
  start: number;
  end: number;
}

/** Fields as the merchant API reads them: the first value of each name; later names listed in `repeated`. */
export interface ReadFields {
  fields: Record<string, string>;
  repeated: string[];
  /** Every field in order (repeated ones included). */
  members: BodyMember[];
}

/** The creation form has about 15 fields; these bounds stop a body of thousands of tiny fields. */
export const FORM_LIMITS = { fields: 200, parts: 400, fieldBytes: 64 * 1024, nameBytes: 200 } as const;
export type FieldLimits = { readonly [K in keyof typeof FORM_LIMITS]: number };

/** A record that answers only the names put in it (no `toString`, no `__proto__` setter). */
export const fieldRecord = (): Record<string, string> => Object.create(null) as Record<string, string>;

/** Adds one member in order: the first value of a name is the field, later ones are `repeated`. */
export function addMember(out: ReadFields, m: BodyMember): void {
  out.members.push(m);
  if (m.name in out.fields)
    out.repeated.push(m.name); // no prototype: `in` sees only what was put in
  else out.fields[m.name] = m.value;
}

export const emptyFields = (): ReadFields => ({ fields: fieldRecord(), repeated: [], members: [] });

/** A JSON scalar as a form field: strings as sent, numbers as their source text, `true` 1, `false` 0, `null` empty. */
export function jsonFieldText(kind: 'string' | 'number' | 'boolean' | 'null', text: string): string {
  if (kind === 'null') return '';
  if (kind === 'boolean') return text === 'true' ? '1' : '0';
  return text;
}

/** Media type (lowercase) and charset parameter (lowercase, null when not named) of a Content-Type header. */
export function mediaType(header: string): { type: string; charset: string | null } {
  const [type = '', ...params] = header.split(';');
  let charset: string | null = null;
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq > 0 && p.slice(0, eq).trim().toLowerCase() === 'charset')
      charset = p
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '')
        .toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

export const isUtf8Charset = (charset: string | null) => charset === null || charset === 'utf-8' || charset === 'utf8';
