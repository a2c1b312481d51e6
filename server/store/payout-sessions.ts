import type { Db } from './db.js';

/** A payout login session: only the token's SHA-256 digest is stored. */
export interface PayoutSessionRecord {
  merchant_id: number;
  created_at: number;
  expires_at: number;
}

/** Login tokens of `POST /api/login`; times are sandbox-clock epoch ms. */
export function payoutSessionRepo(db: Db) {
  const insert = db.prepare('INSERT INTO payout_sessions (token_digest, merchant_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const byDigest = db.prepare<[string], PayoutSessionRecord>(
    'SELECT merchant_id, created_at, expires_at FROM payout_sessions WHERE token_digest = ?',
  );
  // Expired sessions are kept a day of sandbox time so a late caller still hears TOKEN_EXPIRED, then dropped.
  const prune = db.prepare('DELETE FROM payout_sessions WHERE expires_at < ?');
  const revoke = db.prepare('DELETE FROM payout_sessions WHERE merchant_id = ?');
  return {
    insert: (digest: string, merchantId: number, createdAt: number, expiresAt: number) =>
      void insert.run(digest, merchantId, createdAt, expiresAt),
    byDigest: (digest: string): PayoutSessionRecord | undefined => byDigest.get(digest),
    pruneExpiredBefore: (t: number) => void prune.run(t),
    /** Ends every login session of a merchant (its login changed). */
    revokeMerchant: (merchantId: number) => void revoke.run(merchantId),
  };
}
export type PayoutSessionRepo = ReturnType<typeof payoutSessionRepo>;
