import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './source-files.js';

/*
 * SQL lives only in server/store/: no other source file may open the database driver. The layer
 * table allows any package below the console, so this one is checked on its own. Tests of the
 * store (migrations, crash recovery) may open a file with it; the sources and benchmarks may not.
 */
const DRIVER = 'better-sqlite3';

const importsDriver = (source: string) =>
  ts.preProcessFile(source, true, true).importedFiles.some((f) => f.fileName === DRIVER || f.fileName.startsWith(`${DRIVER}/`));

describe('the database driver stays in server/store/', () => {
  it('no source file outside server/store/ imports better-sqlite3', () => {
    const files = ['server', 'renderer/src', 'electron', 'bench'].flatMap((d) => sourceFiles(d));
    const found = files.filter((f) => !f.startsWith('server/store/') && importsDriver(readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check sees static, type-only and dynamic imports of the driver', () => {
    for (const source of [
      "import Database from 'better-sqlite3';",
      "import type { Database } from 'better-sqlite3';",
      "const m = await import('better-sqlite3');",
    ])
      expect(importsDriver(source), source).toBe(true);
    expect(importsDriver("// import Database from 'better-sqlite3'")).toBe(false);
  });

  it('the store is the one place that does import it', () => {
    expect(sourceFiles('server/store').some((f) => importsDriver(readFileSync(join(ROOT, f), 'utf8')))).toBe(true);
  });
});
