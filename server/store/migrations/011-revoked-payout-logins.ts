/**
 * Login tokens revoked by a change of the merchant's payout login are kept, marked, until they would
 * have expired: a call with one is told why it stopped working instead of hearing "matches no
 * merchant" (a payout call refused for its token explains itself).
 */
export const revokedPayoutLogins = `
ALTER TABLE payout_sessions ADD COLUMN revoked_at INTEGER;
`;
