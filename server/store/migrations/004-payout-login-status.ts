/**
 * Payouts as production clients call them: per-merchant payout login credentials, login tokens that
 * expire on the sandbox clock, and the item's `transfer_status` (1–5), liberal-validation warnings
 * and last change time. Existing items get the transfer_status their decision implies (approved
 * items count as paid: they had no bank step). The demo merchant gets its published credentials
 * (`payout_demo`). Usernames are not a UNIQUE index: a bundle import may bring a second
 * `payout_demo`; the control API refuses a taken username instead, and login tries each holder's
 * password.
 */
export const payoutLoginStatus = `
ALTER TABLE merchants ADD COLUMN payout_username TEXT;
ALTER TABLE merchants ADD COLUMN payout_password TEXT;
CREATE INDEX merchants_payout_username ON merchants (payout_username) WHERE payout_username IS NOT NULL;
UPDATE merchants SET payout_username = 'payout_demo', payout_password = 'pw_sandbox_demo'
  WHERE public_key = 'pk_sandbox_demo' AND payout_username IS NULL;

CREATE TABLE payout_sessions (
  id           INTEGER PRIMARY KEY,
  token_digest TEXT NOT NULL UNIQUE,             -- hex SHA-256 of the login token (the token is never stored)
  merchant_id  INTEGER NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL                  -- sandbox time
);

ALTER TABLE payouts ADD COLUMN transfer_status INTEGER NOT NULL DEFAULT 1 CHECK (transfer_status BETWEEN 1 AND 5);
ALTER TABLE payouts ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]';  -- JSON array of strings
ALTER TABLE payouts ADD COLUMN updated_at INTEGER;
UPDATE payouts SET transfer_status = CASE status WHEN 'approved' THEN 5 WHEN 'rejected' THEN 3 ELSE 1 END,
  updated_at = COALESCE(processed_at, created_at);
CREATE INDEX payouts_merchant_order ON payouts (merchant_id, order_id, id);
`;
