/**
 * Warnings and request-log notes keep, beside their words, their codes and values (JSON), so the
 * console can say them in the operator's language. Rows from before stay NULL (words only).
 * An operation keeps its warnings' codes in its details JSON, which needs no column.
 */
export const warningDetails = `
ALTER TABLE payouts ADD COLUMN warning_details TEXT; -- JSON array of {code, field, sent, params}
ALTER TABLE request_log ADD COLUMN warning_details TEXT; -- JSON array of {code, field, sent, params}
ALTER TABLE request_log ADD COLUMN note_details TEXT; -- JSON array of {code, params, warnings?}
`;
