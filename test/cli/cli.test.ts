import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answer, control } from '../helpers/sandbox.js';
import { spawnCli } from '../helpers/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'sbx-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('headless CLI', () => {
  it('prints the ready line, answers /health, and exits 0 on SIGTERM after closing SQLite', async () => {
    const data = join(dir, 'a');
    const cli = await spawnCli(['--port', '0', '--data', data]);
    expect(cli.stdout()).toMatch(/^sandbox listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    const health = await fetch(cli.url + '/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    // a write that must survive the shutdown
    const m = await answer(cli, 'createMerchant', { body: { name: 'Persisted', public_key: 'pk_persisted_1' } });
    expect(m.status).toBe(201);
    cli.proc.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    // restart on the same data dir: the merchant is there, the demo merchant is not duplicated
    const again = await spawnCli(['--port', '0', '--data', data]);
    const list = await control(again).listMerchants();
    expect(list.items.map((x) => x.public_key)).toEqual(['pk_sandbox_demo', 'pk_persisted_1']);
    again.proc.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('says which port is taken and how to pick another, exiting non-zero', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const cli = await spawnCli(['--port', String(port), '--data', ':memory:'], { waitReady: false });
      const code = await cli.exited;
      expect(code).not.toBe(0);
      expect(cli.stderr().trim().split('\n')).toHaveLength(1);
      expect(cli.stderr()).toContain(`port ${port}`);
      expect(cli.stderr()).toContain('--port');
    } finally {
      blocker.close();
    }
  });

  it('imports merchants from --seed FILE', async () => {
    const seed = join(dir, 'seed.json');
    writeFileSync(
      seed,
      JSON.stringify([{ name: 'Seeded Shop', public_key: 'pk_seeded_shop', secret_key: 'sk_seeded_shop', channels: { '17': ['COP'] } }]),
    );
    const cli = await spawnCli(['--port', '0', '--data', ':memory:', '--seed', seed]);
    const list = await control(cli).listMerchants();
    expect(list.items.find((m) => m.public_key === 'pk_seeded_shop')?.channels).toEqual({ '17': ['COP'] });
    cli.proc.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('refuses a bad seed file naming the field and line, and does not start half-seeded', async () => {
    const seed = join(dir, 'bad-seed.json');
    writeFileSync(seed, '[\n  {"name": "Good", "public_key": "pk_good_one"},\n  {"name": "Bad",\n   "max_amount": "lots"}\n]\n');
    const data = join(dir, 'bad');
    const cli = await spawnCli(['--port', '0', '--data', data, '--seed', seed], { waitReady: false });
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toMatch(/1\.max_amount \(line 4\)/);
    expect(cli.stdout()).not.toContain('listening');
    const ok = await spawnCli(['--port', '0', '--data', data]);
    const list = await control(ok).listMerchants();
    expect(list.items.map((m) => m.public_key)).toEqual(['pk_sandbox_demo']);
    ok.proc.kill('SIGTERM');
    await ok.exited;
  });

  it('rejects an invalid --port with usage help', async () => {
    const cli = await spawnCli(['--port', 'abc'], { waitReady: false });
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain('--port');
  });
});
