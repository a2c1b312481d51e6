import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The vitest examples of docs/testkit.md, run as they are printed there.
import './examples/payments.vitest.js';

const root = join(import.meta.dirname, '..', '..');
// The node:test example is JavaScript: `node --test` runs it as printed on every supported Node
// (test/package/integrations.test.ts runs it from the installed package).
const examples = [
  { file: 'payments.vitest.ts', fence: 'ts' },
  { file: 'payments.node-test.mjs', fence: 'js' },
  { file: 'payouts.vitest.ts', fence: 'ts' },
];

describe('testkit docs', () => {
  it.each(examples)('docs/testkit.md prints $file exactly as the suite runs it', ({ file, fence }) => {
    const doc = readFileSync(join(root, 'docs', 'testkit.md'), 'utf8');
    const code = readFileSync(join(import.meta.dirname, 'examples', file), 'utf8');
    expect(doc).toContain('```' + fence + '\n' + code + '```');
  });

  it('every test suite printed in docs/testkit.md is one of those files', () => {
    const doc = readFileSync(join(root, 'docs', 'testkit.md'), 'utf8');
    const blocks = [...doc.matchAll(/^```(ts|js)\n([\s\S]*?)^```$/gm)].filter((m) => /^import [\s\S]*^\s*(it|test)\(/m.test(m[2]!));
    const files = examples.map((e) => readFileSync(join(import.meta.dirname, 'examples', e.file), 'utf8'));
    expect(blocks.map((m) => files.includes(m[2]!))).toEqual(blocks.map(() => true));
  });
});
