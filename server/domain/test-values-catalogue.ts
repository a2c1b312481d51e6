import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { jsonFilesIn, resourcesDir } from '../paths.js';

/**
 * The test-values catalogue: every JSON file of resources/test-values, keyed by its name without
 * `.json`. Read on each call (a handful of small files) so edits show without a restart. A file
 * that is not valid JSON appears as `{ "error": ... }` rather than hiding the others.
 */
export function readTestValues(dir = join(resourcesDir(), 'test-values')): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const file of jsonFilesIn(dir)) {
    try {
      out[basename(file, '.json')] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (err) {
      out[basename(file, '.json')] = { error: `cannot read ${file}: ${(err as Error).message}` };
    }
  }
  return out;
}
