import type { ChannelRules, CreationPath } from '../channels/types.js';
import { CreationFieldsSchema } from '../contract/payments.js';
import type { BodyEncoding } from '../contract/body-encoding.js';
import { SandboxError } from '../contract/errors.js';
import { creationAddress } from '../contract/common.js';
import { fieldWarning } from '../channels/warnings.js';

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
  opts: { encoding: BodyEncoding; path: CreationPath; rules: ChannelRules; warnings: string[]; prefix?: string; sentPath?: string },
): void {
  const { rules, warnings } = opts;
  if (opts.prefix) {
    warnings.push(
      fieldWarning(
        'path',
        (opts.sentPath ?? opts.prefix).slice(0, 200),
        `today's creation paths are ${creationAddress(opts.path)} on the service's address; ` +
          `${opts.prefix} is where the older integrations post`,
        'served as a current request',
      ),
    );
  }
  if (opts.encoding === 'json' && !rules.jsonBodies) {
    warnings.push(
      fieldWarning(
        'Content-Type',
        'application/json',
        `the service asks for form fields on channel ${rules.id} (application/x-www-form-urlencoded or multipart/form-data)`,
        'read as a flat JSON object',
      ),
    );
  }
  if (rules.path !== opts.path) {
    warnings.push(
      fieldWarning(
        'channel',
        f.channel!,
        `the service serves channel ${rules.id} on ${creationAddress(rules.path)}, not ${creationAddress(opts.path)}`,
        'accepted on this path',
      ),
    );
  }
  const unknown = Object.keys(f).filter((k) => !CREATION_FIELD_NAMES.has(k));
  for (const k of unknown.slice(0, MAX_UNKNOWN_WARNINGS)) {
    warnings.push(fieldWarning(k.slice(0, 60), f[k]!, "the service's creation request has no such field", 'ignored'));
  }
  if (unknown.length > MAX_UNKNOWN_WARNINGS) {
    warnings.push(`${unknown.length - MAX_UNKNOWN_WARNINGS} more fields that the service's creation request does not have were ignored`);
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
