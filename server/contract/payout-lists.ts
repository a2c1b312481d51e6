import chile from '../../resources/payouts/chile.json' with { type: 'json' };
import colombia from '../../resources/payouts/colombia.json' with { type: 'json' };
import mexico from '../../resources/payouts/mexico.json' with { type: 'json' };
import peru from '../../resources/payouts/peru.json' with { type: 'json' };

/*
 * The sandbox's payout validation lists (the service leaves the allowed `account_type`,
 * `vat_id_type` and `bank` values undocumented). They are data in resources/payouts/*.json; this
 * module types them, so a malformed file fails the typecheck, and derives the enums the OpenAPI
 * document publishes.
 */

/**
 * A format rule's human text, quoted in warnings, in English and in Spanish (the console says the
 * warning in its language): both or neither, so a list file that forgets one fails the typecheck.
 */
type Worded<K extends string> = ({ [P in K]: string } & { [P in `${K}_es`]: string }) | { [P in K | `${K}_es`]?: undefined };

/** A named code of an account or id type, with an optional format rule. */
export type PayoutCode = {
  code: string;
  label: string;
  /** vat_id_types: regular expression the id must match; `format` says it in words. */
  pattern?: string;
  /** account_types: regular expression the account_id must match; `account_id_format` says it in words. */
  account_id_pattern?: string;
  /** account_types: other words integrations send for it (Spanish names), matched case-insensitively. */
  aliases?: string[];
  /** Extra checksum: `mod11` (Chilean RUT/RUN check digit) or `clabe` (Mexican CLABE check digit). */
  check?: string;
} & Worded<'format'> &
  Worded<'account_id_format'>;

/** One country's lists. */
export interface PayoutCountryList {
  /** ISO 3166-1 alpha-3, the value of the item's optional `country` field. */
  country: string;
  name: string;
  note: string;
  note_es: string;
  account_types: PayoutCode[];
  vat_id_types: PayoutCode[];
  banks: { code: number; name: string }[];
}

export const PAYOUT_COUNTRIES: readonly PayoutCountryList[] = [chile, peru, colombia, mexico] satisfies PayoutCountryList[];

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/** A non-empty tuple for z.enum / z.literal; the lists ship with the sandbox, so empty is a packaging bug. */
function nonEmpty<T>(xs: T[], what: string): [T, ...T[]] {
  if (xs.length === 0) throw new Error(`resources/payouts: no ${what} listed`);
  return xs as [T, ...T[]];
}

export const PAYOUT_COUNTRY_CODES = nonEmpty(
  PAYOUT_COUNTRIES.map((c) => c.country),
  'country',
);
export const PAYOUT_ACCOUNT_TYPES = nonEmpty(unique(PAYOUT_COUNTRIES.flatMap((c) => c.account_types.map((a) => a.code))), 'account type');
/** Every account_type word accepted without a warning: the codes and their Spanish aliases. */
export const PAYOUT_ACCOUNT_TYPE_WORDS = nonEmpty(
  unique(PAYOUT_COUNTRIES.flatMap((c) => c.account_types.flatMap((a) => [a.code, ...(a.aliases ?? [])]))),
  'account type',
);
export const PAYOUT_VAT_ID_TYPES = nonEmpty(unique(PAYOUT_COUNTRIES.flatMap((c) => c.vat_id_types.map((a) => a.code))), 'vat id type');
export const PAYOUT_BANK_CODES = nonEmpty(
  unique(PAYOUT_COUNTRIES.flatMap((c) => c.banks.map((b) => b.code))).sort((a, b) => a - b),
  'bank',
);

/** One line per country, for route descriptions and messages. */
export function describePayoutLists(): string {
  return PAYOUT_COUNTRIES.map(
    (c) =>
      `${c.country} (${c.name}): account_type ${c.account_types.map((a) => [a.code, ...(a.aliases ?? [])].join('/')).join(', ')}; ` +
      `vat_id_type ${c.vat_id_types.map((v) => v.code).join(', ')}; bank ${c.banks.map((b) => b.code).join(', ')}`,
  ).join('\n');
}
