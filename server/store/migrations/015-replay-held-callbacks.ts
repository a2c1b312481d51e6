/**
 * Payout items an incident replay creates name the beneficiary addresses recorded in production's
 * archive; unless the operator asks, their callbacks are held back (not sent), and the item says so.
 */
export const replayHeldCallbacks = `
ALTER TABLE payouts ADD COLUMN callback_held INTEGER NOT NULL DEFAULT 0;
`;
