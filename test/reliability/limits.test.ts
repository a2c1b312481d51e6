import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAYOUT_BATCH } from '../../server/contract/payouts.js';
import { FORM_LIMITS } from '../../server/body/fields.js';
import { creationPath, paymentFields } from '../helpers/payments.js';
import { control, DEMO, startSandbox } from '../helpers/sandbox.js';
import { fingerprint, type Running } from './support.js';

let sb: Running;
beforeAll(async () => {
  sb = await startSandbox({ httpTimeouts: { headersMs: 400, requestMs: 800 } });
});
afterAll(() => sb.stop());

/** Posts a body and answers status and parsed error; `chunked` sends it without a Content-Length. */
function post(
  path: string,
  body: Buffer,
  type: string,
  opts: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(sb.url + path);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { 'content-type': type, ...(opts.chunked ? {} : { 'content-length': body.length }), ...opts.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += String(c)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    // The server may answer and close before the whole oversized body is written.
    req.on('error', reject);
    if (opts.chunked) for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
    else req.write(body);
    req.end();
  });
}

const form = (pairs: [string, string][]) => Buffer.from(new URLSearchParams(pairs).toString());
function multipart(parts: { name: string; value: string; file?: boolean }[]): { body: Buffer; type: string } {
  const b = 'limitsBoundary';
  const text =
    parts
      .map((p) => `--${b}\r\nContent-Disposition: form-data; name="${p.name}"${p.file ? '; filename="f.txt"' : ''}\r\n\r\n${p.value}\r\n`)
      .join('') + `--${b}--\r\n`;
  return { body: Buffer.from(text), type: `multipart/form-data; boundary=${b}` };
}

