import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.js';

// The package is not published on a registry: every install command a document prints must work from
// this repository as written, so it installs a path (the tarball `npm pack` builds, or a clone's
// folder), never a bare package name npm would look up and answer with E404. Installing the tarball
// itself is test/package's job; the PHP README's block runs in test/clients/php-readme.test.ts.
const root = projectRoot();
const documents = [
  'README.md',
  'clients/php/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

/** Each shell line of a document that runs npm install / npm i / npm add / composer require (code blocks and inline code). */
function installLines(): { doc: string; line: string }[] {
  const out: { doc: string; line: string }[] = [];
  for (const doc of documents) {
    const text = readFileSync(join(root, doc), 'utf8');
    const inline = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
    const blocks = [...text.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1]!.split('\n'));
    for (const line of [...blocks, ...inline]) {
      if (/\bnpm (install|i|add)\b|\bcomposer require\b/.test(line)) out.push({ doc, line: line.replace(/\s+#.*$/, '').trim() });
    }
  }
  return out;
}

describe('install commands in the documents', () => {
  it('install a path or a tarball, never a package name only a registry could resolve', () => {
    const lines = installLines();
    expect(lines.length).toBeGreaterThan(4); // the scan finds the README's, the docs' and the PHP README's
    const byName = lines.filter(({ line }) => {
      const npm = /\bnpm (?:install|i|add)\b([^&;|]*)/.exec(line);
      if (!npm) return false;
      const args = npm[1]!.split(/\s+/).filter((a) => a && !a.startsWith('-'));
      // A bare `npm install` installs this repository's own dependencies; anything named must be a path.
      return args.some((a) => !/^["']?(\.{1,2}\/|\/|~\/|\$)/.test(a));
    });
    expect(byName).toEqual([]);
  });

  it('name the tarball npm pack builds for this version', () => {
    const tarballs = installLines().flatMap(({ doc, line }) => [...line.matchAll(/pasarela-sandbox-([\w.-]+)\.tgz/g)].map((m) => ({ doc, v: m[1] })));
    expect(tarballs.length).toBeGreaterThan(2);
    expect(tarballs.filter((t) => t.v !== version)).toEqual([]);
  });

  it('say where the package comes from wherever they run npx pasarela-sandbox', () => {
    for (const doc of ['docs/mcp.md', 'docs/testkit.md', 'docs/ci.md', 'clients/php/README.md']) {
      const text = readFileSync(join(root, doc), 'utf8');
      expect(text, doc).toMatch(/(?:not|neither package is)\s+(?:published\s+)?on\s+(?:a|the\s+npm)\s+registry/i);
    }
  });
});
