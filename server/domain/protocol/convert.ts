import { CHANNEL_PATHS, creationAddress, type CreationPath } from '../../contract/common.js';
import type { MigrationChange } from '../../contract/migration.js';
import {
  DIALECT_2018_NAMES,
  equivalentChannels,
  FLAT_SHOPPER_KEYS,
  isLegacyChannel,
  LEGACY_CHANNEL_METHODS,
  type Dialect,
  type EquivalentChannel,
  type Name2018,
} from '../../contract/protocol.js';
import { channelRules } from '../../channels/registry.js';
import { bankList } from '../../channels/banks.js';
import { CREATION_FIELD_NAMES } from '../creation-fields.js';
import { readTime } from '../creation-checks.js';
import { readDialectFields } from './legacy-checks.js';

/** A value shown in a migration: long values are cut (a migration is kept on the request log). */
const shown = (v: string, max = 120): string => (v.length > max ? `${v.slice(0, max)}…` : v);

/** ISO 3166 alpha-2 (what the 2019 plugins send as `country_code`) → today's `country` and phone prefix. */
const COUNTRIES: Record<string, { country: string; prefix: string }> = {
  CL: { country: 'CHL', prefix: '+56' },
  PE: { country: 'PER', prefix: '+51' },
  CO: { country: 'COL', prefix: '+57' },
  MX: { country: 'MEX', prefix: '+52' },
  CR: { country: 'CRI', prefix: '+506' },
  GT: { country: 'GTM', prefix: '+502' },
  HN: { country: 'HND', prefix: '+504' },
  PA: { country: 'PAN', prefix: '+507' },
  EC: { country: 'ECU', prefix: '+593' },
  AR: { country: 'ARG', prefix: '+54' },
  BR: { country: 'BRA', prefix: '+55' },
  US: { country: 'USA', prefix: '+1' },
};

/** The value a key that cannot be derived carries in the converted request. */
export const ADD = 'add';

const ADD_WHAT: Record<string, string> = {
  type_doc_identi: "the shopper's document type",
  Num_doc_identi: "the shopper's document number",
  address: "the shopper's address (a JSON string)",
  country_code: "the country's phone prefix, e.g. +57",
  Phone: "the shopper's phone number",
  country: 'the three-letter country code, e.g. COL',
  name_shopper: "the shopper's first name",
  last_name_Shopper: "the shopper's last name",
  email: "the shopper's e-mail address",
};

/**
 * Top-level fields the method of an equivalent channel requires that no dialect request carries,
 * with the value a dry run uses in their place.
 */
const METHOD_FIELDS: Record<string, readonly { field: string; what: string; test: () => string }[]> = {
  '17:bankredirect': [
    { field: 'user_bank_code', what: "the shopper's bank (a code of the PSE bank list)", test: () => bankList(PSE_BANKS)[0]?.code ?? ADD },
  ],
};
const PSE_BANKS = 'colombia-ch17-bank-codes.json';

/** The creation request a dialect request becomes today, before its signature is computed. */
export interface Converted {
  equivalent: EquivalentChannel | null;
  equivalents: readonly EquivalentChannel[];
  path: string;
  /** Today's fields; `signature` is left out (the caller shows it masked and signs the dry run). */
  fields: Record<string, string>;
  /** Keys of shopper_information marked "add" (the dry run fills them with test values). */
  added: string[];
  /** Top-level fields marked "add", with the value the dry run uses. */
  addedFields: Record<string, string>;
  changes: MigrationChange[];
}

/** A readable time from a dialect's non-date `time` (`2021-08-03UTC12:31:50`): its digits as YYYY-MM-DD HH:MM:SS, when they fit. */
function readableTime(raw: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})\D*?(\d{2}):?(\d{2}):?(\d{2})/.exec(raw);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : null;
}

const isDateTime = (t: string): boolean => {
  try {
    readTime(t, []);
    return true;
  } catch {
    return false;
  }
};

function shopperOf(f: Record<string, string>, dialect: Dialect, eq: EquivalentChannel | null, changes: MigrationChange[]) {
  const flat: Record<string, string | undefined> =
    dialect === '2019'
      ? {
          name_shopper: f.name_shopper,
          last_name_Shopper: f.las_name_Shopper ?? f.last_name_Shopper,
          email: f.email,
          Phone: (f.phone ?? f.mobile)?.replace(/[^\d]/g, ''),
        }
      : {};
  const iso = f.country_code?.trim().toUpperCase() ?? '';
  const country = dialect === '2019' && Object.hasOwn(COUNTRIES, iso) ? COUNTRIES[iso] : undefined;
  if (country) Object.assign(flat, { country_code: country.prefix, country: country.country });
  const extra = eq ? Object.keys(channelRules(eq.channel).shopper.fields) : [];
  const shopper: Record<string, string> = {};
  const added: string[] = [];
  for (const key of ['name_shopper', 'last_name_Shopper', 'email', ...extra]) {
    const v = flat[key];
    if (v) shopper[key] = v.slice(0, 255);
    else {
      shopper[key] = ADD;
      added.push(key);
      const why = dialect === '2018' ? 'the 2018 request carries no shopper' : 'the 2019 request does not carry it';
      changes.push({
        field: `shopper_information.${key}`,
        sent: null,
        current: ADD,
        note: `cannot be derived (${why}): add ${ADD_WHAT[key] ?? key}`,
      });
    }
  }
  for (const k of FLAT_SHOPPER_KEYS) {
    if (f[k] === undefined) continue;
    const target =
      k === 'las_name_Shopper' || k === 'last_name_Shopper'
        ? 'last_name_Shopper'
        : k === 'phone' || k === 'mobile'
          ? 'Phone'
          : k === 'country_code'
            ? 'country_code, country'
            : k;
    const note =
      k === 'country_code'
        ? country
          ? `an ISO country is two keys today: the phone prefix ${country.prefix} (country_code) and ${country.country} (country)`
          : `not a country the sandbox can translate: set country_code (phone prefix) and country yourself`
        : k === 'mobile' && f.phone !== undefined
          ? 'not needed: phone is the shopper Phone'
          : `moved into shopper_information (a JSON-encoded object)${k === 'las_name_Shopper' ? '; spelled last_name_Shopper' : ''}`;
    changes.push({ field: k, sent: shown(f[k]!), current: `shopper_information.${target}`, note });
  }
  return { shopper, added };
}

