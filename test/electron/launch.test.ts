import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

describe('npm start without an Electron binary', () => {
  it('says Electron is not available, runs the headless sandbox, prints the console address and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(root, 'electron', 'launch.mjs'), '--port', '0', '--data', ':memory:'], {
      cwd: root,
      env: { ...process.env, SANDBOX_HEADLESS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += String(c)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // Waits for the console line (printed right after the ready line), bounded by the test timeout.
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          out += String(c);
          if (/^console: \S+\/$/m.test(out)) resolve();
        });
        child.on('exit', () => reject(new Error(`exited before it was ready:\n${out}\n${err}`)));
      });
      const lines = out.trim().split('\n');
      expect(lines[0]).toMatch(/^Electron is not available here \(SANDBOX_HEADLESS is set\)/);
      const url = /^sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1];
      expect(url).toBeDefined();
      expect(out).toContain(`console: ${url}/`);
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Nothing is left behind: the server is gone with it.
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
