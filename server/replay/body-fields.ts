import { fieldRecord, mediaType, type BodyMember, type ReadFields } from '../body/fields.js';
import { readJsonFields } from '../body/json-members.js';
import { readMultipart } from '../body/multipart.js';
import { formValueSource, readUrlEncoded } from '../body/urlencoded.js';
import type { RecordedBody } from './har-entries.js';
import { FORM_TYPE, MULTIPART_TYPE } from '../contract/body-encoding.js';

/** A body ready to send: bytes with their type, or a form whose multipart boundary fetch chooses. */
export type OutgoingBody = { bytes: Buffer; contentType: string } | { form: FormData } | null;

/**
 * What changes in a body: new values for fields that are present (absent fields stay absent). The
 * fields given have no prototype, and the changes are a Map: a field named `toString` is data.
 */
export type Rewrite = (fields: Record<string, string>) => Map<string, string>;

/** The replay reads what a merchant sent, not what the API allows: no field-count bound of its own. */
const READ_ALL = { fields: 100_000, parts: 100_000, fieldBytes: 16 * 1024 * 1024, nameBytes: 64 * 1024 };

/** Replaces the changed members' spans (the first of each name), leaving every other character as it was. */
function splice(text: string, members: BodyMember[], changes: Map<string, string>, source: (v: string) => string): string {
  const done = new Set<string>();
  const edits: [BodyMember, string][] = [];
  for (const m of members) {
    if (done.has(m.name)) continue;
    done.add(m.name);
    const v = changes.get(m.name);
    if (v !== undefined) edits.push([m, v]);
  }
  let out = text;
  for (const [m, v] of edits.reverse()) out = out.slice(0, m.start) + source(v) + out.slice(m.end);
  return out;
}

const applied = (read: ReadFields, changes: Map<string, string>): Record<string, string> => {
  const fields = fieldRecord();
  for (const name in read.fields) fields[name] = changes.get(name) ?? read.fields[name]!;
  return fields;
};

/** Multipart content bytes replaced in place (offsets are byte offsets of the fast reader). */
function spliceBytes(bytes: Buffer, members: BodyMember[], changes: Map<string, string>): Buffer {
  const done = new Set<string>();
  const parts: Buffer[] = [];
  let at = 0;
  for (const m of members) {
    if (done.has(m.name)) continue;
    done.add(m.name);
    const v = changes.get(m.name);
    if (v === undefined) continue;
    parts.push(bytes.subarray(at, m.start), Buffer.from(v, 'utf8'));
    at = m.end;
  }
  parts.push(bytes.subarray(at));
  return Buffer.concat(parts);
}

/** Every member in order, the first of each changed name with its new value. */
function pairsWith(members: BodyMember[], changes: Map<string, string>): [string, string][] {
  const done = new Set<string>();
  return members.map((m) => {
    const first = !done.has(m.name);
    done.add(m.name);
    return [m.name, (first ? changes.get(m.name) : undefined) ?? m.value];
  });
}

function formOf(pairs: [string, string][]): FormData {
  const form = new FormData();
  for (const [k, v] of pairs) form.append(k, v);
  return form;
}

/** Reads a body with the merchant API's reader; null when it does not read as that type (then it is sent as recorded). */
async function readAs(type: string, bytes: Buffer, contentType: string): Promise<ReadFields | null> {
  try {
    if (type === FORM_TYPE) return readUrlEncoded(bytes.toString('utf8'), READ_ALL);
    if (type.includes('json')) return readJsonFields(bytes.toString('utf8'), READ_ALL, () => true);
    if (type === MULTIPART_TYPE) return await readMultipart(bytes, contentType, READ_ALL);
  } catch {
    return null;
  }
  return null;
}

/**
 * The recorded body with `rewrite`'s changes, in the encoding and bytes it was recorded in: only the
 * changed values are rewritten (JSON numbers keep the source text the signature covers); a multipart
 * body the fast reader cannot place is rebuilt from its fields; `params` become the form their type
 * names. Answers the fields as sent (null for a body that is not a form). A body of another type, or
 * one that does not read as its type, is sent as recorded.
 */
export async function rewriteBody(
  body: RecordedBody,
  rewrite: Rewrite | null,
): Promise<{ out: OutgoingBody; fields: Record<string, string> | null }> {
  if (body.kind === 'none') return { out: null, fields: null };
  const { type } = mediaType(body.contentType);
  if (body.kind === 'params') {
    const read: ReadFields = { fields: fieldRecord(), repeated: [], members: [] };
    for (const p of body.params) {
      if (p.name in read.fields) read.repeated.push(p.name);
      else read.fields[p.name] = p.value;
      read.members.push({ name: p.name, value: p.value, start: -1, end: -1 });
    }
    const changes = rewrite?.(read.fields) ?? new Map<string, string>();
    const pairs = pairsWith(read.members, changes);
    const fields = applied(read, changes);
    if (type === MULTIPART_TYPE) return { out: { form: formOf(pairs) }, fields };
    if (type.includes('json')) return { out: { bytes: Buffer.from(JSON.stringify(fields)), contentType: body.contentType }, fields };
    const text = new URLSearchParams(pairs).toString();
    return { out: { bytes: Buffer.from(text), contentType: body.contentType || FORM_TYPE }, fields };
  }
  const sent = { bytes: body.bytes, contentType: body.contentType };
  const read = await readAs(type, body.bytes, body.contentType);
  if (!read) return { out: sent, fields: null };
  const changes = rewrite?.(read.fields) ?? new Map<string, string>();
  const fields = applied(read, changes);
  if (changes.size === 0) return { out: sent, fields };
  if (type === MULTIPART_TYPE) {
    if (read.members.every((m) => m.start >= 0)) return { out: { ...sent, bytes: spliceBytes(body.bytes, read.members, changes) }, fields };
    return { out: { form: formOf(pairsWith(read.members, changes)) }, fields };
  }
  // Offsets are of the UTF-8 text; a body that is UTF-8 comes back byte for byte outside the changed values
  // (one that is not was read as the API reads it, with replacement characters, and is sent so).
  const text = body.bytes.toString('utf8');
  const rewritten = splice(text, read.members, changes, type.includes('json') ? (v) => JSON.stringify(v) : formValueSource);
  return { out: { ...sent, bytes: Buffer.from(rewritten, 'utf8') }, fields };
}

/** A query string with `rewrite`'s changes; other pairs stay as recorded. */
export function rewriteQuery(query: string, rewrite: Rewrite): { query: string; fields: Record<string, string> } {
  const read = readUrlEncoded(query, READ_ALL);
  const changes = rewrite(read.fields);
  return { query: splice(query, read.members, changes, formValueSource), fields: applied(read, changes) };
}
