import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The PHP README's install block, run as printed in a new empty folder: the npm path dependency on
// this clone, composer.json with the path repository and no lock file, `composer install`, the
// example test copied from the installed package, and the system's phpunit. Only the line that names
// the clone's path is given this checkout's path. Composer runs with the network disabled, as on
// an offline machine: the block must not need Packagist.
const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const has = (cmd: string) => spawnSync(cmd, ['--version'], { encoding: 'utf8' }).status === 0;
const ready = has('php') && has('composer') && has('phpunit');
if (!ready) process.stderr.write('test/clients/php-readme.test.ts skipped: php, composer or phpunit not installed\n');
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** The first sh block under "## Install" in clients/php/README.md. */
function installBlock(): string {
  const readme = readFileSync(join(root, 'clients', 'php', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Install'));
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(section);
  if (!block) throw new Error('no sh block under ## Install');
  return block[1]!;
}

describe.skipIf(!ready)('clients/php/README.md, as a PHP shop follows it', () => {
  it('names the clone once, on the first line of the block', () => {
    const lines = installBlock().split('\n');
    expect(lines[0]).toMatch(/^SANDBOX=\S+ +# /);
    expect(lines.slice(1).join('\n')).toContain('"$SANDBOX"');
  });

  it('runs the first test in an empty folder with exactly the Install block', async () => {
    const app = mkdtempSync(join(tmpdir(), 'sbx-php-readme-'));
    const home = mkdtempSync(join(tmpdir(), 'sbx-composer-home-'));
    temp.push(app, home);
    const script = installBlock().replace(/^SANDBOX=\S+/, `SANDBOX=${JSON.stringify(root)}`);
    const env = {
      ...process.env,
      COMPOSER_HOME: home,
      COMPOSER_DISABLE_NETWORK: '1',
      COMPOSER_NO_INTERACTION: '1',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    };
    const r = await run('bash', ['-e', '-c', script], { cwd: app, env, timeout: 240_000 }).catch(
      (err: { stdout?: string; stderr?: string; message: string }) => ({ stdout: err.stdout ?? err.message, stderr: err.stderr ?? '' }),
    );
    const out = r.stdout + r.stderr;
    expect(out).toMatch(/\nOK \(1 test, 4 assertions\)/);
    // What the README promises the last line ends with.
    expect(readFileSync(join(root, 'clients', 'php', 'README.md'), 'utf8')).toContain('`OK (1 test, 4 assertions)`');
    expect(JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'))).toHaveProperty('devDependencies.pasarela-sandbox');
  }, 300_000);
});
