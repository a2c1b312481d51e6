import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../server/contract/checks.js';
import { correctHandler, phpEchoHandler, type Handler } from '../golive/handlers.js';
import { DEMO, startSandbox } from '../helpers/sandbox.js';

const root = join(import.meta.dirname, '..', '..');

/** `npx pasarela-sandbox check …` as CI runs it: its exit code, stdout and stderr. */
function check(args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const proc = spawn(process.execPath, [join(root, 'server', 'pack', 'bin.mjs'), 'check', ...args], { cwd: root });
    let out = '';
    let err = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    proc.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('pasarela-sandbox check (the go-live check as a CI gate)', () => {
  let good: Handler;
  let plugin: Handler;
  const dir = mkdtempSync(join(tmpdir(), 'check-cli-'));
  beforeAll(async () => {
    good = await correctHandler(DEMO.secret_key);
    plugin = await phpEchoHandler(DEMO.secret_key);
  });
  afterAll(async () => {
    await good.close();
    await plugin.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a correct handler: one line per check, no FAIL, exit 0, the Markdown report written', async () => {
    const file = join(dir, 'golive.md');
    const r = await check([
      '--success-url',
      `${good.url}/ok`,
      '--rejection-url',
      `${good.url}/rejected`,
      '--payout-url',
      `${good.url}/payout`,
      '--report',
      file,
    ]);
    expect(r.err).toMatch(/0 fail/);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines.map((l) => /^(PASS|WARN|FAIL|SKIP) ([a-z_]+): /.exec(l)?.[2])).toEqual([...CHECK_IDS]);
    expect(lines.filter((l) => /^(FAIL|WARN) /.test(l) && !/queries_operations|signatures_valid|creations|trans_id/.test(l))).toEqual([]);
    const md = readFileSync(file, 'utf8');
    expect(md).toMatch(/^# Go-live check chk_/);
    expect(md).toContain('What the handler answered');
  }, 60_000);

  it('a handler that pays on anything: FAIL lines, exit 1, the JSON report with the orders and answers', async () => {
    const file = join(dir, 'golive.json');
    const r = await check([
      '--success-url',
      `${plugin.url}/ok`,
      '--rejection-url',
      `${plugin.url}/rejected`,
      '--trans-id',
      '123456789',
      '--report',
      file,
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^FAIL forged_signature_refused: .*acknowledged/m);
    expect(r.out).toMatch(/^FAIL get_forged_refused: /m);
    expect(r.out).toMatch(/^SKIP payout_notification_acknowledged: skipped: the merchant has no payout URL/m);
    const report = JSON.parse(readFileSync(file, 'utf8'));
    expect(report.orders[0]).toMatchObject({ trans_id: '123456789', source: 'given' });
    expect(report.checks.find((c: { id: string }) => c.id === 'success_acknowledged').answers[0].body_excerpt).toContain(
      '"result":"success"',
    );
  }, 60_000);

  it("against a running sandbox (--sandbox): the merchant's URL is set there and the check runs there", async () => {
    const sb = await startSandbox();
    try {
      const r = await check(['--sandbox', sb.url, '--success-url', `${good.url}/ok`, '--only', 'success_acknowledged']);
      expect(r.code).toBe(0);
      expect(r.out.trim()).toMatch(/^PASS success_acknowledged: A success notification: HTTP 200/);
      const m = (await sb.ctx.store.merchants.byPublicKey(DEMO.public_key))!;
      expect(m.success_url).toBe(`${good.url}/ok`);
    } finally {
      await sb.stop();
    }
  }, 60_000);

  it('could not run: exit 2 with the reason (no URL, bad report name, unknown check, no sandbox there)', async () => {
    expect((await check([])).code).toBe(2);
    const ext = await check(['--success-url', 'http://127.0.0.1:9/ok', '--report', join(dir, 'r.txt')]);
    expect([ext.code, ext.err]).toEqual([2, expect.stringMatching(/--report must end in \.md or \.json/)]);
    const only = await check(['--success-url', 'http://127.0.0.1:9/ok', '--only', 'nope']);
    expect([only.code, only.err]).toEqual([2, expect.stringMatching(/unknown check id\(s\): nope/)]);
    const gone = await check(['--sandbox', 'http://127.0.0.1:9', '--success-url', 'http://127.0.0.1:9/ok']);
    expect(gone.code).toBe(2);
    expect(gone.out).toBe('');
  }, 60_000);
});
