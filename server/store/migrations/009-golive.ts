/**
 * Signature diagnosis and the go-live check: the diagnosis a refused creation
 * keeps on its request-log entry; the report id on the operations a check creates (so they are
 * labelled as the check's and left out of the merchant's counts); the reports themselves.
 */
export const golive = `
ALTER TABLE request_log ADD COLUMN diagnosis TEXT; -- JSON of the signature diagnosis, on refused signatures only
ALTER TABLE operations ADD COLUMN check_report TEXT; -- the go-live check report that created this probe operation
CREATE TABLE golive_checks (
  id          INTEGER PRIMARY KEY,
  public_id   TEXT NOT NULL UNIQUE,          -- chk_…
  merchant_id INTEGER NOT NULL,
  started_at  INTEGER NOT NULL,
  finished_at INTEGER,
  report      TEXT NOT NULL                  -- JSON of the whole report
);
CREATE INDEX golive_checks_merchant ON golive_checks (merchant_id, id);
`;
