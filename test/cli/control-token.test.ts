import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { answer } from '../helpers/sandbox.js';
import { spawnCli } from '../helpers/spawn.js';

const TOKEN = 'cli-team-token-42';
const { SANDBOX_CONTROL_TOKEN: _unset, ...cleanEnv } = process.env;

/**
 * A control call as another machine would make it (a Host naming another machine; still loopback traffic).
 * Raw node:http, since fetch does not let a caller set Host.
 */
function remoteStatus(base: string, authorization?: string): Promise<number> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `sandbox.team.example:${u.port}` };
    if (authorization) headers.authorization = authorization;
    const req = request({ host: u.hostname, port: u.port, path: '/sandbox/v1/clock', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('headless CLI: shared team sandbox', () => {
  it.each([
    ['--control-token', ['--control-token', TOKEN], cleanEnv],
    ['SANDBOX_CONTROL_TOKEN', [], { ...cleanEnv, SANDBOX_CONTROL_TOKEN: TOKEN }],
  ])('takes the token from %s; remote calls need it, loopback ones do not; it is never printed', async (_name, extra, env) => {
    const cli = await spawnCli(['--port', '0', '--data', ':memory:', ...extra], { env });
    try {
      expect(await remoteStatus(cli.url)).toBe(401);
      expect(await remoteStatus(cli.url, `Bearer ${TOKEN}`)).toBe(200);
      expect((await answer(cli, 'getClock')).status).toBe(200);
    } finally {
      cli.proc.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    }
    expect(cli.stdout() + cli.stderr()).not.toContain(TOKEN);
  });

  it('refuses --allow-remote-control without a token, and a token too short to be one', async () => {
    for (const args of [['--allow-remote-control'], ['--control-token', 'short'], ['--control-token', 'has space in it']]) {
      const cli = await spawnCli(['--port', '0', '--data', ':memory:', ...args], { waitReady: false, env: cleanEnv });
      expect(await cli.exited).toBe(2);
      expect(cli.stdout()).toBe('');
      expect(cli.stderr()).toMatch(/control token/);
    }
  });

  it('on a non-loopback host prints one line saying who can reach what (the token stays unprinted)', async () => {
    // Binding all interfaces sends nothing anywhere; the test talks to it over loopback only.
    for (const [extra, words] of [
      [[], /control API answer loopback only \(--control-token T shares them\)/],
      [['--control-token', TOKEN, '--allow-remote-control'], /other machines that present the control token/],
    ] as const) {
      const cli = await spawnCli(['--port', '0', '--data', ':memory:', '--host', '0.0.0.0', ...extra], { env: cleanEnv });
      cli.proc.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
      const lines = cli
        .stderr()
        .split('\n')
        .filter((l) => l.startsWith('listening on'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^listening on 0\.0\.0\.0: the merchant API and checkout pages are open/);
      expect(lines[0]).toMatch(words);
      expect(cli.stdout()).toMatch(/^sandbox listening on http:\/\/0\.0\.0\.0:\d+\n$/);
      expect(cli.stderr()).not.toContain(TOKEN);
    }
  });
});
