import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.js';

// The documents, the console, what the server says to its users and every source comment state
// each rule themselves or link a document of this repository: none cites a text the repository does
// not hold ("contract §3", "the spec", a numbered rule). Server texts are its string literals
// (messages, warnings, route and tool descriptions) and the resources it serves.
const root = projectRoot();
const CITATION = /contract\s+§|§\s*\d|\bthe spec\b|\bspec's\b|\brules? \d+(?: and \d+)?\b/i;
// In a comment, "spec" alone is a citation ("(spec: channel 17 only)"), as are "per contract" and
// "the contract's …"; the OpenAPI spec and the route descriptions under server/contract are not.
const COMMENT_CITATION = /\bspec\b(?<!openapi spec)|\bper (?:the )?contract\b|\bcontract(?:'s|:)|sandbox-contract|service-spec/i;

function files(dir: string, ext: RegExp, out: string[] = []): string[] {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'vendor') files(rel, ext, out);
    } else if (ext.test(e.name)) out.push(rel);
  }
  return out;
}

/** Each line of `text` that cites, as `file:line: text`. */
const citing = (file: string, text: string) =>
  text.split('\n').flatMap((line, i) => (CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 160)}`] : []));

/** Each comment line of a JavaScript, TypeScript or PHP source that cites, as `file:line: text`. */
function citingComments(file: string, source: string): string[] {
  const out: string[] = [];
  let line = 1;
  let at = 0;
  // Strings are matched too, so that a `//` or `/*` inside one opens no comment.
  for (const m of source.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)) {
    if (!m[0].startsWith('/')) continue;
    for (; at < m.index; at++) if (source[at] === '\n') line++;
    m[0].split('\n').forEach((text, i) => {
      if (COMMENT_CITATION.test(text)) out.push(`${file}:${line + i}: ${text.trim().slice(0, 160)}`);
    });
  }
  return out;
}

/** The string literals of a TypeScript source (quotes and template literals), its comments left out. */
const stringLiterals = (source: string) =>
  [...source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]).join('\n');

describe('documents and texts cite only what the repository holds', () => {
  it('the READMEs, the coding standards and docs/', () => {
    const readmes = ['', 'clients/php/', 'server/', 'renderer/', 'bench/'].map((d) => `${d}README.md`);
    const docs = [...readmes, 'CODING_STANDARDS.md', ...files('docs', /\.md$/)];
    expect(docs.length).toBeGreaterThan(10);
    expect(docs.flatMap((f) => citing(f, readFileSync(join(root, f), 'utf8')))).toEqual([]);
  });

  it('the console: its sources and both dictionaries', () => {
    const sources = files('renderer/src', /\.(tsx?|json)$/);
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.flatMap((f) => citing(f, readFileSync(join(root, f), 'utf8')))).toEqual([]);
  });

  it('what the server says: its string literals and the resources it serves', () => {
    // Migrations are SQL for the store, read by no user.
    const sources = files('server', /\.ts$/)
      .filter((f) => !f.startsWith('server/store/migrations/'))
      .map((f) => ({ f, text: stringLiterals(readFileSync(join(root, f), 'utf8')) }));
    const resources = files('resources', /\.json$/).map((f) => ({ f, text: readFileSync(join(root, f), 'utf8') }));
    expect(sources.length).toBeGreaterThan(100);
    expect([...sources, ...resources].flatMap(({ f, text }) => citing(f, text))).toEqual([]);
  });

  it('every source: comments, test names, SQL of the migrations', () => {
    // This file holds the citations its patterns must find.
    const dirs = ['server', 'renderer/src', 'electron', 'clients/php', 'bench', 'test'];
    const sources = dirs.flatMap((d) => files(d, /\.(tsx?|mts|mjs|cjs|js|php|py)$/)).filter((f) => f !== 'test/docs/citations.test.ts');
    expect(sources.length).toBeGreaterThan(600);
    const found = sources.flatMap((f) => {
      const text = readFileSync(join(root, f), 'utf8');
      return [...citing(f, text), ...(f.endsWith('.py') ? [] : citingComments(f, text))];
    });
    expect(found).toEqual([]);
  });

  it('the pattern finds the citations it is meant to find', () => {
    for (const cited of ['(contract §3)', 'as §9 says', 'the spec asks for 2 decimals', "the spec's list", '(rules 2 and 5: oldest first)'])
      expect(CITATION.test(cited), cited).toBe(true);
    for (const plain of ['the service asks for 2 decimals', 'OpenAPI spec document', 'a RouteSpec', 'the rules of the walk'])
      expect(CITATION.test(plain), plain).toBe(false);
    const citedInComments = ['(spec "Create payment")', '(spec: channel 17)', 'per contract', "the contract's ready line", 'service-spec'];
    for (const cited of citedInComments) expect(COMMENT_CITATION.test(cited), cited).toBe(true);
    for (const plain of ['the OpenAPI spec', 'a RouteSpec', 'server/contract/client.ts', 'CONTRACT_DRIFT', 'the route descriptions'])
      expect(COMMENT_CITATION.test(plain), plain).toBe(false);
  });

  it('comments are told apart from strings', () => {
    const source = "const u = 'http://x/*y'; // the spec says\n/* per contract\n ok */ const t = `// spec`;";
    expect(citingComments('f.ts', source)).toEqual(['f.ts:1: // the spec says', 'f.ts:2: /* per contract']);
  });
});
