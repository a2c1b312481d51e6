/**
 * A merchant may let a shared sandbox send payout callbacks to loopback and private addresses (its
 * own test receivers on the team network); off by default, so a payout caller cannot reach them.
 */
export const privateCallbacks = `
ALTER TABLE merchants ADD COLUMN allow_private_callbacks INTEGER NOT NULL DEFAULT 0;
`;
