import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** Every TypeScript and JavaScript source below `dir` (relative to the root, declarations left out), as root-relative paths. */
export function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|tsx|mjs|cjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}
