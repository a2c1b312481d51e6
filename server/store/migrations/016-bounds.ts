/**
 * What one client can cost. A merchant may let a shared sandbox send payout callbacks to loopback
 * and private addresses (its own test receivers on the team network); off by default, so a payout
 * caller cannot reach them. Login tokens are counted per merchant (the newest 100 live are kept), so
 * they are read by merchant.
 */
export const bounds = `
ALTER TABLE merchants ADD COLUMN allow_private_callbacks INTEGER NOT NULL DEFAULT 0;
CREATE INDEX payout_sessions_merchant ON payout_sessions (merchant_id, id);
`;
