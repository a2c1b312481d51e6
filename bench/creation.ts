// Payment creation throughput as a same-run ratio against a bare Express server (issue 12, item 1).
// Alternates A B A B over rounds; medians. Run: npx tsx bench/creation.ts [--rounds 3] [--seconds 5]
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' } } });
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const PATH = '/payments/check-out/SecurePayment.php';

async function startProcess(script: string, args: string[]): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, [tsx, script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c) => {
      out += String(c);
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, proc });
    });
    proc.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}
const stop = (p: ChildProcess) => new Promise<void>((r) => (p.on('exit', () => r()), p.kill('SIGTERM')));

let seq = 0;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
function fields(extra: Record<string, string> = {}): Record<string, string> {
  const f: Record<string, string> = {
    public_key: 'pk_sandbox_demo', time: '2026-11-22 10:00:00', channel: '17', amount: '50000', currency: 'COP',
    trans_id: `B-${process.pid}-${++seq}`, time_expired: '120', url_ok: 'https://shop.example/ok', url_error: 'https://shop.example/ko',
    shopper_information: JSON.stringify({ name_shopper: 'Ana', last_name_Shopper: 'Gómez', type_doc_identi: 'CC', Num_doc_identi: '1234567890', email: 'ana@gmail.com', country_code: '+57', Phone: '3001234567', country: 'COL' }),
    ...extra,
  };
  f.signature = sha(['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel'].map((k) => f[k]).join('') + 'sk_sandbox_demo');
  return f;
}
const BOUNDARY = 'benchboundary';
const bodies = {
  urlencoded: () => ({ type: 'application/x-www-form-urlencoded; charset=utf-8', body: new URLSearchParams(fields()).toString() }),
  multipart: () => ({
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Object.entries(fields()).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${BOUNDARY}--\r\n`,
  }),
  instant_qr: () => ({ type: 'application/x-www-form-urlencoded; charset=utf-8', body: new URLSearchParams(fields({ direct_integration: '1', filter_by: 'instant_qr' })).toString() }),
};

async function load(url: string, kind: keyof typeof bodies) {
  const r = await autocannon({
    url: url + PATH,
    connections: 10,
    duration: SECONDS,
    requests: [{ method: 'POST', setupRequest: (req) => { const b = bodies[kind](); return { ...req, headers: { 'content-type': b.type }, body: b.body }; } }],
  });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'sbx-bench-create-'));
const bare = await startProcess(join(root, 'bench', 'bare-express.ts'), []);
const sandbox = await startProcess(join(root, 'server', 'cli.ts'), ['--port', '0', '--data', dir]);
const result: Record<string, { ratio: number; sandbox_rps: number; bare_rps: number; sandbox_p99_ms: number; non2xx: number }> = {};
try {
  for (const kind of Object.keys(bodies) as (keyof typeof bodies)[]) {
    const a: number[] = [], b: number[] = [], p99: number[] = [];
    let non2xx = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const ref = await load(bare.url, kind === 'multipart' ? 'urlencoded' : 'urlencoded');
      const s = await load(sandbox.url, kind);
      a.push(ref.rps); b.push(s.rps); p99.push(s.p99); non2xx += s.non2xx;
    }
    result[kind] = { ratio: +(median(b) / median(a)).toFixed(3), sandbox_rps: Math.round(median(b)), bare_rps: Math.round(median(a)), sandbox_p99_ms: median(p99), non2xx };
  }
} finally {
  await stop(bare.proc);
  await stop(sandbox.proc);
  rmSync(dir, { recursive: true, force: true });
}
console.table(result);
writeFileSync(join(import.meta.dirname, 'results-creation.json'), JSON.stringify({ budget: { ratio: 0.5, p99_ms: 15 }, rounds: ROUNDS, seconds: SECONDS, result }, null, 2) + '\n');
