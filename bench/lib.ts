// Shared helpers of the benchmarks: signed creation bodies, child processes with a ready line, stats.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');
export const tsxCli = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
export const CREATION_PATH = '/payments/check-out/SecurePayment.php';

/** `node` arguments of `npm run serve` as package.json has them, so benches run the sandbox exactly so. */
export function serveArgs(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  const [node, ...args] = pkg.scripts.serve.split(/\s+/);
  if (node !== 'node') throw new Error(`npm run serve is not a plain node command: ${pkg.scripts.serve}`);
  return args.map((a) => (a.endsWith('.mjs') ? join(root, a) : a));
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
let seq = 0;

/** A channel 17 creation form, correctly signed with the demo merchant's secret, unique trans_id. */
export function creationFields(extra: Record<string, string> = {}): Record<string, string> {
  const f: Record<string, string> = {
    public_key: 'pk_sandbox_demo',
    time: '2026-11-22 10:00:00',
    channel: '17',
    amount: '50000',
    currency: 'COP',
    trans_id: `B-${process.pid}-${++seq}`,
    time_expired: '120',
    url_ok: 'https://shop.example/ok',
    url_error: 'https://shop.example/ko',
    shopper_information: JSON.stringify({
      name_shopper: 'Ana',
      last_name_Shopper: 'Gómez',
      type_doc_identi: 'CC',
      Num_doc_identi: '1234567890',
      email: 'ana@gmail.com',
      country_code: '+57',
      Phone: '3001234567',
      country: 'COL',
    }),
    ...extra,
  };
  const signed = ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel'];
  f.signature = sha(signed.map((k) => f[k]).join('') + 'sk_sandbox_demo');
  return f;
}

const BOUNDARY = 'benchboundary';
/** Request bodies by kind; each call is a new, uniquely signed operation. */
export const bodies = {
  urlencoded: () => ({ type: 'application/x-www-form-urlencoded; charset=utf-8', body: new URLSearchParams(creationFields()).toString() }),
  multipart: () => ({
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body:
      Object.entries(creationFields())
        .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${BOUNDARY}--\r\n`,
  }),
  instant_qr: () => ({
    type: 'application/x-www-form-urlencoded; charset=utf-8',
    body: new URLSearchParams(creationFields({ direct_integration: '1', filter_by: 'instant_qr' })).toString(),
  }),
  dialect_2019: () => ({
    type: 'application/x-www-form-urlencoded; charset=utf-8',
    body: new URLSearchParams(dialect2019Fields()).toString(),
  }),
};
export type BodyKind = keyof typeof bodies;

/** The merchant on the legacy protocol the dialect case posts as (`legacyMerchant` creates it). */
export const LEGACY_MERCHANT = {
  name: 'Bench 2019 plugin',
  public_key: 'pk_bench_legacy',
  secret_key: 'sk_bench_legacy',
  protocol: 'legacy',
};

/** A 2019 plugin's form (flat shopper, channel 1, url_finalizar), signed by the legacy merchant. */
function dialect2019Fields(): Record<string, string> {
  const f: Record<string, string> = {
    public_key: LEGACY_MERCHANT.public_key,
    time: '2026-11-22 10:00:00',
    channel: '1',
    amount: '50000.00',
    currency: 'COP',
    trans_id: `D-${process.pid}-${++seq}`,
    time_expired: '120',
    url_ok: 'https://shop.example/ok',
    url_error: 'https://shop.example/ko',
    name_shopper: 'Ana',
    las_name_Shopper: 'Gómez',
    email: 'ana@gmail.com',
    country_code: 'CO',
    phone: '3001234567',
    mobile: '3001234567',
    url_finalizar: 'https://shop.example/fin',
  };
  const signed = ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel'];
  f.signature = sha(signed.map((k) => f[k]).join('') + LEGACY_MERCHANT.secret_key);
  return f;
}

/** Where each kind posts: the dialect case where the 2019 plugins post, under the service prefix. */
const PATHS: Partial<Record<BodyKind, string>> = { dialect_2019: '/justpay/check-out/SecurePayment' };

/** Creates the legacy-protocol merchant the dialect case needs (control API, loopback). */
export async function legacyMerchant(url: string): Promise<void> {
  const r = await fetch(`${url}/sandbox/v1/merchants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LEGACY_MERCHANT),
  });
  if (r.status !== 201 && r.status !== 409) throw new Error(`creating the legacy merchant answered ${r.status}: ${await r.text()}`);
}

/** autocannon against the creation endpoint: 10 connections, a fresh signed body per request. */
export async function loadCreation(url: string, kind: BodyKind, seconds: number, connections = 10) {
  const r = await autocannon({
    url: url + (PATHS[kind] ?? CREATION_PATH),
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const b = bodies[kind]();
          return { ...req, headers: { 'content-type': b.type }, body: b.body };
        },
      },
    ],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
}

/** Spawns `node ARGS…` and resolves with the URL of its ready line (`… listening on URL`). */
export function startProcess(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; detached?: boolean } = {},
): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: opts.env ?? process.env,
    detached: opts.detached,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c) => {
      out += String(c);
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, proc });
    });
    proc.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
  });
}

/** SIGTERM and wait for the exit. */
export const stopProcess = (p: ChildProcess) =>
  new Promise<void>((r) => {
    if (p.exitCode !== null) return r();
    p.on('exit', () => r());
    p.kill('SIGTERM');
  });

/** The p-th percentile of an ascending array (nearest rank). */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
export const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
export const round2 = (x: number) => Math.round(x * 100) / 100;
