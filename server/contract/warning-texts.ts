/*
 * The English sentence of every warning code, with `{name}` standing for the warning's field, sent
 * value and params. The console's dictionaries hold the same sentences under `warning.<code>` (the
 * English ones equal to these, checked by a test), so it can say them in Spanish too.
 */

/** A creation warning: the field, the value sent, what the service asks for, what the sandbox did. */
const creation = (asks: string, did: string) => `{field}: sent {sent} — ${asks} — ${did}`;
/** A payout item warning: the field, the value sent, what the service asks for (and what was done). */
const payout = (asks: string) => `{field}: sent {sent}; the service asks for ${asks}`;

export const WARNING_TEXTS = {
  // How the creation was sent.
  path_prefix: creation(
    "today's creation paths are {paths} on the service's address; {prefix} is where the older integrations post",
    'served as a current request',
  ),
  json_body: creation(
    'the service asks for form fields on channel {channel} (application/x-www-form-urlencoded or multipart/form-data)',
    'read as a flat JSON object',
  ),
  channel_path: creation('the service serves channel {channel} on {path}, not {sent_path}', 'accepted on this path'),
  field_unknown: creation("the service's creation request has no such field", 'ignored'),
  fields_unknown_more: {
    one: "{n} more field that the service's creation request does not have was ignored",
    other: "{n} more fields that the service's creation request does not have were ignored",
  },
  // The creation's values.
  amount_rounded: creation('the service asks for whole pesos on this channel', 'rounded to {value}'),
  amount_whole_read: creation('the service asks for whole pesos on this channel', 'read as {value}'),
  amount_decimals_read: creation('the service asks for 2 decimals', 'read as {value}'),
  time_layout: creation(
    'the service asks for YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS',
    'accepted as an ISO 8601 date-time, read as given',
  ),
  time_presence_only: creation('a date-time (YYYY-MM-DD HH:MM:SS)', 'accepted: the {dialect} service checked presence only'),
  time_expired_not_minutes: creation('a whole number of minutes', 'read as {minutes} minutes'),
  time_expired_raised: creation("the service's minimum on this channel is {min} minutes", 'raised to {min}'),
  time_expired_below_suggested: creation('the service suggests at least {min} minutes', 'kept {kept} minutes'),
  time_expired_below_suggested_method: creation(
    'the service suggests at least {min} minutes for this payment method',
    'kept {kept} minutes',
  ),
  time_expired_below_suggested_online: creation('the service suggests at least {min} minutes for online payment', 'kept {kept} minutes'),
  time_expired_fixed: creation('the service fixes {minutes} minutes for filter_by={method}', 'ignored; {minutes} minutes'),
  time_expired_clamped: creation('the service accepts {min} to {max} minutes', 'adjusted to {adjusted}'),
  direct_no_effect: creation('the service gives direct_integration no effect on channel {channel}', 'answered the checkout address'),
  // filter_by, user_bank_code and gateway_source_id.
  filter_by_not_on_channel: creation('the service has no filter_by on this channel', 'ignored'),
  filter_by_use_user_bank_code: creation('the service selects the institution on channel {channel} with user_bank_code', 'ignored'),
  user_bank_code_not_on_this_channel: creation('the service has no user_bank_code on this channel', 'ignored'),
  user_bank_code_not_on_channel: creation('the service has no user_bank_code on channel {channel}', 'ignored'),
  user_bank_code_bank_page: creation(
    'the service has no user_bank_code on channel {channel} (the bank is chosen on the bank-selection page)',
    'ignored',
  ),
  user_bank_code_bankredirect_only: creation('the service uses it only with filter_by=bankredirect', 'ignored'),
  user_bank_code_not_for_method: creation('the service uses it only with filter_by=bankredirect, not {method}', 'ignored'),
  bank_code_unlisted: creation(
    'the service lists the accepted bank codes; this one is not in the list',
    'forwarded: the provider rejects the operation if the bank is unavailable',
  ),
  gateway_source_id_card_only: creation('the service uses it only with filter_by=card', 'ignored'),
  // The shopper.
  shopper_value_undocumented: creation('the service documents {values}', 'accepted'),
  email_domain_unchecked: creation('the service asks for a domain that resolves', 'could not be checked ({error}); accepted'),
  rfc_separators: creation(
    'the service asks for the RFC without spaces, hyphens or other separators',
    'accepted, but incoming SPEI transfers will not be matched to this operation',
  ),
  // Payout items.
  payout_number_as_text: `${payout('a String')}; stored as "{stored}"`,
  payout_amount_text: `${payout('a Number')}; read as {value}`,
  payout_amount_decimals: `${payout('at most 2 decimals')}; read as {value}`,
  payout_bank_text: `${payout('an Integer')}; read as {value}`,
  payout_country_unknown: `${payout('one of {countries} (sandbox extension)')}; read from bank instead`,
  payout_country_ambiguous: `${payout('a country when bank {bank} is listed for {countries}')}; read as {country}`,
  payout_account_type: payout('an account type of {country_name} ({types})'),
  payout_vat_id_type: payout('an id type of {country_name} ({types})'),
  payout_format: payout('the {type} format ({format})'),
  payout_check_digit: payout('a {type} with a valid check digit (expected {expected})'),
  payout_clabe: payout('an 18-digit CLABE with a valid check digit'),
  payout_channel_not_http:
    `${payout('an http(s) address that receives the reference and OTP')}; ` + 'no channel payload will be sent for this item',
  payout_private_callback:
    '{field}: sent {sent}, a loopback or private address; this sandbox is shared, so no channel payload will be sent there ' +
    'unless the merchant setting allow_private_callbacks is true',
  payout_user_email: payout('an e-mail address'),
  payout_transfer_status: `${payout('nothing on creation (the sandbox sets it: 1 in process)')}; ignored`,
  payout_field_unknown: '{field}: not a payout item field; ignored',
} as const satisfies Record<string, string | { one: string; other: string }>;

export type WarningCode = keyof typeof WARNING_TEXTS;
