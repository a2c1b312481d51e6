import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The vitest examples of docs/testkit.md, run as they are printed there.
import './examples/payments.vitest.js';

const root = join(import.meta.dirname, '..', '..');
const examples = ['payments.vitest.ts', 'payments.node-test.ts', 'payouts.vitest.ts'];

describe('testkit docs', () => {
  it.each(examples)('docs/testkit.md prints %s exactly as the suite runs it', (file) => {
    const doc = readFileSync(join(root, 'docs', 'testkit.md'), 'utf8');
    const code = readFileSync(join(import.meta.dirname, 'examples', file), 'utf8');
    expect(doc).toContain('```ts\n' + code + '```');
  });

  it('the node:test example passes under node --test', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', join(import.meta.dirname, 'examples', 'payments.node-test.ts')],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(r.stdout + r.stderr).toMatch(/# pass 2\b/);
    expect(r.stdout).toMatch(/# fail 0\b/);
    expect(r.status).toBe(0);
  }, 150_000);
});
