import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './source-files.js';

/*
 * The layer table lives in server/README.md, where a newcomer reads it; this test reads it from
 * there and checks every import of server/, renderer/src/ and electron/ against it.
 */
const README = join(ROOT, 'server/README.md');

interface Layer {
  name: string;
  files: RegExp[];
  layers: Set<string>;
  targets: RegExp[];
  packages: '*' | Set<string>;
}

/** `**` any depth, `*` one segment, `{a,b}` alternatives. */
function globRe(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

function readTable(): Layer[] {
  const text = readFileSync(README, 'utf8');
  const m = /<!-- layers -->([\s\S]*?)<!-- \/layers -->/.exec(text);
  if (!m) throw new Error('server/README.md has no <!-- layers --> table');
  const rows = m[1]!.split('\n').filter((l) => l.startsWith('|') && !/^\|\s*(layer|---)/.test(l));
  return rows.map((row) => {
    const [name, files, may, packages] = row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim()) as [string, string, string, string];
    const words = may
      .replace(/`[^`]*`/g, '')
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean);
    const pk = ticked(packages);
    return {
      name,
      files: ticked(files).map(globRe),
      layers: new Set(words),
      targets: ticked(may).map(globRe),
      packages: pk.includes('*') ? '*' : new Set(pk),
    };
  });
}

/** The layer of a repository path: the last row whose files match. */
function layerOf(table: Layer[], path: string): Layer | undefined {
  return table.findLast((l) => l.files.some((re) => re.test(path)));
}

/** Resolves a relative or `@contract/` import to a repository path (`.js` read as the `.ts` source). */
function resolveImport(from: string, spec: string): string {
  const base = spec.startsWith('@contract/')
    ? join(ROOT, 'server/contract', spec.slice('@contract/'.length))
    : resolve(ROOT, dirname(from), spec);
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const found = candidates.find((c) => existsSync(c) && !c.endsWith(sep)) ?? base;
  return relative(ROOT, found).split(sep).join('/');
}

/** Every import of a file: static, `export … from`, `import type`, `import()` and side-effect imports (comments ignored). */
const importsOf = (file: string) =>
  ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true).importedFiles.map((f) => f.fileName);

const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

function violations(table: Layer[]): string[] {
  const files = [...sourceFiles('server'), ...sourceFiles('renderer/src'), ...sourceFiles('electron')];
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(table, file);
    if (!from) {
      found.push(`${file}: in no layer of the table`);
      continue;
    }
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.') && !spec.startsWith('@contract/')) {
        const name = packageOf(spec);
        if (from.packages !== '*' && !from.packages.has(name)) found.push(`${file} → ${spec} (${from.name} → package ${name})`);
        continue;
      }
      const target = resolveImport(file, spec);
      const to = layerOf(table, target);
      if (to === from) continue;
      if (to && from.layers.has(to.name)) continue;
      if (from.targets.some((re) => re.test(target))) continue;
      found.push(`${file} → ${target} (${from.name} → ${to?.name ?? 'no layer'})`);
    }
  }
  return found;
}

describe('layers (server/README.md)', () => {
  const table = readTable();

  it('the table names each layer once and lists only known layers', () => {
    const names = table.map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
    for (const l of table) for (const d of l.layers) expect(names, `${l.name} may import unknown layer "${d}"`).toContain(d);
    expect(names).toEqual(
      expect.arrayContaining(['contract', 'store', 'clock', 'base', 'channels', 'delivery', 'domain', 'http', 'top', 'renderer']),
    );
  });

  it('the table has no cycle', () => {
    const byName = new Map(table.map((l) => [l.name, l]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (name: string, path: string[]) => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'open') return void cycles.push([...path, name].join(' → '));
      state.set(name, 'open');
      for (const d of byName.get(name)?.layers ?? []) visit(d, [...path, name]);
      state.set(name, 'done');
    };
    for (const l of table) visit(l.name, []);
    expect(cycles).toEqual([]);
  });

  it('every import stays inside the table', () => {
    const found = violations(table);
    expect(found, `imports outside the layer table (server/README.md):\n${found.join('\n')}`).toEqual([]);
  });

  it('the checker sees every kind of import and refuses an upward one', () => {
    // A file of the table's lowest layers reaching upward must be reported, whatever import form it uses.
    const fake = ts
      .preProcessFile(
        "import type { A } from '../http/app.js';\nexport { B } from './b.js';\n" +
          "const c = await import('../domain/x.js');\nimport '../x.css';\n// import { no } from '../comment.js'",
        true,
        true,
      )
      .importedFiles.map((f) => f.fileName);
    expect(fake).toEqual(['../http/app.js', './b.js', '../domain/x.js', '../x.css']);
    const contract = table.find((l) => l.name === 'contract')!;
    expect(layerOf(table, resolveImport('server/contract/x.ts', '../http/app.js'))?.name).toBe('http');
    expect(contract.layers.has('http')).toBe(false);
    expect(layerOf(table, 'server/scenario-cli.ts')?.name).toBe('top');
    expect(layerOf(table, 'server/context.ts')?.name).toBe('base');
  });
});
