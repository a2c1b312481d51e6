import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The console's source folder. */
export const CONSOLE_ROOT = resolve(import.meta.dirname, '../../renderer/src');

/** Every .ts/.tsx file under `dir` (the console by default), for tests that read the console's source. */
export function consoleSources(dir = CONSOLE_ROOT, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) consoleSources(p, out);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}
