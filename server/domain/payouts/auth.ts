import { randomBytes } from 'node:crypto';
import { isRecord } from '../../contract/common.js';
import { SandboxError } from '../../contract/errors.js';
import type { Store } from '../../store/index.js';
import type { MerchantRecord } from '../../store/merchants.js';
import { readSandboxSettings } from '../../store/settings.js';
import { sameText, sha256Hex } from '../secrets.js';

/** Login tokens carry this prefix so support staff can tell them from static payout tokens in logs. */
export const LOGIN_TOKEN_PREFIX = 'lt_';
/** A login token's length: the prefix and 24 random bytes in base64url. */
export const LOGIN_TOKEN_LENGTH = LOGIN_TOKEN_PREFIX.length + 32;
/** Expired sessions are kept this long so a late caller still hears TOKEN_EXPIRED rather than UNAUTHORIZED. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;
/** Live login tokens kept per merchant: a new login beyond them ends the oldest (a login flood stores no more). */
export const MAX_LOGIN_TOKENS = 100;

/** The merchant of a payout request, and the scheme word it sent (for the request log). */
export interface PayoutCaller {
  merchant: MerchantRecord;
  scheme: string;
}

/**
 * `POST /api/login`: the merchant whose payout username and password match gets a
 * token valid for `payout_token_ttl_minutes` of sandbox time. Passwords are compared as SHA-256
 * digests in constant time (domain/secrets.ts); only the token's digest is stored.
 */
export function payoutLogin(store: Store, now: number, body: unknown): { token: string; merchant: MerchantRecord } {
  const creds = isRecord(body) ? body : {};
  const { username, password } = creds;
  const refuse = () =>
    new SandboxError(
      'INVALID_CREDENTIALS',
      'username or password is wrong: send JSON {"username","password"} with the merchant\'s payout login',
    );
  if (typeof username !== 'string' || typeof password !== 'string' || username === '' || password === '') throw refuse();
  let found: MerchantRecord | undefined;
  for (const m of store.merchants.byPayoutUsername(username)) {
    if (m.payout_password !== null && sameText(password, m.payout_password) && !found) found = m;
  }
  if (!found) throw refuse();
  if (!found.enabled) throw new SandboxError('MERCHANT_DISABLED', `merchant ${found.public_key} is disabled`);
  const token = LOGIN_TOKEN_PREFIX + randomBytes(24).toString('base64url');
  const ttl = readSandboxSettings(store.settings).payout_token_ttl_minutes * 60_000;
  const merchant = found;
  store.tx(() => {
    store.payoutSessions.pruneExpiredBefore(now - KEEP_EXPIRED_MS);
    store.payoutSessions.insert(loginTokenDigest(token), merchant.id, now, now + ttl);
    store.payoutSessions.keepNewest(merchant.id, now, MAX_LOGIN_TOKENS);
  });
  return { token, merchant };
}

/**
 * A login token of `merchant` that expired a moment ago (kept like any expired session), so an incident
 * replay can reproduce a call production refused with TOKEN_EXPIRED.
 */
export function expiredLoginToken(store: Store, now: number, merchant: MerchantRecord): string {
  const token = LOGIN_TOKEN_PREFIX + randomBytes(24).toString('base64url');
  const ttl = readSandboxSettings(store.settings).payout_token_ttl_minutes * 60_000;
  store.tx(() => store.payoutSessions.insert(loginTokenDigest(token), merchant.id, now - ttl - 1000, now - 1000));
  return token;
}

/** Whose a payout token is; an expired or revoked login token answers when instead of a merchant. */
interface TokenOwner {
  merchant?: MerchantRecord;
  expiredAt?: number;
  revokedAt?: number;
}

/** The stored digest of a login token. */
export const loginTokenDigest = (token: string): string => sha256Hex(token);

/**
 * Whose payout token this is: a merchant's static payout token (one indexed lookup of the UNIQUE
 * column, cached between merchant writes) or a login token (looked up by its digest, so the lookup
 * learns nothing about the token's text). Shared by the payout API, fault targeting and the token
 * diagnosis.
 */
export function payoutTokenOwner(store: Store, now: number, token: string): TokenOwner {
  const merchant = store.merchants.byPayoutToken(token);
  if (merchant) return { merchant };
  const session = store.payoutSessions.byDigest(loginTokenDigest(token));
  if (!session) return {};
  if (session.revoked_at !== null) return { revokedAt: session.revoked_at };
  if (now >= session.expires_at) return { expiredAt: session.expires_at };
  return { merchant: store.merchants.get(session.merchant_id) };
}

/**
 * The merchant of a payout request, from `Authorization: <scheme> <token>`. Any single
 * scheme word is accepted unless the setting `payout_auth_scheme` names one (compared
 * case-insensitively, as HTTP auth schemes are). The token is a merchant's static payout token or a
 * login token (see payoutTokenOwner).
 */
export function authenticatePayoutRequest(store: Store, now: number, header: string | undefined): PayoutCaller {
  const required = readSandboxSettings(store.settings).payout_auth_scheme;
  const expected = `"Authorization: ${required ?? '<scheme>'} <token>" (a token from POST /api/login or the merchant's payout_token)`;
  if (header === undefined || header.trim() === '') {
    throw new SandboxError('UNAUTHORIZED', `missing Authorization header: send ${expected}`);
  }
  const m = /^\s*([A-Za-z][\w.-]*)\s+(\S+)\s*$/.exec(header);
  if (!m) throw new SandboxError('UNAUTHORIZED', `malformed Authorization header: send ${expected}`);
  const [, scheme = '', token = ''] = m;
  if (required !== null && scheme.toLowerCase() !== required.toLowerCase()) {
    throw new SandboxError(
      'UNAUTHORIZED',
      `wrong Authorization scheme "${scheme}": this sandbox requires ${expected} (setting payout_auth_scheme)`,
    );
  }
  const { merchant: found, expiredAt, revokedAt } = payoutTokenOwner(store, now, token);
  if (revokedAt !== undefined) {
    throw new SandboxError(
      'UNAUTHORIZED',
      `the login token was revoked at ${new Date(revokedAt).toISOString()} (sandbox time) when the merchant's payout login changed: ` +
        'POST /api/login again with the new username and password',
    );
  }
  if (expiredAt !== undefined) {
    throw new SandboxError(
      'TOKEN_EXPIRED',
      `the login token expired at ${new Date(expiredAt).toISOString()} ` +
        '(sandbox time; setting payout_token_ttl_minutes): POST /api/login again',
    );
  }
  if (!found)
    throw new SandboxError('UNAUTHORIZED', "the token matches no merchant: log in with POST /api/login or use the merchant's payout_token");
  if (!found.enabled) throw new SandboxError('MERCHANT_DISABLED', `merchant ${found.public_key} is disabled`);
  return { merchant: found, scheme };
}
