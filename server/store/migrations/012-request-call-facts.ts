/**
 * What each request-log entry is and whose, written when the entry is: the call kind (creation,
 * operation query, payout batch…) and the public key of the merchant it belongs to. Readers that
 * ask "this merchant's creations" (the go-live check, the scenario recorder) query these columns
 * instead of re-parsing the stored excerpts, which are cut and masked. Older entries stay unknown.
 */
export const requestCallFacts = `
ALTER TABLE request_log ADD COLUMN call_kind TEXT;
ALTER TABLE request_log ADD COLUMN public_key TEXT;
CREATE INDEX request_log_merchant ON request_log (public_key, call_kind, id);
`;
