import type { ChannelRules, CreationPath } from '../channels/types.js';
import { CreationFieldsSchema } from '../contract/payments.js';
import type { BodyEncoding } from '../contract/body-encoding.js';
import { SandboxError } from '../contract/errors.js';
import { creationAddress } from '../contract/common.js';
import { fieldWarning, type Warning } from '../contract/warnings.js';

/** The fields of the service's creation request (the documented schema is the one list). */
export const CREATION_FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(CreationFieldsSchema.shape));

/**
 * JSON members that may hold an object or array: `shopper_information` (a JSON body may carry it as
 * an object or as a JSON-encoded string) and fields the service does not know, which are ignored with
 * a warning anyway.
 */
export const nestedCreationField = (key: string): boolean => key === 'shopper_information' || !CREATION_FIELD_NAMES.has(key);

/** More unknown fields than this are summed up in one warning (a body may have 200 fields). */
const MAX_UNKNOWN_WARNINGS = 10;

/**
 * Warnings about how the request was sent, accepted as the real service evidently accepts it: a JSON
 * body where the service asks for a form, a channel sent to the other creation path, unknown fields.
 */
export function transportWarnings(
  f: Record<string, string>,
  opts: { encoding: BodyEncoding; path: CreationPath; rules: ChannelRules; warnings: Warning[]; prefix?: string; sentPath?: string },
): void {
  const { rules, warnings } = opts;
  if (opts.prefix) {
    const sent = (opts.sentPath ?? opts.prefix).slice(0, 200);
    warnings.push(fieldWarning('path_prefix', 'path', sent, { paths: creationAddress(opts.path), prefix: opts.prefix }));
  }
  if (opts.encoding === 'json' && !rules.jsonBodies) {
    warnings.push(fieldWarning('json_body', 'Content-Type', 'application/json', { channel: rules.id }));
  }
  if (rules.path !== opts.path) {
    const paths = { channel: rules.id, path: creationAddress(rules.path), sent_path: creationAddress(opts.path) };
    warnings.push(fieldWarning('channel_path', 'channel', f.channel!, paths));
  }
  const unknown = Object.keys(f).filter((k) => !CREATION_FIELD_NAMES.has(k));
  for (const k of unknown.slice(0, MAX_UNKNOWN_WARNINGS)) {
    warnings.push(fieldWarning('field_unknown', k.slice(0, 60), f[k]!));
  }
  if (unknown.length > MAX_UNKNOWN_WARNINGS) {
    warnings.push({ code: 'fields_unknown_more', field: '', sent: null, params: { n: String(unknown.length - MAX_UNKNOWN_WARNINGS) } });
  }
}

/**
 * PHP's http_build_query sends an array as `shopper_information[name_shopper]=…` fields. The
 * service asks for one JSON-encoded string, and a PHP service reads such fields as an array that is
 * no JSON string: SHOPPERINFO_BAD_FORMAT, saying how to send it.
 */
export function checkShopperNotBracketed(f: Record<string, string>): void {
  if (f.shopper_information !== undefined) return;
  if (Object.keys(f).some((k) => k.startsWith('shopper_information['))) {
    throw new SandboxError(
      'SHOPPERINFO_BAD_FORMAT',
      'shopper_information was sent as form fields shopper_information[...] (an array); send one field ' +
        'shopper_information holding a JSON-encoded object (PHP: json_encode)',
    );
  }
}
