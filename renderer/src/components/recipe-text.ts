import type { Recipe, TokenMistake } from '@contract/diagnosis.js';
import type { SigText, SigTextKey } from './sig-text';

/** Which usual change turned the value as sent into the value signed. */
function fieldKey(name: string, sent: string, signed: string): SigTextKey {
  if (signed === '') return 'sig.why.empty';
  if (signed === sent.trim()) return 'sig.why.trimmed';
  if (name === 'amount' && Number(signed) === Number(sent)) {
    if (/^-?\d+\.\d\d$/.test(signed)) return 'sig.why.twoDecimals';
    if (/^-?\d+$/.test(signed)) return 'sig.why.wholeNumber';
    return 'sig.why.noTrailingZeros';
  }
  if (name === 'time' && signed.includes('T') && !sent.includes('T')) return 'sig.why.timeT';
  if (name === 'time' && sent.includes('T') && !signed.includes('T')) return 'sig.why.timeSpace';
  if (signed === encodeURIComponent(sent) || signed === new URLSearchParams({ v: sent }).toString().slice(2)) return 'sig.why.urlEncoded';
  try {
    if (signed === decodeURIComponent(sent.replace(/\+/g, ' '))) return 'sig.why.urlDecoded';
  } catch {
    // not URL-encoded
  }
  if (signed === sent.toLowerCase()) return 'sig.why.lowerCase';
  if (signed === sent.toUpperCase()) return 'sig.why.upperCase';
  return 'sig.why.otherForm';
}

const ORDER_KEYS: Record<NonNullable<Recipe['order']>, SigTextKey> = {
  alphabetical: 'sig.why.alphabetical',
  channel_first: 'sig.why.channelFirst',
  public_key_left_out: 'sig.why.publicKeyLeftOut',
  notification: 'sig.why.notificationOrder',
  custom: 'sig.why.customOrder',
  legacy_layout: 'sig.why.legacyLayout',
  standard_layout: 'sig.why.standardLayout',
};
const TOKEN_KEYS: Record<TokenMistake, SigTextKey> = {
  no_scheme: 'sig.token.noScheme',
  scheme_repeated: 'sig.token.schemeRepeated',
  quoted: 'sig.token.quoted',
  login_answer: 'sig.token.loginAnswer',
  other_case: 'sig.token.otherCase',
  truncated: 'sig.token.truncated',
  revoked_login: 'sig.token.revokedLogin',
  public_key: 'sig.token.publicKey',
  secret_key: 'sig.token.secretKey',
  payout_username: 'sig.token.payoutUsername',
  payout_password: 'sig.token.payoutPassword',
  basic_credentials: 'sig.token.basicCredentials',
};
const ALGORITHMS = { sha1: 'SHA-1', md5: 'MD5', sha512: 'SHA-512' } as const;

/**
 * The server's recipe as texts in the console's language, one per ingredient, in
 * the order the server's explanation names them. `nameOf` gives a merchant's name for its key.
 */
export function recipeTexts(r: Recipe, nameOf: (publicKey: string) => string | undefined = () => undefined): SigText[] {
  const out: SigText[] = [];
  if (r.token) {
    const key = r.token_of ?? '?';
    out.push({ key: TOKEN_KEYS[r.token], vars: { name: nameOf(key) ?? key, key } });
  }
  if (r.order) out.push({ key: ORDER_KEYS[r.order], vars: { order: r.order === 'custom' ? r.custom_order.join(' ') : '' } });
  if (r.separator !== undefined) out.push({ key: 'sig.why.separator', vars: { sep: JSON.stringify(r.separator) } });
  if (r.secret === 'prefix') out.push({ key: 'sig.why.secretFirst' });
  if (r.secret === 'none') out.push({ key: 'sig.why.secretLeftOut' });
  if (r.secret === 'hmac_key') out.push({ key: 'sig.why.hmacKey' });
  if (r.secret === 'in_values_and_hmac_key') out.push({ key: 'sig.why.secretAmongValues', vars: { name: r.secret_name } });
  if (r.secret === 'other_merchant') {
    out.push({ key: 'sig.why.otherSecret', vars: { name: nameOf(r.secret_of) ?? r.secret_of, key: r.secret_of } });
  }
  if (r.field)
    out.push({ key: fieldKey(r.field.name, r.field.sent, r.field.signed), vars: { field: r.field.name, value: r.field.signed } });
  if (r.algorithm) out.push({ key: 'sig.why.algorithm', vars: { alg: ALGORITHMS[r.algorithm] } });
  if (r.encoding === 'base64') out.push({ key: 'sig.why.base64' });
  if (r.encoding === 'base64_of_hex') out.push({ key: 'sig.why.base64OfHex' });
  return out;
}
