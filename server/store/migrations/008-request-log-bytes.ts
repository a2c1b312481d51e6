/**
 * The size of each request-log entry, so the log is capped in bytes as well as rows (a flood of
 * large refused requests must not fill the disk). The index lets the trim sum sizes newest first
 * without reading the entries themselves.
 */
export const requestLogBytes = `
ALTER TABLE request_log ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
UPDATE request_log SET bytes = length(CAST(path AS BLOB)) + length(CAST(request_headers AS BLOB))
  + length(CAST(request_body AS BLOB)) + length(CAST(response_body AS BLOB)) + length(CAST(COALESCE(note, '') AS BLOB));
CREATE INDEX request_log_bytes ON request_log (id, bytes);
`;
