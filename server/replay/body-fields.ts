import busboy from 'busboy';
import type { RecordedBody } from './har-entries.js';

/** A body ready to send: bytes with their type, or a form whose multipart boundary fetch chooses. */
export type OutgoingBody = { bytes: Buffer | string; contentType: string } | { form: FormData } | null;

/** What changes in a body: new values for fields that are present (absent fields stay absent). */
export type Rewrite = (fields: Record<string, string>) => Record<string, string>;

interface Member {
  key: string;
  start: number;
  end: number;
  /** The value as the merchant API reads it: strings decoded, numbers as their source text. */
  value: string;
}

/** End of the JSON value starting at `i` in a text known to be valid JSON. */
function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    for (let j = i + 1; ; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j + 1;
    }
  }
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; ; j++) {
      const d = text[j];
      if (d === '"') j = valueEnd(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if ((d === '}' || d === ']') && --depth === 0) return j + 1;
    }
  }
  const m = /^[^,}\]\s]+/.exec(text.slice(i, i + 400));
  return i + (m ? m[0].length : 0);
}

/** The top-level members of a valid JSON object text, with where each value sits (first of repeated names wins, as the API reads). */
function jsonMembers(text: string): Member[] {
  const out: Member[] = [];
  let i = text.indexOf('{') + 1;
  const space = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  for (;;) {
    space();
    if (text[i] !== '"') return out;
    const keyEnd = valueEnd(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = keyEnd;
    space();
    i++; // ':'
    space();
    const start = i;
    const end = valueEnd(text, i);
    const source = text.slice(start, end);
    const value = source.startsWith('"')
      ? (JSON.parse(source) as string)
      : source === 'null'
        ? ''
        : source === 'true'
          ? '1'
          : source === 'false'
            ? '0'
            : source;
    if (!out.some((m) => m.key === key)) out.push({ key, start, end, value });
    i = end;
    space();
    if (text[i] !== ',') return out;
    i++;
  }
}

/** JSON text: only the changed members' values are rewritten, so numbers keep the source text the signature covers. */
function rewriteJson(text: string, rewrite: Rewrite): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return text;
  const members = jsonMembers(text);
  const changes = rewrite(Object.fromEntries(members.map((m) => [m.key, m.value])));
  let out = text;
  for (const m of [...members].reverse()) {
    if (m.key in changes) out = out.slice(0, m.start) + JSON.stringify(changes[m.key]) + out.slice(m.end);
  }
  return out;
}

/** urlencoded text: only the changed pairs are rewritten; every other byte stays as recorded. */
function rewriteUrlEncoded(text: string, rewrite: Rewrite): string {
  const fields: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) if (!(k in fields)) fields[k] = v;
  const changes = rewrite(fields);
  const done = new Set<string>();
  return text
    .split('&')
    .map((pair) => {
      const name = new URLSearchParams(pair).keys().next().value;
      if (name === undefined || !(name in changes) || done.has(name)) return pair;
      done.add(name);
      return `${pair.slice(0, pair.indexOf('=') < 0 ? pair.length : pair.indexOf('='))}=${encodeURIComponent(changes[name]!)}`;
    })
    .join('&');
}

/** The text fields of a multipart body, in order (files are not part of the service's forms). */
function multipartFields(bytes: Buffer, contentType: string): Promise<[string, string][] | null> {
  return new Promise((resolve) => {
    const out: [string, string][] = [];
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { 'content-type': contentType }, defCharset: 'utf8' });
    } catch {
      return resolve(null);
    }
    bb.on('field', (name, value) => out.push([name, value]));
    bb.on('file', (_n, stream) => stream.on('error', () => {}).resume());
    bb.on('error', () => resolve(null));
    bb.on('close', () => resolve(out));
    bb.end(bytes);
  });
}

function formOf(pairs: [string, string][]): FormData {
  const form = new FormData();
  for (const [k, v] of pairs) form.append(k, v);
  return form;
}

const firstValues = (pairs: [string, string][]) => {
  const fields: Record<string, string> = {};
  for (const [k, v] of pairs) if (!(k in fields)) fields[k] = v;
  return fields;
};

const applyTo = (pairs: [string, string][], changes: Record<string, string>): [string, string][] => {
  const done = new Set<string>();
  return pairs.map(([k, v]) => {
    if (!(k in changes) || done.has(k)) return [k, v];
    done.add(k);
    return [k, changes[k]!];
  });
};

/**
 * The recorded body with `rewrite`'s changes, in the encoding it was recorded in: urlencoded and JSON
 * texts change only the rewritten values; multipart is rebuilt from its fields; `params` become the
 * form their type names. A body of another type is sent as recorded.
 */
export async function rewriteBody(body: RecordedBody, rewrite: Rewrite | null): Promise<OutgoingBody> {
  if (body.kind === 'none') return null;
  const type = body.contentType.toLowerCase();
  if (body.kind === 'params') {
    const pairs = body.params.map((p): [string, string] => [p.name, p.value]);
    const changed = rewrite ? applyTo(pairs, rewrite(firstValues(pairs))) : pairs;
    if (type.includes('multipart/form-data')) return { form: formOf(changed) };
    if (type.includes('json')) return { bytes: JSON.stringify(Object.fromEntries(changed)), contentType: body.contentType };
    return { bytes: new URLSearchParams(changed).toString(), contentType: body.contentType || 'application/x-www-form-urlencoded' };
  }
  if (!rewrite) return { bytes: body.bytes, contentType: body.contentType };
  if (type.includes('x-www-form-urlencoded'))
    return { bytes: rewriteUrlEncoded(body.bytes.toString('utf8'), rewrite), contentType: body.contentType };
  if (type.includes('json')) return { bytes: rewriteJson(body.bytes.toString('utf8'), rewrite), contentType: body.contentType };
  if (type.includes('multipart/form-data')) {
    const pairs = await multipartFields(body.bytes, body.contentType);
    if (pairs) return { form: formOf(applyTo(pairs, rewrite(firstValues(pairs)))) };
  }
  return { bytes: body.bytes, contentType: body.contentType };
}

/** A query string with `rewrite`'s changes; other pairs stay as recorded. */
export const rewriteQuery = (query: string, rewrite: Rewrite): string => rewriteUrlEncoded(query, rewrite);
