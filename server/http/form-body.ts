import busboy from 'busboy';
import type { Request } from 'express';
import { SandboxError } from '../contract/errors.js';
import { readJsonMembers } from './json-fields.js';
import { readPlainFields } from './multipart-fields.js';
import type { BodyEncoding } from '../contract/body-encoding.js';

export type { BodyEncoding };

/** A merchant API body as flat string fields, exactly as sent. */
export interface FormBody {
  encoding: BodyEncoding;
  fields: Record<string, string>;
  /** Field names sent more than once (the first value is kept in `fields`). */
  repeated: string[];
}

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

/** The creation form has about 15 fields; these bounds stop a body of thousands of tiny fields. */
export const FORM_LIMITS = { fields: 200, parts: 400, fieldBytes: 64 * 1024, nameBytes: 200 } as const;
const tooManyFields = () => new SandboxError('INVALID_BODY', `the body has more than ${FORM_LIMITS.fields} fields`);

/** Media type (lowercase) and charset parameter of a Content-Type header. */
function mediaType(header: string): { type: string; charset: string | null } {
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

const isUtf8 = (charset: string | null) => charset === null || charset === 'utf-8' || charset === 'utf8';

function parseUrlEncoded(raw: Buffer): Omit<FormBody, 'encoding'> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const repeated: string[] = [];
  let count = 0;
  for (const [k, v] of new URLSearchParams(raw.toString('utf8'))) {
    if (++count > FORM_LIMITS.fields) throw tooManyFields();
    if (k in fields) repeated.push(k);
    else fields[k] = v;
  }
  return { fields, repeated };
}

/** multipart/form-data: plain text fields by the fast reader, any other shape through busboy. */
async function parseMultipart(raw: Buffer, headers: Request['headers']): Promise<Omit<FormBody, 'encoding'>> {
  return readPlainFields(raw, headers['content-type'] ?? '', FORM_LIMITS) ?? (await parseMultipartWithBusboy(raw, headers));
}

/** multipart/form-data through busboy, fed the body already read (never the stream twice). */
export function parseMultipartWithBusboy(raw: Buffer, headers: Request['headers']): Promise<Omit<FormBody, 'encoding'>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    const repeated: string[] = [];
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers,
        defCharset: 'utf8',
        limits: {
          fields: FORM_LIMITS.fields,
          parts: FORM_LIMITS.parts,
          fieldSize: FORM_LIMITS.fieldBytes,
          fieldNameSize: FORM_LIMITS.nameBytes,
        },
      });
    } catch (err) {
      reject(new SandboxError('INVALID_BODY', `multipart body cannot be read: ${(err as Error).message}`));
      return;
    }
    bb.on('field', (name, value, info) => {
      // A cut value would be checked as if it were what the merchant sent; refuse it instead.
      if (info.nameTruncated) return reject(new SandboxError('INVALID_BODY', `a field name is longer than ${FORM_LIMITS.nameBytes} bytes`));
      if (info.valueTruncated)
        return reject(new SandboxError('FIELD_TOO_LONG', `field ${name.slice(0, 50)} is longer than ${FORM_LIMITS.fieldBytes} bytes`));
      if (name in fields) repeated.push(name);
      else fields[name] = value;
    });
    // Files are not part of the creation form; their content is drained and ignored. A body cut
    // inside a file also errors the file stream: the form's 'error' answers it, and without a
    // listener there the stream's copy of it would be an uncaught exception (the process would exit).
    bb.on('file', (_name, stream) => stream.on('error', () => {}).resume());
    bb.on('fieldsLimit', () => reject(tooManyFields()));
    bb.on('partsLimit', () => reject(new SandboxError('INVALID_BODY', `the multipart body has more than ${FORM_LIMITS.parts} parts`)));
    bb.on('error', (err: Error) => reject(new SandboxError('INVALID_BODY', `multipart body cannot be read: ${err.message}`)));
    bb.on('close', () => resolve({ fields, repeated }));
    bb.end(raw);
  });
}

/**
 * A flat JSON object read into form fields: strings as sent, numbers as their source text, booleans
 * as 1 / 0, null as empty. Objects and arrays only where `nested` allows (their JSON source text).
 */
function parseJson(raw: Buffer, nested: (key: string) => boolean): Omit<FormBody, 'encoding'> {
  const text = raw.toString('utf8');
  if (text.trim() === '') throw new SandboxError('EMPTY_JSON_BODY', 'the JSON body is empty');
  const { members, repeated } = readJsonMembers(text);
  if (members.size + repeated.length > FORM_LIMITS.fields) throw tooManyFields();
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of members) {
    if (v.kind === 'null') fields[k] = '';
    else if (v.kind === 'boolean') fields[k] = v.text === 'true' ? '1' : '0';
    else if ((v.kind === 'object' || v.kind === 'array') && !nested(k)) {
      throw new SandboxError(
        'INVALID_JSON_STRUCTURE',
        `the JSON body must be flat key-value pairs; "${k.slice(0, 50)}" is ${v.kind === 'array' ? 'an array' : 'an object'}`,
      );
    } else fields[k] = v.text;
  }
  return { fields, repeated };
}

/** Which JSON members may hold an object or array; none unless the route says so. */
export interface FormBodyOptions {
  nested?: (key: string) => boolean;
}

/**
 * Parses `req.rawBody` as a merchant API form: urlencoded (utf-8), multipart or JSON (contract §3:
 * every channel). Transport errors per the spec's table.
 */
export async function parseFormBody(req: Pick<Request, 'headers' | 'rawBody'>, opts: FormBodyOptions = {}): Promise<FormBody> {
  const header = req.headers['content-type'];
  if (header === undefined || header.trim() === '') {
    throw new SandboxError('MISSING_CONTENT_TYPE', `send a Content-Type header: ${FORM}; charset=utf-8, ${MULTIPART} or application/json`);
  }
  const raw = req.rawBody ?? Buffer.alloc(0);
  const { type, charset } = mediaType(header);
  if (type === FORM) {
    if (!isUtf8(charset)) throw new SandboxError('UNSUPPORTED_CONTENT_TYPE', `form bodies must be utf-8 (got charset=${charset})`);
    return { encoding: 'form', ...parseUrlEncoded(raw) };
  }
  if (type === MULTIPART) return { encoding: 'multipart', ...(await parseMultipart(raw, req.headers)) };
  if (type === 'application/json') {
    if (!isUtf8(charset)) throw new SandboxError('UNSUPPORTED_CONTENT_TYPE', `JSON bodies must be utf-8 (got charset=${charset})`);
    return { encoding: 'json', ...parseJson(raw, opts.nested ?? (() => false)) };
  }
  throw new SandboxError(
    'UNSUPPORTED_CONTENT_TYPE',
    `unsupported Content-Type ${type || header}; send ${FORM}; charset=utf-8, ${MULTIPART} or application/json`,
  );
}
