import { createHash, timingSafeEqual } from 'node:crypto';
import { SandboxError } from '../http/errors.js';
import type { Store } from '../store/index.js';
import type { MerchantRecord } from '../store/merchants.js';
import { getSettings } from './settings.js';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * The merchant of a payout request, from `Authorization: <scheme> <payout_token>`. The scheme word is
 * the sandbox setting `payout_auth_scheme` (compared case-insensitively, as HTTP auth schemes are).
 * Tokens are compared as SHA-256 digests with timingSafeEqual against every merchant, without an early
 * exit, so response time does not reveal how much of a token was right.
 */
export function authenticatePayoutRequest(store: Store, header: string | undefined): MerchantRecord {
  const scheme = getSettings(store).payout_auth_scheme;
  const expected = `"Authorization: ${scheme} <payout token>"`;
  if (header === undefined || header.trim() === '') {
    throw new SandboxError('UNAUTHORIZED', `missing Authorization header: send ${expected}`);
  }
  const m = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!m) throw new SandboxError('UNAUTHORIZED', `malformed Authorization header: send ${expected}`);
  const [, word = '', token = ''] = m;
  if (word.toLowerCase() !== scheme.toLowerCase()) {
    throw new SandboxError('UNAUTHORIZED', `wrong Authorization scheme "${word}": this sandbox expects ${expected} (setting payout_auth_scheme)`);
  }
  const given = digest(token);
  let found: MerchantRecord | undefined;
  for (const merchant of store.merchants.list()) {
    if (timingSafeEqual(given, digest(merchant.payout_token)) && !found) found = merchant;
  }
  if (!found) throw new SandboxError('UNAUTHORIZED', 'the payout token matches no merchant (see the merchant\'s payout_token)');
  if (!found.enabled) throw new SandboxError('MERCHANT_DISABLED', `merchant ${found.public_key} is disabled`);
  return found;
}
