import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startReceiveCommand } from '../helpers/spawn.js';

// The README's first payment, first payout and control-API blocks, run as printed in one bash session
// against a sandbox and the model receiver (`receive`); only their addresses (4010, 4020) are swapped
// for the free ports these got.
const README = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
const SECTIONS = ['A first payment', 'A first payout', 'Drive it: control API, testkits, agents'];

/** The `sh` blocks of the README section with this heading. */
function blocksOf(heading: string): string[] {
  const start = README.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${heading}" section`);
  const end = README.indexOf('\n## ', start + 4);
  return [...README.slice(start, end < 0 ? undefined : end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** A block's commands as the shell reads them: continued lines and multi-line quotes joined; comment lines dropped. */
function commandsOf(block: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of block.split('\n')) {
    if (!current && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    current += (current ? '\n' : '') + line;
    const openQuote = (current.replace(/"[^"]*"/g, '').match(/'/g)?.length ?? 0) % 2 === 1;
    if (!line.endsWith('\\') && !openQuote) (out.push(current), (current = ''));
  }
  if (current) out.push(current);
  return out;
}

/** Runs a script in bash; the marker printed after each command splits stdout per command. */
function bash(script: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (c: Buffer) => (out += String(c)));
    p.stderr.on('data', (c: Buffer) => (err += String(c)));
    p.on('close', (code) => resolve({ code, out, err }));
  });
}
const MARK = '\x1e';

describe.skipIf(process.platform !== 'linux')("the README's first-hour blocks, run as printed", () => {
  let sb: Awaited<ReturnType<typeof startSandbox>>;
  let rx: ReturnType<typeof startReceiveCommand>;
  let rxUrl: string;
  beforeAll(async () => {
    sb = await startSandbox();
    rx = startReceiveCommand(['--port', '0']);
    rxUrl = /^receiver listening on (http:\/\/\S+)$/.exec(await rx.line(/^receiver listening on /))![1]!;
  });
  afterAll(async () => {
    rx?.proc.kill('SIGTERM');
    await rx?.exited;
    await sb?.stop();
  });

  it('every command answers without an error and ends its output with a newline, so the prompt starts on a line of its own', async () => {
    // The receiver's own block (`npm run receive`) is the one this test started.
    const blocks = SECTIONS.flatMap(blocksOf).filter((b) => !b.startsWith('npm run receive'));
    const commands = blocks.flatMap(commandsOf);
    expect(commands.length).toBeGreaterThan(15);
    const script = commands
      .map((c) => c.replaceAll('http://127.0.0.1:4010', sb.url).replaceAll('http://127.0.0.1:4020', rxUrl))
      .map((c) => `${c}\nprintf '${MARK}'`)
      .join('\n');
    const { code, out, err } = await bash(script);
    expect(err).toBe('');
    expect(code).toBe(0);
    const outputs = out.split(MARK).slice(0, commands.length);
    expect(outputs).toHaveLength(commands.length);
    const glued = commands.filter((_, i) => outputs[i] !== '' && !outputs[i]!.endsWith('\n'));
    expect(glued).toEqual([]);
    const refused = commands.filter((_, i) => outputs[i]!.includes('"error":{'));
    expect(refused).toEqual([]);
    // What the blocks say happens: the creation answers the shopper's page, the payout ends paid,
    // the notification of the order is listed by its trans_id, and the receiver printed both deliveries.
    const printed = outputs.join('');
    expect(printed).toMatch(new RegExp(`^${sb.url}/check-out/\\?channel=17&tokenID=\\w+&platform=1$`, 'm'));
    expect(printed).toMatch(/"transfer_status":5,/);
    expect(printed).toMatch(/\{"items":\[\{"id":\d+,"public_id":"ntf_\w+","kind":"success"/);
    await rx.line(/POST \/success {2}payment notification: trans_ID=order-\d* channel=17 amount=50000\.00 COP; signature ok$/);
    await rx.line(/POST \/payout {2}JSON \{"reference":"PO-1-/);
  }, 60_000);
});
