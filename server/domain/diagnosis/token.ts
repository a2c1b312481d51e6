import { ANY_SCHEME_WORD, type Diagnosis, type Recipe, type TokenMistake } from '../../contract/diagnosis.js';
import type { Store } from '../../store/index.js';
import type { MerchantRecord } from '../../store/merchants.js';
import { LOGIN_TOKEN_LENGTH, LOGIN_TOKEN_PREFIX, MAX_LOGIN_TOKENS, payoutTokenOwner } from '../payouts/auth.js';
import { equalsText } from '../secrets.js';
import { readSandboxSettings } from '../../store/settings.js';
import { MASKED_SECRET } from '../../contract/secret-masking.js';

/** Shortest start of a payout token that is taken for a token cut short (shorter says too little). */
const MIN_TRUNCATED = 6;

type Wrapping = Extract<TokenMistake, 'no_scheme' | 'scheme_repeated' | 'quoted' | 'login_answer'>;

/**
 * A refused Authorization header read as sent (the scheme word, if any, and the rest in the token's
 * place), and the tokens inside each usual wrapping of it.
 */
function readHeader(header: string): { scheme: string; token: string; unwrapped: { shape: Wrapping; token: string }[] } {
  const h = header.trim();
  // The login answer pasted as the whole header, without a scheme word.
  const pasted = loginAnswerToken(h);
  if (pasted !== null) return { scheme: '', token: h, unwrapped: [{ shape: 'login_answer', token: pasted }] };
  const words = h.split(/\s+/);
  if (words.length === 1) return { scheme: '', token: h, unwrapped: [{ shape: 'no_scheme', token: h }] };
  const scheme = words[0]!;
  const token = h.slice(scheme.length).trim();
  const unwrapped: { shape: Wrapping; token: string }[] = [];
  if (words.length === 3 && words[1]!.toLowerCase() === scheme.toLowerCase())
    unwrapped.push({ shape: 'scheme_repeated', token: words[2]! });
  const quoted = /^(["'])(.+)\1$/.exec(token);
  if (quoted) unwrapped.push({ shape: 'quoted', token: quoted[2]! });
  const inner = loginAnswerToken(token);
  if (inner !== null) unwrapped.push({ shape: 'login_answer', token: inner });
  return { scheme, token, unwrapped };
}

/** The token inside the answer of POST /api/login (`{"token":"lt_…"}`), or null. */
function loginAnswerToken(text: string): string | null {
  if (!text.startsWith('{')) return null;
  try {
    const answer = JSON.parse(text) as unknown;
    const inner = typeof answer === 'object' && answer !== null ? (answer as { token?: unknown }).token : undefined;
    return typeof inner === 'string' ? inner : null;
  } catch {
    return null;
  }
}

/**
 * A login token changed on its way (only its digest is stored, so it is known by its shape): the
 * prefix or the whole token in another letter case, or a start of one. Names no merchant.
 */
function loginTokenShape(token: string): 'other_case' | 'truncated' | null {
  const body = token.slice(LOGIN_TOKEN_PREFIX.length);
  if (token.toLowerCase().startsWith(LOGIN_TOKEN_PREFIX) && !/^[A-Za-z0-9_-]*$/.test(body)) return null;
  if (token.length === LOGIN_TOKEN_LENGTH && token.toLowerCase().startsWith(LOGIN_TOKEN_PREFIX)) {
    // Base64url text of 24 random bytes with a single letter case is a case change (or a wrong prefix case).
    if (!token.startsWith(LOGIN_TOKEN_PREFIX) || body === body.toUpperCase() || body === body.toLowerCase()) return 'other_case';
    return null;
  }
  // A start of random base64url text has both letter cases; a made-up name (lt_never_issued) has not.
  const random = /[A-Z]/.test(body) && /[a-z]/.test(body);
  if (token.startsWith(LOGIN_TOKEN_PREFIX) && token.length < LOGIN_TOKEN_LENGTH && body.length >= MIN_TRUNCATED && random)
    return 'truncated';
  return null;
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
  const isToken = equalsText(token);
  const isLowerToken = equalsText(token.toLowerCase());
  const is = (value: string | null) => value !== null && isToken(value);
  const checks: [TokenMistake, (m: MerchantRecord) => boolean][] = [
    ['public_key', (m) => is(m.public_key)],
    ['secret_key', (m) => is(m.secret_key)],
    ['payout_username', (m) => is(m.payout_username)],
    ['payout_password', (m) => is(m.payout_password)],
    ['other_case', (m) => isLowerToken(m.payout_token.toLowerCase())],
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
  truncated: 'Only the start of a payout or login token was sent: send the whole token.',
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
 * A payout call refused for its token explains itself: what was sent where the token belongs. Tries
 * the usual wrappings (no scheme word, the scheme twice, quotes, the whole login answer) around a
 * usable token, then a revoked login token, HTTP Basic credentials, and another credential of a
 * merchant (its keys, its payout login, its payout token in another case or cut short). Null when
 * the header is absent or its token is usable (the refusal was about something else).
 */
export function diagnosePayoutToken(store: Store, now: number, header: string | undefined): Diagnosis | null {
  if (header === undefined || header.trim() === '') return null;
  const scheme = readSandboxSettings(store.settings).payout_auth_scheme;
  // The scheme word the setting requires, or a reminder that any single word does.
  const expected_string = `Authorization: ${scheme ?? ANY_SCHEME_WORD} ${MASKED_SECRET}`;
  const found = (mistake: TokenMistake, merchant?: MerchantRecord): Diagnosis => {
    const recipe: Recipe = { token: mistake, ...(merchant ? { token_of: merchant.public_key } : {}) };
    return { matched: true, recipe, expected_string, explanation: EXPLANATIONS[mistake] };
  };
  const sent = readHeader(header);
  const owner = payoutTokenOwner(store, now, sent.token);
  // A usable token after a scheme word: the refusal was about the scheme, and its message says so.
  if (sent.scheme !== '' && (owner.merchant || owner.expiredAt !== undefined)) return null;
  if (owner.revokedAt !== undefined) return found('revoked_login');
  for (const { shape, token } of sent.unwrapped) {
    const { merchant } = payoutTokenOwner(store, now, token);
    if (merchant) return found(shape, merchant);
  }
  const basic = basicCredentials(sent.token);
  const basicOwner = basic ? store.merchants.byPayoutUsername(basic.username)[0] : undefined;
  if (basic && (sent.scheme.toLowerCase() === 'basic' || basicOwner)) return found('basic_credentials', basicOwner);
  const credential = credentialOf(store.merchants.list(), sent.token);
  if (credential) return found(credential.mistake, credential.merchant);
  const shape = loginTokenShape(sent.token);
  if (shape) return found(shape);
  return {
    matched: false,
    recipe: null,
    expected_string,
    reason: { code: 'unknown_token', params: { max: MAX_LOGIN_TOKENS } },
    explanation:
      "The token is neither a merchant's payout_token nor a login token this sandbox issued (a reset forgets login tokens, " +
      `and each merchant keeps only its newest ${MAX_LOGIN_TOKENS}): ` +
      "send the merchant's payout_token, or a token from POST /api/login.",
  };
}
