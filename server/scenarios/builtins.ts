import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonFilesIn, resourcesDir } from '../paths.js';
import { parseScenario } from './runner.js';
import type { Scenario } from '../contract/scenario-schema.js';

/** Directory of the built-in scenarios (lessons). */
export const builtinDir = () => join(resourcesDir(), 'scenarios');

/**
 * The built-in scenarios, read from resources/scenarios/*.json and validated. A broken file is a
 * packaging bug: it throws with the file name so the test suite catches it.
 */
export function loadBuiltins(dir = builtinDir()): Scenario[] {
  return jsonFilesIn(dir).map((f) => {
    const parsed = parseScenario(JSON.parse(readFileSync(join(dir, f), 'utf8')));
    if (!parsed.ok) throw new Error(`resources/scenarios/${f}: ${parsed.error}`);
    return parsed.scenario;
  });
}
