/**
 * Warnings of the request that the request log keeps beside its response: what the sandbox accepts
 * against the service's advice it says so, and a creation accepted with warnings shows them there.
 */
export const requestWarnings = `
ALTER TABLE request_log ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]'; -- JSON array of strings
`;
