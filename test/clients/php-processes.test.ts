import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../server/testkit/index.js';
import { alive, descendants, refused } from '../helpers/processes.js';

// A PHPUnit run killed outright (a CI timeout, the OOM killer: SIGKILL) runs no shutdown function and no
// destructor. What the PHP testkit started must go all the same: the sandbox started with the default
// command through npx (this tree has no node_modules/pasarela-sandbox, so npm exec and its shell stand
// between PHP and the sandbox, and they outlive PHP), a sandbox started with a command of the caller's,
// and a receiver (php -S and its workers); the receiver's record folder and the sandboxes' logs go too.
const root = join(import.meta.dirname, '..', '..');
const bootstrap = join(root, 'clients', 'php', 'tests', 'bootstrap.php');
const hasPhp = spawnSync('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']).status === 0;
const temp = mkdtempSync(join(tmpdir(), 'sbx-php-kill-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

// A command of the caller's, without --stop-when-stdin-closes.
const ownCommand = [process.execPath, join(root, 'server', 'pack', 'bin.mjs'), 'serve', '--port', '0', '--data', ':memory:'];
const script = `
require ${JSON.stringify(bootstrap)};
use Pasarela\\Sandbox\\Sandbox;
$npx = Sandbox::start(['cwd' => ${JSON.stringify(root)}]);
$own = Sandbox::start(['cwd' => ${JSON.stringify(root)}, 'command' => json_decode(${JSON.stringify(JSON.stringify(ownCommand))}, true)]);
$receiver = $npx->receiver();
echo json_encode(['sandboxes' => [$npx->url(), $own->url()], 'receiver' => $receiver->url()]), "\\n";
sleep(3600);
`;

describe.skipIf(!hasPhp || process.platform !== 'linux')('the PHP testkit when the test process is killed with SIGKILL', () => {
  it('its sandboxes (through npx, and a command of its own) and its receiver end, and their folder and logs go', async () => {
    // TMPDIR: the receiver's folder and the sandboxes' logs are made under sys_get_temp_dir(), here one of this test's own.
    const php = spawn('php', ['-r', script], { cwd: root, env: { ...process.env, TMPDIR: temp }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    php.stdout.on('data', (c: Buffer) => (out += String(c)));
    php.stderr.on('data', (c: Buffer) => (err += String(c)));
    const exited = new Promise<void>((resolve) => php.once('exit', () => resolve()));
    const ready = await Promise.race([
      eventually(async () => (out.includes('\n') ? (JSON.parse(out) as { sandboxes: string[]; receiver: string }) : null), 170_000, 50),
      exited.then(() => {
        throw new Error(`php exited before it started everything:\n${out}\n${err}`);
      }),
    ]);
    const urls = [...ready.sandboxes, ready.receiver];
    const tree = descendants(php.pid!);
    try {
      for (const url of urls) expect(await refused(url)).toBe(false);
      expect(
        readdirSync(temp)
          .map((f) => f.replace(/-[^-]+$/, '-…'))
          .sort(),
      ).toEqual(['pasarela-receiver-…', 'pasarela-sandbox-log-…', 'pasarela-sandbox-log-…']);
      // npm exec, its shell, the two sandboxes, php -S and its 4 workers, and what watches them.
      expect(tree.length).toBeGreaterThanOrEqual(8);

      php.kill('SIGKILL');
      await exited;
      await expect.poll(() => tree.filter(alive), { timeout: 60_000, interval: 100 }).toEqual([]);
      for (const url of urls) expect(await refused(url)).toBe(true);
      await expect.poll(() => readdirSync(temp), { timeout: 10_000 }).toEqual([]);
    } finally {
      for (const pid of tree.filter(alive)) process.kill(pid, 'SIGKILL');
    }
  }, 240_000);
});
