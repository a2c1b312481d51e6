/**
 * Warnings of the request that the request log keeps beside its response (contract §9 "Be
 * liberal, then say so": a creation accepted with warnings shows them in its log entry).
 */
export const requestWarnings = `
ALTER TABLE request_log ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]'; -- JSON array of strings
`;
