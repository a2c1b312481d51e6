/**
 * An operation's expiry is read from the operation itself: pending operations indexed by `expires_at`
 * (a status change takes a row out by itself), instead of an `operation.expire` timer row written with
 * each creation (a table row and two index entries).
 */
export const expiryIndex = `
CREATE INDEX operations_expiry ON operations (expires_at, id) WHERE status = 'pending';
DELETE FROM timers WHERE kind = 'operation.expire';
`;
