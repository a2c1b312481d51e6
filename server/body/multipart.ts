import { isAscii } from 'node:buffer';
import busboy from 'busboy';
import { SandboxError } from '../contract/errors.js';
import { addMember, emptyFields, type FieldLimits, type ReadFields } from './fields.js';

/**
 * A fast reader for the multipart/form-data bodies real integrations send (curl -F, PHP curl, Python
 * requests, fetch FormData): text fields only, each part headed by `Content-Disposition: form-data;
 * name="…"` and at most a `Content-Type: text/plain` in utf-8. Busboy's stream machinery was a large share
 * of a creation's CPU (bench/creation.ts, multipart); the body is already whole in memory, so a few string searches do its job.
 *
 * Busboy (below) stays the reference: every rule below mirrors how busboy 1.6 reads a body, and
 * anything this reader is not sure to read exactly as busboy would (files, encoded or escaped names,
 * other headers, folding, odd delimiters, a missing final boundary, a limit about to be reached)
 * answers null, and the caller hands that body to busboy unchanged.
 */

// The request's Content-Type with one boundary parameter and nothing else. Busboy lower-cases type and
// parameter names and keeps the value verbatim; these value alphabets (RFC 2046 bchars, and their
// token-only subset unquoted) leave nothing for busboy's escapes to change and hold no CR or LF, so
// the delimiter "\r\n--boundary" can never overlap itself.
const BOUNDARY = /^multipart\/form-data[ \t]*;[ \t]*boundary=(?:"([A-Za-z0-9'()+_,\-./:=? ]+)"|([A-Za-z0-9'+_.-]+))[ \t]*$/i;

// The part headers accepted, one per line (busboy: header name, ':', optional blanks, value to CR LF).
// The name is quoted, non-empty, printable ASCII without '"', '\' or '%': busboy keeps such a name as
// is (no unescaping, no percent-decoding, no charset), and an empty one would reach it as undefined.
const DISPOSITION = /^content-disposition:[ \t]*form-data[ \t]*;[ \t]*name="([\x20\x21\x23\x24\x26-\x5b\x5d-\x7e]+)"[ \t]*$/i;
// Busboy decodes a part with the charset of its Content-Type, or defCharset utf8 without one.
const TEXT_PLAIN = /^content-type:[ \t]*text\/plain(?:[ \t]*;[ \t]*charset=(?:utf-?8|"utf-?8"))?[ \t]*$/i;

/** The field name of a part's header block, or null when busboy might read the block differently. */
function fieldName(block: string): string | null {
  // Most parts carry the one header: skip the split.
  if (!block.includes('\r')) return DISPOSITION.exec(block)?.[1] ?? null;
  let name: string | null = null;
  let typed = false;
  for (const line of block.split('\r\n')) {
    const disposition = DISPOSITION.exec(line);
    if (disposition !== null && name === null) name = disposition[1]!;
    else if (!typed && TEXT_PLAIN.test(line)) typed = true;
    else return null; // anything else, or a header sent twice
  }
  return name;
}

/**
 * Reads `raw` when every part is a plain text field; null means "not handled, ask busboy".
 * Mirrors busboy's framing: it searches "\r\n--boundary" in CRLF + body (so a body may open with
 * "--boundary" or a preamble), a delimiter followed by "--" ends the form (an epilogue is ignored),
 * one followed by CR LF opens a part, and a part's headers end at the first blank line.
 */
export function readPlainFields(raw: Buffer, contentType: string, limits: FieldLimits): ReadFields | null {
  const type = BOUNDARY.exec(contentType);
  if (type === null) return null;
  const delimiter = `\r\n--${type[1] ?? type[2]!}`;
  // One byte per character, so string offsets are byte offsets; string search is cheaper than
  // Buffer.indexOf's native call per delimiter. Values are read from the bytes as utf-8, as busboy
  // does, unless the body is all ASCII (then both readings agree).
  const text = raw.toString('latin1');
  const ascii = isAscii(raw);
  // A body that opens with "--boundary" matches right after busboy's leading CRLF.
  let at: number;
  if (text.startsWith(delimiter.slice(2))) at = delimiter.length - 2;
  else {
    const first = text.indexOf(delimiter); // what comes before it is the preamble, ignored
    if (first === -1) return null;
    at = first + delimiter.length;
  }

  const out = emptyFields();
  // Well below busboy's fields and parts limits (busboy counts every delimiter as a part).
  const maxFields = Math.min(limits.fields, limits.parts) - 1;
  for (let count = 0; ; count++) {
    if (at + 1 >= text.length) return null; // busboy: "Unexpected end of form"
    // The final delimiter. Busboy ignores the epilogue only up to another delimiter in the same
    // chunk: past one it reads on in a way of its own, so such a body goes to busboy.
    if (text.startsWith('--', at)) return text.includes(delimiter, at) ? null : out;
    // Transport padding or anything else after a delimiter makes busboy skip data; let it.
    if (!text.startsWith('\r\n', at) || count === maxFields) return null;
    const headers = at + 2;
    const next = text.indexOf(delimiter, headers);
    const headerEnd = text.indexOf('\r\n\r\n', headers);
    // No next delimiter, or one inside the header block's blank line: busboy errs or reads it apart.
    if (next === -1 || headerEnd === -1 || headerEnd + 4 > next) return null;
    const name = fieldName(text.slice(headers, headerEnd));
    const valueStart = headerEnd + 4;
    if (name === null || name.length >= limits.nameBytes || next - valueStart >= limits.fieldBytes) return null;
    // Offsets in the one-byte-per-character text are byte offsets of the body.
    addMember(out, {
      name,
      value: ascii ? text.slice(valueStart, next) : raw.toString('utf8', valueStart, next),
      start: valueStart,
      end: next,
    });
    at = next + delimiter.length;
  }
}

/** multipart/form-data through busboy, fed the body already read (never the stream twice); no member positions. */
export function readMultipartWithBusboy(raw: Buffer, contentType: string, limits: FieldLimits): Promise<ReadFields> {
  return new Promise((resolve, reject) => {
    const out = emptyFields();
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { 'content-type': contentType },
        defCharset: 'utf8',
        limits: { fields: limits.fields, parts: limits.parts, fieldSize: limits.fieldBytes, fieldNameSize: limits.nameBytes },
      });
    } catch (err) {
      reject(new SandboxError('INVALID_BODY', `multipart body cannot be read: ${(err as Error).message}`));
      return;
    }
    bb.on('field', (name, value, info) => {
      // A cut value would be checked as if it were what the merchant sent; refuse it instead.
      if (info.nameTruncated) return reject(new SandboxError('INVALID_BODY', `a field name is longer than ${limits.nameBytes} bytes`));
      if (info.valueTruncated)
        return reject(new SandboxError('FIELD_TOO_LONG', `field ${name.slice(0, 50)} is longer than ${limits.fieldBytes} bytes`));
      addMember(out, { name, value, start: -1, end: -1 });
    });
    // Files are not part of the creation form; their content is drained and ignored. A body cut
    // inside a file also errors the file stream: the form's 'error' answers it, and without a
    // listener there the stream's copy of it would be an uncaught exception (the process would exit).
    bb.on('file', (_name, stream) => stream.on('error', () => {}).resume());
    bb.on('fieldsLimit', () => reject(new SandboxError('INVALID_BODY', `the body has more than ${limits.fields} fields`)));
    bb.on('partsLimit', () => reject(new SandboxError('INVALID_BODY', `the multipart body has more than ${limits.parts} parts`)));
    bb.on('error', (err: Error) => reject(new SandboxError('INVALID_BODY', `multipart body cannot be read: ${err.message}`)));
    bb.on('close', () => resolve(out));
    bb.end(raw);
  });
}

/** multipart/form-data: plain text fields by the fast reader (with positions), any other shape through busboy. */
export async function readMultipart(raw: Buffer, contentType: string, limits: FieldLimits): Promise<ReadFields> {
  return readPlainFields(raw, contentType, limits) ?? (await readMultipartWithBusboy(raw, contentType, limits));
}
