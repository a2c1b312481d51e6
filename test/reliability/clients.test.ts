import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCARD_CAP } from '../../server/http/drain.js';
import { fetchPost, nodeHttpPost, pythonPosts, type ClientResult, type Post } from '../helpers/clients.js';
import { creationPath, paymentFields } from '../helpers/payments.js';
import { control, DEMO, startSandbox } from '../helpers/sandbox.js';
import { fingerprint, type Running } from './support.js';

// A body over a limit is answered readably to the HTTP clients merchants use, which
// send the whole body before (Python) or while (Node, undici) reading the answer.

const MB10 = 10_000_000;
const MIB = 1024 * 1024;
const FORM = 'application/x-www-form-urlencoded';
const BOUNDARY = 'clientsBoundary';

const urlencoded = (f: Record<string, string>) => ({ type: FORM, body: Buffer.from(new URLSearchParams(f).toString()) });
const json = (f: Record<string, string>) => ({ type: 'application/json', body: Buffer.from(JSON.stringify(f)) });
const multipart = (f: Record<string, string>) => ({
  type: `multipart/form-data; boundary=${BOUNDARY}`,
  body: Buffer.from(
    Object.entries(f)
      .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${BOUNDARY}--\r\n`,
  ),
});

interface Case {
  name: string;
  type: string;
  body: Buffer;
  status: number;
  code: string;
}

/** 10 MB in each encoding (413), one 1 MB field in each (its field error), one field of just over 1 MiB (413). */
function cases(): Case[] {
  const big = () => ({ ...paymentFields(17), filler: 'a'.repeat(MB10) });
  const longField = () => paymentFields(17, { trans_id: 'T'.repeat(1_000_000) });
  return [
    { name: '10 MB urlencoded', ...urlencoded(big()), status: 413, code: 'PAYLOAD_TOO_LARGE' },
    { name: '10 MB multipart', ...multipart(big()), status: 413, code: 'PAYLOAD_TOO_LARGE' },
    { name: '10 MB JSON', ...json(big()), status: 413, code: 'PAYLOAD_TOO_LARGE' },
    { name: '1 MB field urlencoded', ...urlencoded(longField()), status: 400, code: 'FIELD_TOO_LONG' },
    { name: '1 MB field multipart', ...multipart(longField()), status: 400, code: 'FIELD_TOO_LONG' },
    { name: '1 MB field JSON', ...json(longField()), status: 400, code: 'FIELD_TOO_LONG' },
    { name: 'one field just over 1 MiB', ...urlencoded({ trans_id: 'T'.repeat(MIB) }), status: 413, code: 'PAYLOAD_TOO_LARGE' },
  ];
}

/** The client read a documented error answer, not a broken pipe. */
function expectAnswer(r: ClientResult, status: number, code: string, what: string): void {
  expect(r.error, `${what}: the client failed instead of reading the answer`).toBeUndefined();
  expect(r.status, what).toBe(status);
  expect(JSON.parse(r.body!), what).toMatchObject({ error: { code, message: expect.any(String) } });
}

let sb: Running;
let dir: string;
beforeAll(async () => {
  sb = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), 'sandbox-bodies-'));
});
afterAll(async () => {
  await sb.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('every client reads the refusal of a body over a limit', () => {
  const all = cases();
  const post = (c: Case): Post => ({ url: sb.url + creationPath(17), body: c.body, headers: { 'content-type': c.type } });

  it('Node http (piped, Connection: close)', async () => {
    const before = fingerprint(sb);
    for (const c of all) expectAnswer(await nodeHttpPost(post(c)), c.status, c.code, c.name);
    expect(fingerprint(sb)).toBe(before);
  }, 120_000);

  it('fetch (undici)', async () => {
    const before = fingerprint(sb);
    for (const c of all) expectAnswer(await fetchPost(post(c)), c.status, c.code, c.name);
    expect(fingerprint(sb)).toBe(before);
  }, 120_000);

  it('Python urllib', async () => {
    const before = fingerprint(sb);
    const files = all.map((c, i) => {
      const file = join(dir, `case-${i}`);
      writeFileSync(file, c.body);
      return { url: sb.url + creationPath(17), file, headers: { 'Content-Type': c.type } };
    });
    const results = await pythonPosts(files);
    all.forEach((c, i) => expectAnswer(results[i]!, c.status, c.code, c.name));
    expect(fingerprint(sb)).toBe(before);
  }, 180_000);
});

describe('every route that reads a body refuses 10 MB readably, stores nothing and logs it', () => {
  it('creation (both paths), /api/operations, /api/notify, payouts, control API, checkout form posts; and a refused origin', async () => {
    const file = join(dir, 'ten-mb');
    writeFileSync(file, Buffer.alloc(MB10, 'a'));
    const routes = [
      { method: 'POST', path: '/payments/check-out/SecurePayment', type: FORM },
      { method: 'POST', path: '/payments/check-out/SecurePayment.php', type: FORM },
      { method: 'GET', path: '/api/operations?trans_id=x', type: FORM },
      { method: 'POST', path: '/api/notify', type: FORM },
      { method: 'POST', path: '/api/transactions/', type: 'application/json', auth: true },
      { method: 'POST', path: '/sandbox/v1/clock/advance', type: 'application/json' },
      { method: 'POST', path: '/sandbox/v1/merchants', type: 'application/json' },
      { method: 'POST', path: '/check-out/actions', type: FORM },
    ];
    const before = fingerprint(sb);
    const headersOf = (r: { type: string; auth?: boolean }) => ({
      'Content-Type': r.type,
      ...(r.auth ? { Authorization: `Bearer ${DEMO.payout_token}` } : {}),
    });
    const results = await pythonPosts([
      ...routes.map((r) => ({ url: sb.url + r.path, method: r.method, file, headers: headersOf(r) })),
      // The control API's origin check refuses before the body is read; the refusal still waits for it.
      {
        url: `${sb.url}/sandbox/v1/clock/advance`,
        method: 'POST',
        file,
        headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
      },
    ]);
    routes.forEach((r, i) => expectAnswer(results[i]!, 413, 'PAYLOAD_TOO_LARGE', `${r.method} ${r.path}`));
    expectAnswer(results[routes.length]!, 403, 'FORBIDDEN', 'foreign origin');
    expect(fingerprint(sb)).toBe(before);
    const log = (await control(sb).listRequests({ query: { limit: 200 } })).items;
    for (const r of routes) {
      const row = log.find((e) => e.method === r.method && e.path === r.path && e.status === 413);
      expect(row, `request log row for ${r.method} ${r.path}`).toBeDefined();
      expect(row!.note).toMatch(/body refused; \d+ more bytes read and discarded/);
    }
  }, 180_000);
});

describe('past the discard cap', () => {
  it('a body declared larger than the cap is answered 413 at once and the connection closed, nothing read', async () => {
    const u = new URL(sb.url);
    const r = await new Promise<{ reply: string; serverEnded: boolean }>((resolve) => {
      const socket = connect(Number(u.port), u.hostname, () => {
        socket.write(
          `POST ${creationPath(17)} HTTP/1.1\r\nHost: x\r\nContent-Type: ${FORM}\r\nContent-Length: ${DISCARD_CAP.bytes + 1}\r\n\r\n`,
        );
      });
      let reply = '';
      let serverEnded = false;
      socket.on('data', (c) => (reply += String(c)));
      socket.on('end', () => (serverEnded = true));
      socket.on('error', () => {});
      socket.on('close', () => resolve({ reply, serverEnded }));
    });
    expect(r.reply).toMatch(/^HTTP\/1\.1 413/);
    expect(r.reply.toLowerCase()).toContain('connection: close');
    expect(r.reply).toContain('PAYLOAD_TOO_LARGE');
    expect(r.serverEnded).toBe(true);
  }, 60_000);
});

/** A raw upload that sends its headers and half its declared body, then stops (never ends or closes). */
function stalledUpload(url: string): Promise<{ reply: string; serverEnded: boolean; ms: number; sent: Promise<void> }> {
  const u = new URL(url);
  const started = performance.now();
  let sentDone!: () => void;
  const sent = new Promise<void>((r) => (sentDone = r));
  const done = new Promise<{ reply: string; serverEnded: boolean; ms: number }>((resolve) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(`POST ${creationPath(17)} HTTP/1.1\r\nHost: x\r\nContent-Type: ${FORM}\r\nContent-Length: 100000\r\n\r\n`);
      socket.write('a'.repeat(50_000), () => sentDone());
    });
    let reply = '';
    let serverEnded = false;
    socket.on('data', (c) => (reply += String(c)));
    socket.on('end', () => (serverEnded = true));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ reply, serverEnded, ms: performance.now() - started }));
  });
  return Object.assign(done, { sent }) as never;
}

describe('clients that stop sending half-way', () => {
  let slow: Running;
  const REQUEST_MS = 8000;
  beforeAll(async () => {
    slow = await startSandbox({ httpTimeouts: { headersMs: 2000, requestMs: REQUEST_MS } });
  });
  afterAll(() => slow.stop());

  it('get 408 after the request timeout and the server closes their socket', async () => {
    const r = await stalledUpload(slow.url);
    expect(r.reply).toMatch(/^HTTP\/1\.1 408/);
    expect(r.serverEnded).toBe(true);
    expect(r.ms).toBeGreaterThanOrEqual(REQUEST_MS - 100);
  }, 60_000);

  it('50 of them at once leave /health answering within 100 ms (median of 20 real requests), then all get 408', async () => {
    const uploads = Array.from({ length: 50 }, () => stalledUpload(slow.url));
    await Promise.all(uploads.map((u) => (u as unknown as { sent: Promise<void> }).sent));
    let finished = 0;
    for (const u of uploads) void u.then(() => finished++);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await fetch(`${slow.url}/health`);
      expect(res.status).toBe(200);
      await res.json();
      times.push(performance.now() - t0);
    }
    // Measured while every upload was still held open by the server.
    expect(finished).toBe(0);
    times.sort((a, b) => a - b);
    console.log(`/health under 50 stalled uploads: median ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms`);
    expect(times[10]!, `health times ${times.map((t) => t.toFixed(1)).join(', ')}`).toBeLessThan(100);
    const results = await Promise.all(uploads);
    for (const r of results) {
      expect(r.reply).toMatch(/^HTTP\/1\.1 408/);
      expect(r.serverEnded).toBe(true);
    }
  }, 90_000);
});
