import busboy from 'busboy';
import type { Request } from 'express';
import { SandboxError } from './errors.js';

export type BodyEncoding = 'form' | 'multipart' | 'json';

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
    if (eq > 0 && p.slice(0, eq).trim().toLowerCase() === 'charset') charset = p.slice(eq + 1).trim().replace(/^"|"$/g, '').toLowerCase();
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

/** multipart/form-data through busboy, fed the body already read (never the stream twice). */
function parseMultipart(raw: Buffer, headers: Request['headers']): Promise<Omit<FormBody, 'encoding'>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    const repeated: string[] = [];
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers, defCharset: 'utf8', limits: { fields: FORM_LIMITS.fields, parts: FORM_LIMITS.parts, fieldSize: FORM_LIMITS.fieldBytes, fieldNameSize: FORM_LIMITS.nameBytes } });
    } catch (err) {
      reject(new SandboxError('INVALID_BODY', `multipart body cannot be read: ${(err as Error).message}`));
      return;
    }
    bb.on('field', (name, value, info) => {
      // A cut value would be checked as if it were what the merchant sent; refuse it instead.
      if (info.nameTruncated) return reject(new SandboxError('INVALID_BODY', `a field name is longer than ${FORM_LIMITS.nameBytes} bytes`));
      if (info.valueTruncated) return reject(new SandboxError('FIELD_TOO_LONG', `field ${name.slice(0, 50)} is longer than ${FORM_LIMITS.fieldBytes} bytes`));
      if (name in fields) repeated.push(name);
      else fields[name] = value;
    });
    // Files are not part of the creation form; their content is drained and ignored.
    bb.on('file', (_name, stream) => stream.resume());
    bb.on('fieldsLimit', () => reject(tooManyFields()));
    bb.on('partsLimit', () => reject(new SandboxError('INVALID_BODY', `the multipart body has more than ${FORM_LIMITS.parts} parts`)));
    bb.on('error', (err: Error) => reject(new SandboxError('INVALID_BODY', `multipart body cannot be read: ${err.message}`)));
    bb.on('close', () => resolve({ fields, repeated }));
    bb.end(raw);
  });
}

/** A flat JSON object; `shopper_information` may be an object (contract §9), other values are scalars. */
function parseJson(raw: Buffer): Omit<FormBody, 'encoding'> {
  const text = raw.toString('utf8');
  if (text.trim() === '') throw new SandboxError('EMPTY_JSON_BODY', 'the JSON body is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new SandboxError('INVALID_JSON', `the JSON body cannot be parsed: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SandboxError('INVALID_JSON_STRUCTURE', 'the JSON body must be an object of key-value pairs');
  }
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const entries = Object.entries(value);
  if (entries.length > FORM_LIMITS.fields) throw tooManyFields();
  for (const [k, v] of entries) {
    if (v === null) fields[k] = '';
    else if (typeof v === 'string') fields[k] = v;
    else if (typeof v === 'number') fields[k] = String(v);
    else if (typeof v === 'boolean') fields[k] = v ? '1' : '0';
    else if (k === 'shopper_information' && !Array.isArray(v)) fields[k] = JSON.stringify(v);
    else throw new SandboxError('INVALID_JSON_STRUCTURE', `the JSON body must be flat key-value pairs; "${k}" is ${Array.isArray(v) ? 'an array' : 'an object'}`);
  }
  return { fields, repeated: [] };
}

/**
 * Parses `req.rawBody` as a merchant API form: urlencoded (utf-8), multipart, or JSON when
 * `allowJson` says the fields may come as JSON (channel 17). Transport errors per the spec's table.
 */
export async function parseFormBody(req: Request, allowJson: (fields: Record<string, string>) => boolean): Promise<FormBody> {
  const header = req.headers['content-type'];
  if (header === undefined || header.trim() === '') {
    throw new SandboxError('MISSING_CONTENT_TYPE', `send a Content-Type header: ${FORM}; charset=utf-8, ${MULTIPART} or application/json (channel 17)`);
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
    const body = parseJson(raw);
    if (!allowJson(body.fields)) {
      throw new SandboxError('UNSUPPORTED_CONTENT_TYPE', `application/json is accepted on channel 17 only; send ${FORM} or ${MULTIPART}`);
    }
    return { encoding: 'json', ...body };
  }
  throw new SandboxError('UNSUPPORTED_CONTENT_TYPE', `unsupported Content-Type ${type || header}; send ${FORM}; charset=utf-8 or ${MULTIPART}`);
}
