import { SandboxError } from '../contract/errors.js';
import { MAX_JSON_DEPTH } from '../contract/json-depth.js';
import { addMember, emptyFields, jsonFieldText, type FieldLimits, type ReadFields } from './fields.js';

/** What a top-level JSON member held. */
export type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/**
 * One top-level member: strings decoded; every other kind as its source text. Numbers keep their
 * source text because JSON.parse would print `50000.0000` as "50000" while the merchant signed
 * "50000.0000": a JSON number is read as the string it prints as, and the signature covers that.
 */
export interface JsonMember {
  name: string;
  kind: JsonKind;
  text: string;
  /** Where the value's source text sits in the JSON text. */
  start: number;
  end: number;
}

/** Deeper nesting than any creation body needs; bounds the recursion on hostile input. */
const MAX_DEPTH = MAX_JSON_DEPTH;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;

/**
 * Reads a JSON text (RFC 8259) whose top level must be an object. Answers its members in order,
 * and the names sent more than once (the first value is kept, as in a form). INVALID_JSON when the
 * text does not parse, INVALID_JSON_STRUCTURE when it is not an object.
 */
export function readJsonMembers(text: string): { members: Map<string, JsonMember>; repeated: string[]; order: JsonMember[] } {
  let pos = 0;
  const fail = (what: string): never => {
    throw new SandboxError('INVALID_JSON', `the JSON body cannot be parsed: ${what} at position ${pos}`);
  };
  const skip = () => {
    SPACE.lastIndex = pos;
    SPACE.exec(text);
    pos = SPACE.lastIndex;
  };
  const match = (re: RegExp): string | null => {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) return null;
    pos = re.lastIndex;
    return m[0];
  };
  /**
   * The string at `pos`, decoded; `pos` moves past it. Its closing quote is found with indexOf (a
   * quote after an even run of backslashes), and JSON.parse of that one literal checks and decodes it:
   * a value of a megabyte costs a scan and one decode, not a regular expression step per character.
   */
  const stringAt = (): string => {
    if (text[pos] !== '"') return fail('expected a string');
    for (let q = text.indexOf('"', pos + 1); q !== -1; q = text.indexOf('"', q + 1)) {
      let b = q;
      while (text.charCodeAt(b - 1) === 0x5c) b--;
      if ((q - b) % 2 === 1) continue;
      let decoded: string;
      try {
        decoded = JSON.parse(text.slice(pos, q + 1)) as string;
      } catch {
        return fail('expected a string');
      }
      pos = q + 1;
      return decoded;
    }
    return fail('expected a string');
  };
  /** The last string value() read, decoded (a member's value is decoded once). */
  let lastString = '';

  /** Skips one value, checking its syntax; answers its kind. */
  function value(depth: number): JsonKind {
    if (depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
    skip();
    const c = text[pos];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      pos++;
      skip();
      if (text[pos] === close) {
        pos++;
        return c === '{' ? 'object' : 'array';
      }
      for (;;) {
        if (c === '{') {
          skip();
          stringAt();
          skip();
          if (text[pos++] !== ':') fail('expected ":"');
        }
        value(depth + 1);
        skip();
        const next = text[pos++];
        if (next === close) return c === '{' ? 'object' : 'array';
        if (next !== ',') fail(`expected "," or "${close}"`);
      }
    }
    if (c === '"') return ((lastString = stringAt()), 'string');
    if (match(NUMBER) !== null) return 'number';
    for (const [word, kind] of [
      ['true', 'boolean'],
      ['false', 'boolean'],
      ['null', 'null'],
    ] as const) {
      if (text.startsWith(word, pos)) return ((pos += word.length), kind);
    }
    return fail(pos >= text.length ? 'unexpected end' : 'unexpected character');
  }

  skip();
  if (text[pos] !== '{') {
    value(0);
    skip();
    if (pos < text.length) fail('unexpected text after the value');
    throw new SandboxError('INVALID_JSON_STRUCTURE', 'the JSON body must be an object of key-value pairs');
  }
  pos++;
  const members = new Map<string, JsonMember>();
  const repeated: string[] = [];
  const order: JsonMember[] = [];
  skip();
  if (text[pos] === '}') pos++;
  else {
    for (;;) {
      skip();
      const key = stringAt();
      skip();
      if (text[pos++] !== ':') fail('expected ":"');
      skip();
      const start = pos;
      const kind = value(1);
      const member = { name: key, kind, text: kind === 'string' ? lastString : text.slice(start, pos), start, end: pos };
      order.push(member);
      if (members.has(key)) repeated.push(key);
      else members.set(key, member);
      skip();
      const next = text[pos++];
      if (next === '}') break;
      if (next !== ',') fail('expected "," or "}"');
    }
  }
  skip();
  if (pos < text.length) fail('unexpected text after the object');
  return { members, repeated, order };
}

/**
 * A JSON object body read into form fields (jsonFieldText's rule). Objects and arrays only where
 * `nested` allows (their JSON source text); INVALID_JSON_STRUCTURE otherwise.
 */
export function readJsonFields(text: string, limits: Pick<FieldLimits, 'fields'>, nested: (key: string) => boolean): ReadFields {
  if (text.trim() === '') throw new SandboxError('EMPTY_JSON_BODY', 'the JSON body is empty');
  const { order } = readJsonMembers(text);
  if (order.length > limits.fields) throw new SandboxError('INVALID_BODY', `the body has more than ${limits.fields} fields`);
  const out = emptyFields();
  for (const m of order) {
    // A repeated name is not read (the first value is the field), whatever it holds.
    if ((m.kind === 'object' || m.kind === 'array') && !(m.name in out.fields) && !nested(m.name))
      throw new SandboxError(
        'INVALID_JSON_STRUCTURE',
        `the JSON body must be flat key-value pairs; "${m.name.slice(0, 50)}" is ${m.kind === 'array' ? 'an array' : 'an object'}`,
      );
    const value = m.kind === 'object' || m.kind === 'array' ? m.text : jsonFieldText(m.kind, m.text);
    addMember(out, { name: m.name, value, start: m.start, end: m.end });
  }
  return out;
}
