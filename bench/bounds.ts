// What a flood of large refused creations costs (security bounds): 1 MiB JSON creations signed so that
// the signature reads as two digests (the costliest refusal before the bounds), sent from several
// connections at once, while /health is polled. The sandbox runs as `npm run serve` does.
// Run: npx tsx bench/bounds.ts [--requests 100] [--parallel 4]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pct, round2, serveArgs, startProcess, stopProcess } from './lib.js';
import { hugeCreation } from '../test/helpers/payments.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '100' }, parallel: { type: 'string', default: '4' } } });
const REQUESTS = Number(values.requests);
const PARALLEL = Number(values.parallel);

// 88 characters: base64 of a SHA-512 and base64 of a hex SHA-256 at once.
const body = JSON.stringify(hugeCreation(Buffer.from('0'.repeat(64)).toString('base64')));

const load = { start: loadavg()[0]!, end: 0 };
const sb = await startProcess([...serveArgs(), '--port', '0', '--data', ':memory:']);
const timed = async (f: () => Promise<Response>) => {
  const t = performance.now();
  const r = await f();
  await r.arrayBuffer();
  return { ms: performance.now() - t, status: r.status };
};
const post = () =>
  fetch(`${sb.url}/payments/check-out/SecurePayment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

// Warm-up: the first requests pay for lazy loading.
for (let i = 0; i < 5; i++) await timed(post);

const refused: number[] = [];
const statuses = new Map<number, number>();
let sent = 0;
let done = false;
const health: number[] = [];
const poller = (async () => {
  while (!done) health.push((await timed(() => fetch(`${sb.url}/health`))).ms);
})();
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (sent < REQUESTS) {
      sent++;
      const r = await timed(post);
      refused.push(r.ms);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  }),
);
done = true;
await poller;
await stopProcess(sb.proc);
load.end = loadavg()[0]!;

// One at a time too: the figure a single client sees.
const alone: number[] = [];
{
  const one = await startProcess([...serveArgs(), '--port', '0', '--data', ':memory:']);
  const postOne = () =>
    fetch(`${one.url}/payments/check-out/SecurePayment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  for (let i = 0; i < 5; i++) await timed(postOne);
  for (let i = 0; i < Math.min(REQUESTS, 50); i++) alone.push((await timed(postOne)).ms);
  await stopProcess(one.proc);
}

refused.sort((a, b) => a - b);
alone.sort((a, b) => a - b);
health.sort((a, b) => a - b);
const result = {
  requests: REQUESTS,
  parallel: PARALLEL,
  body_bytes: Buffer.byteLength(body),
  statuses: Object.fromEntries(statuses),
  refused_alone_ms: { p50: round2(pct(alone, 50)), p99: round2(pct(alone, 99)) },
  refused_parallel_ms: { p50: round2(pct(refused, 50)), p99: round2(pct(refused, 99)) },
  health_ms: { p50: round2(pct(health, 50)), p99: round2(pct(health, 99)), max: round2(health.at(-1) ?? 0), samples: health.length },
  load_average: load,
};
console.table({
  'refused 1 MiB creation, one client (ms)': result.refused_alone_ms,
  [`refused 1 MiB creation, ${PARALLEL} clients (ms)`]: result.refused_parallel_ms,
  '/health meanwhile (ms)': { p50: result.health_ms.p50, p99: result.health_ms.p99, max: result.health_ms.max },
});
writeFileSync(join(import.meta.dirname, 'results-bounds.json'), JSON.stringify(result, null, 2) + '\n');
