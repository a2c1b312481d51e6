/**
 * Protocol generations: the merchant setting that serves the older creation dialects, the dialect
 * an operation was created in (its `channel` is then the legacy channel 0–4), and the migration a
 * refused dialect request keeps on its request-log entry.
 */
export const protocolGenerations = `
ALTER TABLE merchants ADD COLUMN protocol TEXT NOT NULL DEFAULT 'current' CHECK (protocol IN ('current','legacy'));
ALTER TABLE operations ADD COLUMN protocol TEXT CHECK (protocol IN ('2018','2019'));
ALTER TABLE request_log ADD COLUMN migration TEXT; -- JSON, on refused dialect creations only
`;
