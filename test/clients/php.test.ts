import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_IDS, CHANNEL_PATHS } from '../../server/contract/common.js';
import { CREATION_SIGNED_FIELDS, NOTIFICATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { controlRoutes, signNotification, verifyNotification } from 'pasarela-sandbox/testkit';

// The PHP testkit (clients/php) checked the way a PHP shop runs it: its PHPUnit suite with Debian's
// php-cli, php-curl and phpunit (.ci/run installs them) against a sandbox started from this tree,
// and Composer installing it from a path repository. Without php or phpunit the suite is skipped,
// saying so; CI has both.
const root = join(import.meta.dirname, '..', '..');
const php = join(root, 'clients', 'php');
const run = promisify(execFile);
const has = (cmd: string) => spawnSync(cmd, ['--version'], { encoding: 'utf8' }).status === 0;
const hasPhp = has('php') && spawnSync('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']).status === 0;
const hasPhpunit = has('phpunit');
if (!hasPhp || !hasPhpunit) {
  process.stderr.write(
    `test/clients/php.test.ts skipped: ${hasPhp ? '' : 'php (with ext-curl) '}${hasPhpunit ? '' : 'phpunit '}not installed ` +
      '(apt-get install php-cli php-curl phpunit)\n',
  );
}
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** Runs PHP code with the package's autoloader; answers its stdout, decoded as JSON. */
const phpJson = (code: string): unknown =>
  JSON.parse(execFileSync('php', ['-r', `require ${JSON.stringify(join(php, 'tests', 'bootstrap.php'))}; ${code}`], { encoding: 'utf8' }));

/** Every `control('METHOD', '/path'…)` written in the PHP package: its sources, tests, examples and README. */
function phpControlCalls(): { method: string; path: string; where: string }[] {
  const files: string[] = [join(php, 'README.md')];
  for (const dir of ['src', 'tests', 'examples']) {
    for (const f of readdirSync(join(php, dir), { recursive: true, withFileTypes: true }))
      if (f.isFile() && f.name.endsWith('.php')) files.push(join(f.parentPath, f.name));
  }
  const calls = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // A path is one string literal; `$id` and `{$op['id']}` stand for a segment. A concatenated path
    // cannot be checked, so it is reported as it is (and fails the test).
    for (const m of text.matchAll(/control\(\s*'(GET|POST|PATCH|PUT|DELETE)',\s*(?:'(\/[^']*)'|"(\/[^"]*)")(\s*\.)?/g)) {
      const path = m[4] ? `${m[2] ?? m[3]} (concatenated)` : (m[2] ?? m[3]!.replace(/\{\$[^}]+\}|\$\w+/g, 'X'));
      calls.push({ method: m[1]!, path, where: `${file.slice(root.length + 1)}: ${m[0]}` });
    }
  }
  return calls;
}

