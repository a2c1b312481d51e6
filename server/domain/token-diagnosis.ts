import type { Diagnosis, Recipe, TokenMistake } from '../contract/diagnosis.js';
import type { Store } from '../store/index.js';
import type { MerchantRecord } from '../store/merchants.js';
import { payoutTokenOwner, sameText } from './payout-auth.js';
import { getSettings } from './settings.js';
import { MASKED_SECRET } from './signature-diagnosis.js';

/** Shortest start of a payout token that is taken for a token cut short (shorter says too little). */
const MIN_TRUNCATED = 6;

/** What a refused header held, once its shape is undone: the text in the token's place, and how it was wrapped. */
interface Reading {
  scheme: string;
  token: string;
  shape?: Extract<TokenMistake, 'no_scheme' | 'scheme_repeated' | 'quoted' | 'login_answer'>;
}

/** The readings of an Authorization header, as sent first, then with each usual wrapping undone. */
function readings(header: string): Reading[] {
  const h = header.trim();
  const words = h.split(/\s+/);
  const scheme = words.length > 1 ? words[0]! : '';
  const rest = words.length > 1 ? h.slice(scheme.length).trim() : h;
  const out: Reading[] = [{ scheme, token: rest }];
  if (words.length === 1) out.push({ scheme: '', token: h, shape: 'no_scheme' });
  if (words.length === 3 && words[0]!.toLowerCase() === words[1]!.toLowerCase())
    out.push({ scheme, token: words[2]!, shape: 'scheme_repeated' });
  const quoted = /^(["'])(.+)\1$/.exec(rest);
  if (quoted) out.push({ scheme, token: quoted[2]!, shape: 'quoted' });
  if (rest.startsWith('{')) {
    try {
      const answer = JSON.parse(rest) as unknown;
      const token = typeof answer === 'object' && answer !== null ? (answer as { token?: unknown }).token : undefined;
      if (typeof token === 'string') out.push({ scheme, token, shape: 'login_answer' });
    } catch {
      // not the login answer
    }
  }
  return out;
}

/** `user:password` from HTTP Basic credentials (base64), or null. */
function basicCredentials(token: string): { username: string; password: string } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return null;
  const text = Buffer.from(token, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0 || !/^[\x20-\x7e]+$/.test(text)) return null;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** Which credential of which merchant `token` is, when it is one. */
function credentialOf(merchants: readonly MerchantRecord[], token: string): { mistake: TokenMistake; merchant: MerchantRecord } | null {
  // Compared in constant time like every credential check, though only refused calls get here.
  const is = (value: string | null) => value !== null && sameText(value, token);
  const checks: [TokenMistake, (m: MerchantRecord) => boolean][] = [
    ['public_key', (m) => is(m.public_key)],
    ['secret_key', (m) => is(m.secret_key)],
    ['payout_username', (m) => is(m.payout_username)],
    ['payout_password', (m) => is(m.payout_password)],
    ['other_case', (m) => sameText(m.payout_token.toLowerCase(), token.toLowerCase())],
    ['truncated', (m) => token.length >= MIN_TRUNCATED && m.payout_token.startsWith(token)],
  ];
  for (const [mistake, test] of checks) {
    const merchant = merchants.find(test);
    if (merchant) return { mistake, merchant };
  }
  return null;
}

const EXPLANATIONS: Record<TokenMistake, string> = {
  no_scheme: 'The Authorization header holds the token without a scheme word: send "Authorization: <scheme> <token>".',
  scheme_repeated: 'The scheme word is sent twice: send it once, then the token.',
  quoted: 'The token is sent in quotes: send it bare.',
  login_answer: 'The whole answer of POST /api/login is sent as the token: send only the value of its "token" field.',
  other_case: "The token's letter case was changed: tokens are compared exactly, send it as issued.",
  truncated: "Only the start of the merchant's payout token was sent: send the whole token.",
  revoked_login:
    "This login token was revoked when the merchant's payout login changed: POST /api/login again with the new username and password.",
  public_key: "The merchant's public_key is sent as the token: send its payout_token, or a token from POST /api/login.",
  secret_key:
    "The merchant's secret key (it signs payments and must never travel) is sent as the token: send its payout_token, " +
    'or a token from POST /api/login.',
  payout_username: 'The payout username is sent as the token: POST the username and password to /api/login and send the token it answers.',
  payout_password: 'The payout password is sent as the token: POST the username and password to /api/login and send the token it answers.',
  basic_credentials:
    'HTTP Basic credentials (base64 of username:password) are sent: the payout API takes a token. ' +
    'POST the username and password to /api/login and send the token it answers.',
};

/**
 * Contract §10, a payout call refused for its token: what was sent where the token belongs. Tries
 * the usual wrappings (no scheme word, the scheme twice, quotes, the whole login answer) around a
 * usable token, then a revoked login token, HTTP Basic credentials, and another credential of a
 * merchant (its keys, its payout login, its payout token in another case or cut short). Null when
 * the header is absent or its token is usable (the refusal was about something else).
 */
export function diagnosePayoutToken(store: Store, now: number, header: string | undefined): Diagnosis | null {
  if (header === undefined || header.trim() === '') return null;
  const expected_string = `Authorization: ${getSettings(store).payout_auth_scheme ?? 'Bearer'} ${MASKED_SECRET}`;
  const found = (mistake: TokenMistake, merchant?: MerchantRecord): Diagnosis => {
    const recipe: Recipe = { token: mistake, ...(merchant ? { token_of: merchant.public_key } : {}) };
    return { matched: true, recipe, expected_string, explanation: EXPLANATIONS[mistake] };
  };
  const [asSent, ...unwrapped] = readings(header);
  const owner = payoutTokenOwner(store, now, asSent!.token);
  // A usable token after a scheme word: the refusal was about the scheme, and its message says so.
  if (asSent!.scheme !== '' && (owner.merchant || owner.expiredAt !== undefined)) return null;
  if (owner.revokedAt !== undefined) return found('revoked_login');
  for (const r of unwrapped) {
    const { merchant } = payoutTokenOwner(store, now, r.token);
    if (merchant && r.shape) return found(r.shape, merchant);
  }
  const merchants = store.merchants.list();
  const basic = basicCredentials(asSent!.token);
  if (basic && (asSent!.scheme.toLowerCase() === 'basic' || merchants.some((m) => m.payout_username === basic.username))) {
    return found(
      'basic_credentials',
      merchants.find((m) => m.payout_username === basic.username),
    );
  }
  const credential = credentialOf(merchants, asSent!.token);
  if (credential) return found(credential.mistake, credential.merchant);
  return {
    matched: false,
    recipe: null,
    expected_string,
    explanation:
      "The token is neither a merchant's payout_token nor a login token this sandbox issued (a reset forgets login tokens): " +
      "send the merchant's payout_token, or a token from POST /api/login.",
  };
}
