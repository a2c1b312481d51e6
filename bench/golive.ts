// Go-live check against a fast handler (speed is measured by a benchmark, not a timed test), and
// what the signature diagnosis costs a refused creation.
// Run: npx tsx bench/golive.ts [--runs 5] [--refusals 300]
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CREATION_SIGNED_FIELDS } from '../server/contract/signed-fields.js';
import { diagnoseSignature } from '../server/domain/diagnosis/signature-search.js';
import { createSandbox } from '../server/sandbox.js';
import { CREATION_PATH, creationFields, median, pct, round2 } from './lib.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, refusals: { type: 'string', default: '300' } } });
const RUNS = Number(values.runs);
const REFUSALS = Number(values.refusals);
const SECRET = 'sk_sandbox_demo';

/** A fast, correct handler: POST only, verifies the signature, says what it did, answers at once. */
const seen = new Set<string>();
const handler = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method !== 'POST') {
      res.statusCode = 405;
      return void res.end('method not allowed');
    }
    if (req.url === '/payout') return void res.end('ok');
    const f = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const want = createHash('sha256').update(`${f.time}${f.channel}${f.amount}${f.currency}${f.trans_ID}${SECRET}`).digest();
    const got = Buffer.from(/^[0-9a-f]{64}$/i.test(f.signature ?? '') ? f.signature! : '00', 'hex');
    if (got.length !== want.length || !timingSafeEqual(got, want)) {
      res.statusCode = 400;
      return void res.end('bad signature');
    }
    seen.add(String(req.headers['x-sandbox-notification-id']));
    res.end(f.rejection_code ? 'order failed' : 'order paid');
  });
});
await new Promise<void>((resolve) => handler.listen(0, '127.0.0.1', () => resolve()));
const target = `http://127.0.0.1:${(handler.address() as AddressInfo).port}`;

const sb = createSandbox({ data: ':memory:', port: 0, log: () => {}, consoleDir: null });
await sb.start();
const base = sb.url!;
const json = (method: string, path: string, body?: unknown) =>
  fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
await json('PATCH', '/sandbox/v1/merchants/pk_sandbox_demo', {
  success_url: `${target}/ok`,
  rejection_url: `${target}/rejected`,
  payout_url: `${target}/payout`,
});

// 1. The whole check (every check, every probe) against the fast handler.
const checkMs: number[] = [];
let notPassed = 0;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const res = await json('POST', '/sandbox/v1/checks', {});
  const report = (await res.json()) as { checks: { id: string; verdict: string }[] };
  checkMs.push(performance.now() - t0);
  notPassed += report.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'warn').length;
}

// 2. Refused creations whose signature no recipe explains (the whole bounded search), and valid ones.
const roundTrip = async (fields: Record<string, string>) => {
  const t0 = performance.now();
  const res = await fetch(base + CREATION_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  await res.text();
  return { ms: performance.now() - t0, status: res.status };
};
const refused: number[] = [];
const accepted: number[] = [];
// Refused creations whose recipe is found: the published one that sorts the secret in among the values
// and also keys an HMAC with it, base64 of the hex digest (as PHP's ksort + hash_hmac + base64_encode).
const found: number[] = [];
let foundHints = 0;
const sorted = [...CREATION_SIGNED_FIELDS, 'secret'].sort();
// The same refusal path without a signature to explain (MERCHANT_DISABLED comes after the signature check).
const otherRefusal: number[] = [];
for (let i = 0; i < REFUSALS; i++) {
  const f = creationFields({ trans_id: `BENCH-${i}` });
  const r = await roundTrip({ ...f, signature: createHash('sha256').update(`nothing-${i}`).digest('hex') });
  if (r.status === 400) refused.push(r.ms);
  accepted.push((await roundTrip(f)).ms);
  otherRefusal.push((await roundTrip(creationFields({ trans_id: `BENCH-${i}`, currency: 'XXX' }))).ms);
  const g = creationFields({ trans_id: `BENCH-FOUND-${i}` });
  const text = sorted.map((k) => (k === 'secret' ? SECRET : g[k as keyof typeof g])).join('');
  const sig = Buffer.from(createHmac('sha256', SECRET).update(text).digest('hex')).toString('base64');
  const t0 = performance.now();
  const res = await fetch(base + CREATION_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...g, signature: sig }).toString(),
  });
  const body = await res.text();
  found.push(performance.now() - t0);
  if (res.headers.get('x-sandbox-signature-diagnosis')?.includes('in_values_and_hmac_key') && body.includes('see X-Sandbox')) foundHints++;
}
found.sort((a, b) => a - b);
refused.sort((a, b) => a - b);
accepted.sort((a, b) => a - b);
otherRefusal.sort((a, b) => a - b);

// 3. The diagnosis alone, in process: the whole search (no recipe matches).
const fields = creationFields();
const search: number[] = [];
for (let i = 0; i < REFUSALS; i++) {
  const t0 = performance.now();
  diagnoseSignature({
    kind: 'creation',
    fields,
    secret: SECRET,
    signature: createHash('sha256').update(`x${i}`).digest('hex'),
    sentOrder: CREATION_SIGNED_FIELDS,
  });
  search.push(performance.now() - t0);
}
search.sort((a, b) => a - b);

await sb.stop();
handler.close();
const result = {
  runs: RUNS,
  check_ms: { median: Math.round(median(checkMs)), max: Math.round(Math.max(...checkMs)) },
  probe_verdicts_not_pass: notPassed,
  refusals: REFUSALS,
  refused_creation_ms: { p50: round2(pct(refused, 50)), p99: round2(pct(refused, 99)) },
  refused_recipe_found_ms: { p50: round2(pct(found, 50)), p99: round2(pct(found, 99)), found: foundHints },
  accepted_creation_ms: { p50: round2(pct(accepted, 50)), p99: round2(pct(accepted, 99)) },
  other_refusal_ms: { p50: round2(pct(otherRefusal, 50)), p99: round2(pct(otherRefusal, 99)) },
  diagnosis_full_search_ms: { p50: round2(pct(search, 50)), p99: round2(pct(search, 99)) },
};
console.table({
  'go-live check, fast handler (ms)': { median: result.check_ms.median, max: result.check_ms.max },
  'refused creation, full diagnosis (ms)': { p50: result.refused_creation_ms.p50, p99: result.refused_creation_ms.p99 },
  'refused creation, recipe found (ms)': { p50: result.refused_recipe_found_ms.p50, p99: result.refused_recipe_found_ms.p99 },
  'accepted creation (ms)': { p50: result.accepted_creation_ms.p50, p99: result.accepted_creation_ms.p99 },
  'refused creation, INVALID_CURRENCY (ms)': { p50: result.other_refusal_ms.p50, p99: result.other_refusal_ms.p99 },
  'diagnosis search alone (ms)': { p50: result.diagnosis_full_search_ms.p50, p99: result.diagnosis_full_search_ms.p99 },
});
writeFileSync(join(import.meta.dirname, 'results-golive.json'), JSON.stringify(result, null, 2) + '\n');
