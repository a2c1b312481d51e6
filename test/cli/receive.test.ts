import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { answer, control, startSandbox } from '../helpers/sandbox.js';

const root = join(import.meta.dirname, '..', '..');

/** `pasarela-sandbox receive` as a user runs it, with a queue of its stdout lines. */
function startReceiveCommand(args: string[]) {
  const proc = spawn(process.execPath, [join(root, 'server', 'pack', 'bin.mjs'), 'receive', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting: { re: RegExp; resolve: (l: string) => void }[] = [];
  createInterface({ input: proc.stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of [...waiting]) if (w.re.test(line)) (waiting.splice(waiting.indexOf(w), 1), w.resolve(line));
  });
  let stderr = '';
  proc.stderr.on('data', (c: Buffer) => (stderr += String(c)));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const line = (re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((l) => re.test(l));
      if (seen) return resolve(seen);
      waiting.push({ re, resolve });
      void exited.then((code) => reject(new Error(`receive exited ${code} before printing ${re}: ${stderr}`)));
    });
  return { proc, line, exited, stderr: () => stderr };
}

describe('pasarela-sandbox receive', () => {
  let sb: Awaited<ReturnType<typeof startSandbox>>;
  let rx: ReturnType<typeof startReceiveCommand>;
  let url: string;
  beforeAll(async () => {
    sb = await startSandbox();
    rx = startReceiveCommand(['--port', '0']);
    url = /^receiver listening on (http:\/\/\S+)$/.exec(await rx.line(/^receiver listening on /))![1]!;
  });
  afterAll(async () => {
    rx.proc.kill('SIGTERM');
    await rx.exited;
    await sb.stop();
  });

  it('prints a confirmed payment notification as delivered, with its signature checked against the demo secret', async () => {
    expect((await answer(sb, 'updateMerchant', { public_key: 'pk_sandbox_demo', body: { success_url: `${url}/success` } })).status).toBe(
      200,
    );
    const p = await createPayment(sb.url, 17);
    const [op] = (await control(sb).listOperations({ query: { trans_id: p.fields.trans_id } })).items;
    expect((await answer(sb, 'confirmOperation', { id: op!.id })).status).toBe(200);
    const printed = await rx.line(new RegExp(`trans_ID=${p.fields.trans_id}\\b`));
    expect(printed).toMatch(/POST \/success {2}payment notification: .* channel=17 amount=\d+\.\d\d COP; signature ok$/);
  });

  it('says so when the signature does not match the secret it was given', async () => {
    const other = startReceiveCommand(['--port', '0', '--secret', 'sk_not_the_demo_secret']);
    try {
      const otherUrl = /(http:\/\/\S+)$/.exec(await other.line(/^receiver listening on /))![1]!;
      await fetch(`${otherUrl}/success`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'trans_ID=T-1&channel=17&amount=1.00&currency=COP&time=2026-01-01%2000%3A00%3A00&signature=00',
      });
      expect(await other.line(/trans_ID=T-1/)).toMatch(/signature does NOT match the secret$/);
    } finally {
      other.proc.kill('SIGTERM');
      expect(await other.exited).toBe(0);
    }
  });

  it('refuses a bad flag with its usage and exit code 2', async () => {
    const bad = startReceiveCommand(['--status', '99']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toMatch(/--status must be an HTTP status/);
  });
});
