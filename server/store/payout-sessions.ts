import type { Db } from './db.js';

/** A payout login session: only the token's SHA-256 digest is stored. */
export interface PayoutSessionRecord {
  merchant_id: number;
  created_at: number;
  expires_at: number;
  /** When a change of the merchant's payout login revoked it; null while it is valid. */
  revoked_at: number | null;
}

/** Login tokens of `POST /api/login`; times are sandbox-clock epoch ms. */
export function payoutSessionRepo(db: Db) {
  const insert = db.prepare('INSERT INTO payout_sessions (token_digest, merchant_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const byDigest = db.prepare<[string], PayoutSessionRecord>(
    'SELECT merchant_id, created_at, expires_at, revoked_at FROM payout_sessions WHERE token_digest = ?',
  );
  // Expired sessions are kept a day of sandbox time so a late caller still hears TOKEN_EXPIRED, then dropped.
  const prune = db.prepare('DELETE FROM payout_sessions WHERE expires_at < ?');
  // Kept, marked, until they would have expired: a caller still holding one hears why it was refused.
  const revoke = db.prepare('UPDATE payout_sessions SET revoked_at = ? WHERE merchant_id = ? AND revoked_at IS NULL');
  const dropBeyond = db.prepare(`DELETE FROM payout_sessions WHERE id IN (SELECT id FROM payout_sessions
    WHERE merchant_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT -1 OFFSET ?)`);
  return {
    insert: (digest: string, merchantId: number, createdAt: number, expiresAt: number) =>
      void insert.run(digest, merchantId, createdAt, expiresAt),
    byDigest: (digest: string): PayoutSessionRecord | undefined => byDigest.get(digest),
    pruneExpiredBefore: (t: number) => void prune.run(t),
    /** Ends the oldest live login sessions of a merchant beyond its newest `keep` (a flood of logins stores no more). */
    keepNewest: (merchantId: number, now: number, keep: number) => void dropBeyond.run(merchantId, now, keep),
    /** Ends every login session of a merchant (its login changed). */
    revokeMerchant: (merchantId: number, at: number) => void revoke.run(at, merchantId),
  };
}
export type PayoutSessionRepo = ReturnType<typeof payoutSessionRepo>;
