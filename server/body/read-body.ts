import { SandboxError } from '../contract/errors.js';
import { FORM_TYPE, JSON_TYPE, MULTIPART_TYPE, type BodyEncoding } from '../contract/body-encoding.js';
import { FORM_LIMITS, isUtf8Charset, mediaType, type ReadFields } from './fields.js';
import { readJsonFields } from './json-members.js';
import { readMultipart } from './multipart.js';
import { readUrlEncoded } from './urlencoded.js';

/** A merchant API body as fields, exactly as sent, and the encoding it came in. */
export interface FormBody extends ReadFields {
  encoding: BodyEncoding;
}

/** Which JSON members may hold an object or array; none unless the route says so. */
export interface FormBodyOptions {
  nested?: (key: string) => boolean;
}

const never = () => false;

/**
 * Reads a merchant API body: urlencoded (utf-8), multipart or JSON (every channel takes all three).
 * Refusals are the service's documented transport errors (missing or unsupported type, a charset other
 * than utf-8, bad JSON, too many fields).
 */
export async function readFormBody(raw: Buffer, contentType: string | undefined, opts: FormBodyOptions = {}): Promise<FormBody> {
  if (contentType === undefined || contentType.trim() === '') {
    throw new SandboxError(
      'MISSING_CONTENT_TYPE',
      `send a Content-Type header: ${FORM_TYPE}; charset=utf-8, ${MULTIPART_TYPE} or ${JSON_TYPE}`,
    );
  }
  const { type, charset } = mediaType(contentType);
  if (type === FORM_TYPE) {
    if (!isUtf8Charset(charset)) throw new SandboxError('UNSUPPORTED_CONTENT_TYPE', `form bodies must be utf-8 (got charset=${charset})`);
    return { encoding: 'form', ...readUrlEncoded(raw.toString('utf8'), FORM_LIMITS) };
  }
  if (type === MULTIPART_TYPE) return { encoding: 'multipart', ...(await readMultipart(raw, contentType, FORM_LIMITS)) };
  if (type === JSON_TYPE) {
    if (!isUtf8Charset(charset)) throw new SandboxError('UNSUPPORTED_CONTENT_TYPE', `JSON bodies must be utf-8 (got charset=${charset})`);
    return { encoding: 'json', ...readJsonFields(raw.toString('utf8'), FORM_LIMITS, opts.nested ?? never) };
  }
  throw new SandboxError(
    'UNSUPPORTED_CONTENT_TYPE',
    `unsupported Content-Type ${type || contentType}; send ${FORM_TYPE}; charset=utf-8, ${MULTIPART_TYPE} or ${JSON_TYPE}`,
  );
}
