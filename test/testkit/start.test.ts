import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, startSandbox } from '../../server/testkit/index.js';
import { alive, refused } from '../helpers/processes.js';

describe('startSandbox in process', () => {
  it('answers on a free port, and stop() twice leaves the port closed', async () => {
    const sb = await startSandbox();
    expect((await fetch(`${sb.url}/health`)).status).toBe(200);
    expect(sb.pid).toBeUndefined();
    await Promise.all([sb.stop(), sb.stop()]);
    await sb.stop();
    expect(await refused(sb.url)).toBe(true);
  });

  it('seeds merchants, and reset() brings them back with the same keys and no operations', async () => {
    const sb = await startSandbox({ merchants: [{ name: 'Tienda Uno', secret_key: 'sk_tienda_uno_1' }] });
    try {
      const [shop] = sb.merchants;
      expect(shop!.keys.secret_key).toBe('sk_tienda_uno_1');
      await shop!.createPayment();
      await sb.reset();
      expect((await sb.control.listOperations()).items).toEqual([]);
      const again = await shop!.createPayment();
      expect(again.kind).toBe('checkout');
      expect((await sb.control.listMerchants()).items.map((m) => m.public_key)).toEqual(
        expect.arrayContaining([shop!.keys.public_key, 'pk_sandbox_demo']),
      );
    } finally {
      await sb.stop();
    }
  });
});

describe('startSandbox({ spawn: true })', () => {
  it('runs the CLI as a child; stop() ends it and leaves no process, port or file', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'testkit-'));
    try {
      const lines: string[] = [];
      const sb = await startSandbox({ spawn: true, cwd, log: (l) => lines.push(l) });
      expect(alive(sb.pid!)).toBe(true);
      expect((await sb.control.getClock()).paused).toBe(false);
      await Promise.all([sb.stop(), sb.stop()]);
      expect(alive(sb.pid!)).toBe(false);
      expect(await refused(sb.url)).toBe(true);
      expect(readdirSync(cwd)).toEqual([]);
      expect(lines.join('\n')).toContain('sandbox listening on');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 60_000);

  it.each(['exit', 'SIGKILL'])(
    'a test process that ends by %s without stop() takes its sandbox and its receiver with it',
    async (how) => {
      const proc = spawn(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'orphan.ts'), how === 'exit' ? 'exit' : 'wait'],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let out = '';
      proc.stdout.on('data', (c) => (out += String(c)));
      const first = () => JSON.parse(out.split('\n')[0]!) as { pid: number; url: string; receiver: string };
      const { pid, url, receiver } = await eventually(async () => (out.includes('\n') ? first() : null), 30_000);
      if (how === 'SIGKILL') {
        // The receiver answers in the test process until it is killed.
        expect(await refused(receiver)).toBe(false);
        proc.kill('SIGKILL');
      }
      await eventually(async () => !alive(pid) && (await refused(url)) && (await refused(receiver)), 30_000, 100);
    },
    60_000,
  );
});
