import { SandboxError } from '../contract/errors.js';
import { addMember, emptyFields, type FieldLimits, type ReadFields } from './fields.js';

/**
 * Percent-decoding as the URL standard's form parser does it: bytes, then UTF-8 with replacement
 * characters, a `%` not followed by two hex digits kept as is. Only reached when the text has an
 * escape `decodeURIComponent` refuses (a lone `%`, or bytes that are not UTF-8).
 */
function lenientDecode(s: string): string {
  const bytes: number[] = [];
  for (const b of Buffer.from(s, 'utf8')) bytes.push(b);
  const out: number[] = [];
  const hex = (c: number | undefined) => c !== undefined && ((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102));
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 37 && hex(bytes[i + 1]) && hex(bytes[i + 2])) {
      out.push(parseInt(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!), 16));
      i += 2;
    } else out.push(b);
  }
  return Buffer.from(out).toString('utf8');
}

/** One name or value of a form: `+` is a space, `%XX` a byte. Most are plain and are kept as they are. */
export function decodeFormPart(s: string): string {
  const plus = s.includes('+');
  if (!plus && !s.includes('%')) return s;
  const spaced = plus ? s.replace(/\+/g, ' ') : s;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return lenientDecode(spaced);
  }
}

/**
 * An `application/x-www-form-urlencoded` text read as URLSearchParams reads it (the URL standard's
 * parser after a leading `?` is dropped: empty pairs skipped, a pair without `=` is a name with an
 * empty value), each member with the
 * span after its name, so a value can be rewritten leaving every other character as sent.
 */
export function readUrlEncoded(text: string, limits: Pick<FieldLimits, 'fields'>): ReadFields {
  const out = emptyFields();
  let count = 0;
  for (let start = text.startsWith('?') ? 1 : 0; start <= text.length;) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) {
      if (++count > limits.fields) throw new SandboxError('INVALID_BODY', `the body has more than ${limits.fields} fields`);
      const eq = text.indexOf('=', start);
      const nameEnd = eq >= 0 && eq < end ? eq : end;
      addMember(out, {
        name: decodeFormPart(text.slice(start, nameEnd)),
        value: nameEnd < end ? decodeFormPart(text.slice(nameEnd + 1, end)) : '',
        start: nameEnd,
        end,
      });
    }
    start = end + 1;
  }
  return out;
}

/** A value as a form writes it after its name (`=` and the escaped value), for a member's span. */
export const formValueSource = (value: string) => `=${encodeURIComponent(value)}`;
