import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (where package.json lives), from source or from the built tree. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'pasarela-sandbox') return dir;
      } catch {
        // keep looking
      }
    }
    dir = dirname(dir);
  }
  return process.cwd();
}

/** Where `vite build` puts the console. */
export const defaultConsoleDir = () => join(projectRoot(), 'dist', 'renderer');

/** Data files shipped with the sandbox (bank lists, test values, scenarios). */
export const resourcesDir = () => join(projectRoot(), 'resources');

/** The `.json` files of a resources folder, sorted by name; none when the folder is missing. */
export function jsonFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
}