describe.skipIf(!hasPhp || !hasPhpunit)('PHP testkit (clients/php)', () => {
  it('its PHPUnit suite passes against a sandbox started from this tree', async () => {
    const command = [process.execPath, join(root, 'server', 'pack', 'bin.mjs'), 'serve', '--port', '0', '--data', ':memory:'];
    const r = await run('phpunit', ['-c', join(php, 'phpunit.xml.dist')], {
      cwd: php,
      env: { ...process.env, PASARELA_SANDBOX_COMMAND: JSON.stringify(command) },
      timeout: 240_000,
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => ({
      stdout: err.stdout ?? err.message,
      stderr: err.stderr ?? '',
    }));
    expect(r.stdout + r.stderr).toMatch(/\nOK \(\d+ tests, \d+ assertions\)/);
  }, 300_000);

  it('its control() paths are routes the contract describes', () => {
    const routes = [...controlRoutes().values()].map((s) => ({
      method: s.method,
      re: new RegExp(`^${s.path.replace(/:\w+/g, '[^/]+')}$`),
    }));
    const calls = phpControlCalls();
    expect(calls.length).toBeGreaterThan(10);
    const unknown = calls.filter((c) => {
      const full = c.path.startsWith('/sandbox/v1/') ? c.path : `/sandbox/v1${c.path}`;
      return !routes.some((r) => r.method === c.method && r.re.test(full));
    });
    expect(unknown.map((c) => c.where)).toEqual([]);
  });

  it('its signed-field lists, channel paths and channel defaults are the contract’s', () => {
    const got = phpJson(`echo json_encode([
      'creation' => Pasarela\\Sandbox\\Merchant::CREATION_SIGNED_FIELDS,
      'notification' => Pasarela\\Sandbox\\Notification::SIGNED_FIELDS,
      'plain' => Pasarela\\Sandbox\\Merchant::PLAIN_PATH_CHANNELS,
      'fields' => array_keys(Pasarela\\Sandbox\\Merchant::CHANNEL_FIELDS),
      'shoppers' => array_keys(Pasarela\\Sandbox\\Merchant::CHANNEL_SHOPPERS),
    ]);`);
    expect(got).toEqual({
      creation: [...CREATION_SIGNED_FIELDS],
      notification: [...NOTIFICATION_SIGNED_FIELDS],
      plain: CHANNEL_IDS.filter((c) => CHANNEL_PATHS[c] === 'SecurePayment'),
      fields: [...CHANNEL_IDS],
      shoppers: [...CHANNEL_IDS],
    });
  });

  it('Notification::sign and ::verify agree with the sandbox’s own signature, in both layouts', () => {
    for (const layout of ['standard', 'legacy'] as const) {
      const fromNode = signNotification({ trans_ID: 'ORDER-9', amount: '1500.50', currency: 'MXN', channel: '41' }, 'sk_shop', layout);
      const fromPhp = phpJson(
        `$f = json_decode(${JSON.stringify(JSON.stringify(fromNode))}, true);
         echo json_encode(['verified' => Pasarela\\Sandbox\\Notification::verify($f, 'sk_shop', '${layout}'),
           'signed' => Pasarela\\Sandbox\\Notification::sign(['trans_ID' => 'ORDER-10'], 'sk_shop', '${layout}')]);`,
      ) as { verified: boolean; signed: Record<string, string> };
      expect(fromPhp.verified).toBe(true);
      expect(verifyNotification(fromPhp.signed, 'sk_shop', layout)).toBe(true);
      expect(verifyNotification(fromPhp.signed, 'sk_other', layout)).toBe(false);
    }
  });
});

describe.skipIf(!hasPhp || !has('composer'))('the Composer package pasarela/sandbox-testkit', () => {
  const composerEnv = () => {
    const home = mkdtempSync(join(tmpdir(), 'sbx-composer-home-'));
    temp.push(home);
    // A path repository and no other dependency: Composer needs no network.
    return { ...process.env, COMPOSER_HOME: home, COMPOSER_DISABLE_NETWORK: '1', COMPOSER_NO_INTERACTION: '1' };
  };

  it('is a valid composer.json (strict)', async () => {
    const r = await run('composer', ['validate', '--strict', '--no-check-publish'], { cwd: php, env: composerEnv() });
    expect(r.stdout + r.stderr).toContain('is valid');
  }, 60_000);

  it('installs from a path repository into an empty project and autoloads under Pasarela\\Sandbox', async () => {
    const app = mkdtempSync(join(tmpdir(), 'sbx-composer-app-'));
    temp.push(app);
    writeFileSync(
      join(app, 'composer.json'),
      JSON.stringify({
        name: 'shop/app',
        require: { 'pasarela/sandbox-testkit': '*@dev' },
        repositories: [{ type: 'path', url: php, options: { symlink: false } }],
      }),
    );
    await run('composer', ['install', '--no-progress'], { cwd: app, env: composerEnv(), timeout: 120_000 });
    const out = execFileSync(
      'php',
      [
        '-r',
        'require "vendor/autoload.php"; ' +
          'echo json_encode([class_exists(Pasarela\\Sandbox\\Sandbox::class), Pasarela\\Sandbox\\Merchant::DEMO["public_key"]]);',
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual([true, 'pk_sandbox_demo']);
  }, 150_000);

  it.skipIf(!hasPhpunit)(
    "runs the README's example as written, with Sandbox::start()'s default command",
    async () => {
      const example = readFileSync(join(php, 'examples', 'ShopNotificationTest.php'), 'utf8');
      expect(readFileSync(join(php, 'README.md'), 'utf8')).toContain('```php\n' + example + '```');
      // A shop's project: the testkit from Composer, the sandbox under node_modules (this tree standing in for `npm install`).
      const app = mkdtempSync(join(tmpdir(), 'sbx-php-shop-'));
      temp.push(app);
      writeFileSync(
        join(app, 'composer.json'),
        JSON.stringify({
          require: { 'pasarela/sandbox-testkit': '*@dev' },
          repositories: [{ type: 'path', url: php, options: { symlink: false } }],
        }),
      );
      await run('composer', ['install', '--no-progress'], { cwd: app, env: composerEnv(), timeout: 120_000 });
      mkdirSync(join(app, 'node_modules'));
      symlinkSync(root, join(app, 'node_modules', 'pasarela-sandbox'), 'dir');
      mkdirSync(join(app, 'tests'));
      copyFileSync(join(php, 'examples', 'ShopNotificationTest.php'), join(app, 'tests', 'ShopNotificationTest.php'));
      const r = await run('phpunit', ['--bootstrap', 'vendor/autoload.php', 'tests/ShopNotificationTest.php'], {
        cwd: app,
        timeout: 120_000,
      }).catch((err: { stdout?: string; stderr?: string; message: string }) => ({
        stdout: err.stdout ?? err.message,
        stderr: err.stderr ?? '',
      }));
      expect(r.stdout + r.stderr).toMatch(/\nOK \(1 test, 4 assertions\)/);
    },
    200_000,
  );
});