describe('request limits', () => {
  it('a streamed body over the size limit answers 413 PAYLOAD_TOO_LARGE and stores nothing', async () => {
    const before = fingerprint(sb);
    const r = await post(creationPath(17), Buffer.alloc(sb.config.bodyLimitBytes + 1, 'a'), 'application/x-www-form-urlencoded', {
      chunked: true,
    });
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(fingerprint(sb)).toBe(before);
    expect((await fetch(`${sb.url}/health`)).status).toBe(200);
  });

  it('a payout body over the size limit answers 413', async () => {
    const r = await post('/api/transactions/', Buffer.from(JSON.stringify(['x'.repeat(sb.config.bodyLimitBytes)])), 'application/json', {
      headers: { authorization: `Bearer ${DEMO.payout_token}` },
    });
    expect(r.status).toBe(413);
  });

  it('a creation field longer than its String(255) bound answers FIELD_TOO_LONG', async () => {
    const before = fingerprint(sb);
    const r = await post(
      creationPath(17),
      form(Object.entries(paymentFields(17, { trans_id: 'T'.repeat(256) }))),
      'application/x-www-form-urlencoded',
    );
    expect(r.json.error.code).toBe('FIELD_TOO_LONG');
    expect(fingerprint(sb)).toBe(before);
  });

  it(`a urlencoded body with more than ${FORM_LIMITS.fields} fields answers 400 INVALID_BODY`, async () => {
    const pairs = [
      ...Object.entries(paymentFields(17)),
      ...Array.from({ length: FORM_LIMITS.fields }, (_, i) => [`x${i}`, '1'] as [string, string]),
    ];
    const r = await post(creationPath(17), form(pairs), 'application/x-www-form-urlencoded');
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'INVALID_BODY', message: expect.stringContaining('fields') });
  });

  it(`a JSON body with more than ${FORM_LIMITS.fields} keys answers 400 INVALID_BODY`, async () => {
    const body = { ...paymentFields(17), ...Object.fromEntries(Array.from({ length: FORM_LIMITS.fields }, (_, i) => [`x${i}`, '1'])) };
    const r = await post(creationPath(17), Buffer.from(JSON.stringify(body)), 'application/json');
    expect(r.json.error.code).toBe('INVALID_BODY');
  });

  it(`a multipart body with more than ${FORM_LIMITS.fields} fields answers 400 INVALID_BODY`, async () => {
    const m = multipart(
      [...Object.entries(paymentFields(17)), ...Array.from({ length: FORM_LIMITS.fields }, (_, i) => [`x${i}`, '1'])].map(
        ([name, value]) => ({ name: name!, value: value! }),
      ),
    );
    const r = await post(creationPath(17), m.body, m.type);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('INVALID_BODY');
  });

  it(`a multipart body with more than ${FORM_LIMITS.parts} parts answers 400 INVALID_BODY`, async () => {
    const files = Array.from({ length: FORM_LIMITS.parts + 1 }, (_, i) => ({ name: `f${i}`, value: 'x', file: true }));
    const m = multipart([...Object.entries(paymentFields(17)).map(([name, value]) => ({ name, value })), ...files]);
    const r = await post(creationPath(17), m.body, m.type);
    expect(r.json.error).toMatchObject({ code: 'INVALID_BODY', message: expect.stringContaining('parts') });
  });

  it(`a multipart field over ${FORM_LIMITS.fieldBytes} bytes answers FIELD_TOO_LONG instead of being cut`, async () => {
    const fields = paymentFields(17, { trans_id: 'T'.repeat(FORM_LIMITS.fieldBytes + 1) });
    const m = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
    const r = await post(creationPath(17), m.body, m.type);
    expect(r.json.error.code).toBe('FIELD_TOO_LONG');
  });

  it(`a payout batch of more than ${MAX_PAYOUT_BATCH} items is refused whole and stores nothing`, async () => {
    const item = (i: number) => ({
      order_id: `o${i}`,
      credit_note: `limit-${i}`,
      account_id: '1',
      account_type: 'x',
      vat_id: '1',
      vat_id_type: 'x',
      name: 'A',
      amount: 10,
      subject: 's',
      bank_detail: 'b',
      channel: 'http://127.0.0.1:9/x',
      user_email: 'a@b.co',
      phone_number: '1',
      bank: 1,
      transfer_status: 0,
    });
    const before = fingerprint(sb);
    const r = await post(
      '/api/transactions/',
      Buffer.from(JSON.stringify(Array.from({ length: MAX_PAYOUT_BATCH + 1 }, (_, i) => item(i)))),
      'application/json',
      { headers: { authorization: `Bearer ${DEMO.payout_token}` } },
    );
    expect(r.status).toBe(400);
    expect(r.json.error.message).toMatch(String(MAX_PAYOUT_BATCH));
    expect(fingerprint(sb)).toBe(before);
    expect((await control(sb).listPayrolls()).items).toHaveLength(0);
  });
});

/** Opens a raw connection, writes `first`, then trickles a byte every 100 ms; resolves with what the server sent and when. */
function slowClient(first: string): Promise<{ reply: string; ms: number }> {
  const url = new URL(sb.url);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(url.port), url.hostname, () => socket.write(first));
    let reply = '';
    const drip = setInterval(() => socket.writable && socket.write('a'), 100);
    socket.on('data', (c) => (reply += String(c)));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ reply, ms: performance.now() - started });
    });
  });
}

describe('slow clients', () => {
  it('a client that never finishes its headers is cut with 408 after the header timeout', async () => {
    const r = await slowClient('GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(r.reply).toMatch(/^HTTP\/1\.1 408/);
    // Cut by the 400 ms header timeout (checked every second), far before Node's own checks would;
    // the bound is generous for a busy machine.
    expect(r.ms).toBeLessThan(10_000);
  });

  it('a client that trickles its body is cut with 408 after the request timeout, and others are served meanwhile', async () => {
    const slow = slowClient(
      `POST ${creationPath(17)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n`,
    );
    let cut = false;
    void slow.then(() => (cut = true));
    expect((await fetch(`${sb.url}/health`)).status).toBe(200);
    expect(cut, 'the other client was served while the slow one was still connected').toBe(false);
    const r = await slow;
    expect(r.reply).toMatch(/^HTTP\/1\.1 408/);
    expect(r.ms).toBeLessThan(10_000);
  });
});
