import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Runs the `npm run serve` launcher (the bundled CLI, rebuilt when stale; tsx on request) until its ready line. */
function launch(env: NodeJS.ProcessEnv) {
  const proc = spawn(process.execPath, [join(root, 'server', 'serve.mjs'), '--port', '0', '--data', ':memory:'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (c) => (out += String(c)));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${out}`)), 15_000);
    proc.stdout!.on('data', () => {
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.split('\n')[0]!);
      }
    });
  });
  return { proc, ready, exited };
}

describe('npm run serve launcher', () => {
  it.each([
    ['through the bundled CLI', {}],
    ['through the tsx fallback', { SANDBOX_SERVE_TSX: '1' }],
  ])('prints the ready line first, answers /health and exits 0 on SIGTERM (%s)', async (_name, extra) => {
    const s = launch({ ...process.env, ...extra });
    const line = await s.ready;
    expect(line).toMatch(/^sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(line.replace('sandbox listening on ', '') + '/health');
    expect(res.status).toBe(200);
    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 30_000);
});
