import { randomBytes } from 'node:crypto';
import { CHANNEL_CURRENCIES, CHANNEL_IDS } from '../contract/common.js';
import { DEMO_PUBLIC_KEY, type CreateMerchant, type Merchant, type MerchantSettings } from '../contract/merchants.js';
import { SandboxError } from '../contract/errors.js';
import type { Store } from '../store/index.js';
import type { MerchantRecord } from '../store/merchants.js';
import { clabeForMerchant } from './clabe.js';

/** The demo merchant seeded into an empty data dir: its keys are published, so every example works. */
export const DEMO_MERCHANT = {
  name: 'Comercio Demo S.A. de C.V.',
  public_key: DEMO_PUBLIC_KEY,
  secret_key: 'sk_sandbox_demo',
  payout_token: 'tk_sandbox_demo',
  payout_username: 'payout_demo',
  payout_password: 'pw_sandbox_demo',
  max_amount: 100_000_000,
} as const;

/** Every channel with every currency of the service's channel table. */
export const allChannels = (): Record<string, string[]> =>
  Object.fromEntries(CHANNEL_IDS.map((c) => [String(c), [...CHANNEL_CURRENCIES[c]]]));

const randomKey = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

export function merchantView(m: MerchantRecord): Merchant {
  return {
    mid_id: m.id,
    name: m.name,
    public_key: m.public_key,
    secret_key: m.secret_key,
    payout_token: m.payout_token,
    payout_username: m.payout_username,
    payout_password: m.payout_password,
    clabe: m.clabe,
    success_url: m.success_url,
    rejection_url: m.rejection_url,
    payout_url: m.payout_url,
    notification_signature_layout: m.notification_signature_layout,
    enabled: m.enabled,
    max_amount: m.max_amount,
    channels: m.channels,
    blacklisted_documents: m.blacklisted_documents,
    allow_http_localhost: m.allow_http_localhost,
    protocol: m.protocol,
    allow_private_callbacks: m.allow_private_callbacks,
    created_at: new Date(m.created_at).toISOString(),
  };
}

/** Creates a merchant; keys not given are generated. A taken key is a CONFLICT. */
export function createMerchant(store: Store, input: CreateMerchant, now: number): MerchantRecord {
  const public_key = input.public_key ?? randomKey('pk');
  const payout_token = input.payout_token ?? randomKey('tk');
  if (store.merchants.byPublicKey(public_key)) throw new SandboxError('CONFLICT', `a merchant with public_key ${public_key} exists`);
  if (store.merchants.byPayoutToken(payout_token)) throw new SandboxError('CONFLICT', 'that payout_token is taken by another merchant');
  const payout_username = input.payout_username === undefined ? randomKey('payout') : input.payout_username;
  assertUsernameFree(store, payout_username, null);
  return store.merchants.insert(
    {
      name: input.name,
      public_key,
      secret_key: input.secret_key ?? randomKey('sk'),
      payout_token,
      payout_username,
      payout_password: input.payout_password === undefined ? randomKey('pw') : input.payout_password,
      enabled: input.enabled ?? true,
      max_amount: input.max_amount ?? DEMO_MERCHANT.max_amount,
      channels: input.channels ?? allChannels(),
      success_url: input.success_url ?? null,
      rejection_url: input.rejection_url ?? null,
      payout_url: input.payout_url ?? null,
      // A legacy merchant starts on the notification layout the 2018/2019 integrations compute.
      notification_signature_layout: input.notification_signature_layout ?? (input.protocol === 'legacy' ? 'legacy' : 'standard'),
      blacklisted_documents: input.blacklisted_documents ?? [],
      allow_http_localhost: input.allow_http_localhost ?? false,
      protocol: input.protocol ?? 'current',
      allow_private_callbacks: input.allow_private_callbacks ?? false,
      created_at: now,
    },
    clabeForMerchant,
  );
}

/** Payout usernames identify the merchant at `POST /api/login`, so two merchants may not share one. */
function assertUsernameFree(store: Store, username: string | null, merchantId: number | null): void {
  if (username !== null && store.merchants.byPayoutUsername(username).some((m) => m.id !== merchantId)) {
    throw new SandboxError('CONFLICT', `payout_username ${username} is taken by another merchant`);
  }
}

/**
 * Replaces each named setting whole (a `channels` map replaces the map); the caller runs it in a
 * transaction. `now` (sandbox time) dates the revocation of login tokens when the payout login
 * changes.
 */
export function updateMerchant(store: Store, publicKey: string, patch: MerchantSettings, now = Date.now()): MerchantRecord {
  const m = store.merchants.byPublicKey(publicKey);
  if (!m) throw new SandboxError('NOT_FOUND', `no merchant with public_key ${publicKey}`);
  if (patch.payout_username !== undefined) assertUsernameFree(store, patch.payout_username, m.id);
  const next: MerchantRecord = { ...m };
  for (const [k, v] of Object.entries(patch)) {
    if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
  }
  // Switching to the legacy protocol starts the merchant on the legacy notification layout, which the
  // 2018/2019 integrations compute, unless this same change names the layout.
  if (patch.protocol === 'legacy' && m.protocol !== 'legacy' && patch.notification_signature_layout === undefined)
    next.notification_signature_layout = 'legacy';
  // Login tokens were granted for the old credentials: a changed login ends them, as a password change would.
  if (next.payout_username !== m.payout_username || next.payout_password !== m.payout_password)
    store.payoutSessions.revokeMerchant(m.id, now);
  return store.merchants.save(next);
}

/** Seeds the demo merchant when the sandbox has no merchant at all. */
export function seedDemoMerchant(store: Store, now: number): void {
  if (store.merchants.list().length > 0) return;
  createMerchant(store, { ...DEMO_MERCHANT }, now);
}
