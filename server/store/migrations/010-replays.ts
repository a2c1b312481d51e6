/**
 * Kept incident replays: the report as the API answered it, and what the sandbox
 * sent for each entry (the scenario recorder reads those, since the request log masks signatures
 * and keeps only excerpts). Both are JSON text: a report is read and written whole.
 */
export const replays = `
CREATE TABLE replays (
  id INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  source TEXT,
  entries INTEGER NOT NULL,
  replayed INTEGER NOT NULL,
  operations INTEGER NOT NULL,
  drift_count INTEGER NOT NULL,
  report TEXT NOT NULL,
  sent TEXT NOT NULL
);
`;