/**
 * Today's request for a dialect request: fields renamed, the legacy channel replaced by the first
 * equivalent channel for its currency, the flattened shopper moved into `shopper_information`
 * (keys that cannot be derived marked "add"), `url_finalizar` dropped, each step a change.
 */
export function convertRequest(f: Record<string, string>, dialect: Dialect, sentPath: string, creationPath: CreationPath): Converted {
  const d = readDialectFields(f, dialect);
  const changes: MigrationChange[] = [];
  if (dialect === '2018')
    for (const [old, now] of Object.entries(DIALECT_2018_NAMES) as [Name2018, string][])
      if (f[old] !== undefined)
        changes.push({ field: old, sent: shown(f[old]), current: now, note: `the 2018 name; today the field is ${now}` });

  const sentChannel = d.channel?.trim() ?? '';
  const legacy = /^\d$/.test(sentChannel) && isLegacyChannel(Number(sentChannel)) ? Number(sentChannel) : null;
  const currency = d.currency ?? '';
  const equivalents = legacy === null ? [] : equivalentChannels(legacy as 0 | 1 | 2 | 3 | 4, currency);
  const equivalent = equivalents[0] ?? null;
  const fields: Record<string, string> = {};
  for (const k of ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error'] as const)
    fields[k] = (d[k] ?? '').slice(0, 255);
  fields.channel = equivalent ? String(equivalent.channel) : sentChannel.slice(0, 20);
  if (legacy !== null) {
    const what = LEGACY_CHANNEL_METHODS[legacy as 0 | 1 | 2 | 3 | 4].en;
    changes.push({
      field: 'channel',
      sent: sentChannel,
      current: equivalent ? String(equivalent.channel) : null,
      note: equivalent
        ? `channel ${legacy} (${what}) in ${currency} is channel ${equivalents.map((e) => e.channel).join(' or ')} today`
        : `no current channel takes ${what} in ${currency || 'this currency'}: choose another method or currency`,
    });
  }
  if (equivalent?.filter_by) {
    fields.filter_by = equivalent.filter_by;
    changes.push({
      field: 'filter_by',
      sent: f.filter_by ?? null,
      current: equivalent.filter_by,
      note: 'selects the same method on that channel',
    });
  }
  for (const k of ['user_bank_code', 'direct_integration']) if (f[k] !== undefined && !(k in fields)) fields[k] = f[k].slice(0, 255);
  const addedFields: Record<string, string> = {};
  for (const need of equivalent ? (METHOD_FIELDS[`${equivalent.channel}:${equivalent.filter_by ?? ''}`] ?? []) : []) {
    if (fields[need.field] !== undefined) continue;
    fields[need.field] = ADD;
    addedFields[need.field] = need.test();
    changes.push({ field: need.field, sent: null, current: ADD, note: `required by channel ${equivalent!.channel}: add ${need.what}` });
  }

  if (equivalent && channelRules(equivalent.channel).wholeAmounts && /\.\d*[1-9]/.test(fields.amount!)) {
    const whole = String(Math.round(Number(fields.amount)));
    changes.push({ field: 'amount', sent: fields.amount!, current: whole, note: `channel ${equivalent.channel} takes whole pesos` });
    fields.amount = whole;
  }
  if (fields.time && !isDateTime(fields.time)) {
    const readable = readableTime(fields.time);
    changes.push({
      field: 'time',
      sent: shown(fields.time),
      current: readable,
      note: 'today a time that is no date-time is refused (INVALID_TIME): send YYYY-MM-DD HH:MM:SS',
    });
    if (readable) fields.time = readable;
  }

  const { shopper, added } = shopperOf(f, dialect, equivalent, changes);
  fields.shopper_information = JSON.stringify(shopper);

  if (f.url_finalizar !== undefined)
    changes.push({
      field: 'url_finalizar',
      sent: shown(f.url_finalizar),
      current: null,
      note: 'dropped: today the shopper returns to url_ok or url_error',
    });
  const known = new Set<string>([...Object.keys(DIALECT_2018_NAMES), ...FLAT_SHOPPER_KEYS, 'url_finalizar']);
  const unknown = Object.keys(f).filter((k) => !known.has(k) && !CREATION_FIELD_NAMES.has(k));
  for (const k of unknown.slice(0, 5))
    changes.push({ field: k.slice(0, 60), sent: shown(f[k]!), current: null, note: "dropped: today's creation request has no such field" });

  const path = creationAddress(equivalent ? CHANNEL_PATHS[equivalent.channel] : creationPath);
  if (sentPath !== path)
    changes.push({ field: 'path', sent: shown(sentPath, 200), current: path, note: 'the current creation path of that channel' });
  return { equivalent, equivalents, path, fields, added, addedFields, changes };
}
