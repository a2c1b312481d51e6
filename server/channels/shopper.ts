import { isRecord } from '../contract/common.js';
import type { ErrorCode } from '../contract/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../contract/json-depth.js';
import { fieldWarning, type Warning } from '../contract/warnings.js';
import { SandboxError } from '../contract/errors.js';
import type { ShopperFieldRule, ShopperKey, ShopperRules } from './types.js';

/** Keys every channel lists, String(255) everywhere. */
const BASE_KEYS = ['name_shopper', 'last_name_Shopper', 'email'] as const;

/** The code a problem with each key answers, in channel 17's and channel 36's vocabularies. */
const CODES: Record<ShopperRules['codes'], Record<ShopperKey | 'missing' | 'email' | 'name', ErrorCode>> = {
  ch17: {
    missing: 'SHOPPER_FIELD_REQUIRED',
    type_doc_identi: 'SHOPPER_INVALID_IDTYPE',
    Num_doc_identi: 'SHOPPER_INVALID_ID',
    country_code: 'SHOPPER_INVALID_COUNTRY_CODE',
    Phone: 'SHOPPER_INVALID_PHONE',
    country: 'SHOPPER_COUNTRY_NOTALLOWED',
    address: 'SHOPPERINFO_BAD_FORMAT',
    email: 'SHOPPER_INVALID_EMAIL_FORMAT',
    name: 'SHOPPER_FIELD_TOO_LONG',
  },
  ch36: {
    missing: 'SHOPPERINFO_INVALID',
    type_doc_identi: 'SHOPPER_INVALID_IDTYPE',
    Num_doc_identi: 'SHOPPER_INVALID_ID',
    country_code: 'SHOPPER_INVALID_COUNTRY_CODE',
    Phone: 'SHOPPER_INVALID_PHONE',
    country: 'SHOPPER_INVALID_COUNTRY',
    address: 'SHOPPERINFO_BAD_FORMAT',
    email: 'SHOPPER_INVALID_EMAIL',
    name: 'SHOPPER_FIELD_TOO_LONG',
  },
};

export const shopperCode = (rules: ShopperRules, key: ShopperKey | 'missing' | 'email' | 'name'): ErrorCode => CODES[rules.codes][key];

/**
 * Reads shopper_information: a JSON object encoded as a string. Values must be strings (numbers
 * are read as their text; null as empty). Only keys whose rule allows it may hold a JSON object.
 */
export function parseShopper(raw: string | undefined, objectKeys: readonly string[] = []): Record<string, string> {
  if (raw === undefined || raw.trim() === '') {
    throw new SandboxError('SHOPPERINFO_REQUIRED', 'shopper_information is required: a JSON object encoded as a string');
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new SandboxError(
      'SHOPPERINFO_BAD_FORMAT',
      'shopper_information must be a JSON-encoded string of an object (it cannot be parsed as JSON)',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SandboxError('SHOPPERINFO_BAD_FORMAT', 'shopper_information must encode a JSON object of key-value pairs');
  }
  if (nestsDeeperThan(value)) {
    throw new SandboxError('SHOPPERINFO_BAD_FORMAT', `shopper_information nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
    else if (v === null) out[k] = '';
    else if (objectKeys.includes(k) && isRecord(v)) out[k] = JSON.stringify(v);
    else throw new SandboxError('SHOPPERINFO_BAD_FORMAT', `shopper_information key "${k.slice(0, 40)}" must be a string`);
  }
  return out;
}

function checkValue(rules: ShopperRules, key: ShopperKey, rule: ShopperFieldRule, value: string, warnings: Warning[]): void {
  if (value.length > rule.max) {
    throw new SandboxError(shopperCode(rules, key), `shopper_information.${key} is longer than ${rule.max} characters`);
  }
  if (!rule.values) return;
  const norm = (s: string) => (rule.caseInsensitive ? s.toUpperCase() : s);
  if (rule.values.some((v) => norm(v) === norm(value))) return;
  const list = rule.values.join(', ');
  if (rule.strict) {
    throw new SandboxError(
      shopperCode(rules, key),
      `shopper_information.${key} must be ${rule.values.length > 1 ? `one of ${list}` : list} (got "${value.slice(0, 40)}")`,
    );
  }
  warnings.push(fieldWarning('shopper_value_undocumented', `shopper_information.${key}`, value, { values: list }));
}

/**
 * Validates shopper_information against a channel's rules, in order: missing keys, empty keys,
 * lengths and values, then the channel's own checks. E-mail syntax last (its domain is the
 * pipeline's next, possibly asynchronous, step). Returns the accepted shopper.
 */
export function validateShopper(
  rules: ShopperRules,
  shopper: Record<string, string>,
  filterBy: string | undefined,
  warnings: Warning[],
): Record<string, string> {
  const keys = [...BASE_KEYS, ...(Object.keys(rules.fields) as ShopperKey[])];
  const missing = keys.filter((k) => !(k in shopper));
  if (missing.length) {
    throw new SandboxError(shopperCode(rules, 'missing'), `shopper_information is missing required keys: ${missing.join(', ')}`);
  }
  const empty = keys.filter((k) => shopper[k]!.trim() === '');
  if (empty.length) throw new SandboxError('EMPTY_FIELD', `shopper_information keys sent empty: ${empty.join(', ')}`);
  for (const k of ['name_shopper', 'last_name_Shopper'] as const) {
    if (shopper[k]!.length > 255)
      throw new SandboxError(shopperCode(rules, 'name'), `shopper_information.${k} is longer than 255 characters`);
  }
  for (const [k, rule] of Object.entries(rules.fields) as [ShopperKey, ShopperFieldRule][]) {
    checkValue(rules, k, rule, shopper[k]!, warnings);
  }
  rules.check?.({ shopper, filterBy, warnings });
  return shopper;
}
