import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseFormBody } from '../../server/http/form-body.js';
import { paymentFields } from '../helpers/payments.js';

// Busboy made unusable here: these bodies must be read by the fast path alone. Undoing the fast path
// (or narrowing it below what real clients send) makes these tests fail with busboy's error.
vi.mock('busboy', () => ({
  default: () => {
    throw new Error('busboy was asked');
  },
}));

const run = promisify(execFile);

/** A creation form as integrations fill it: JSON with quotes and accents, a repeated name, CR LF text. */
const form = (): [string, string][] => [
  ...Object.entries(paymentFields(17, { description: 'Pedido #42 — café & "té"\r\nsegunda línea' })),
  ['channel', '5'],
];
const expected = (pairs: [string, string][]) => {
  const fields: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [k, v] of pairs) {
    if (k in fields) repeated.push(k);
    else fields[k] = v;
  }
  return { encoding: 'multipart', fields, repeated };
};

/** What a client put on the wire: a local server keeps the last body and Content-Type it received. */
let last: { raw: Buffer; contentType: string } | null = null;
const server = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    last = { raw: Buffer.concat(chunks), contentType: req.headers['content-type'] ?? '' };
    res.end('ok');
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const readBack = async () => {
  if (last === null) throw new Error('the client sent nothing');
  const { raw, contentType } = last;
  last = null;
  const { encoding, fields, repeated } = await parseFormBody({ headers: { 'content-type': contentType }, rawBody: raw });
  return { encoding, fields, repeated };
};

describe('multipart bodies of real clients take the fast path (busboy unavailable)', () => {
  it('fetch / undici FormData', async () => {
    const pairs = form();
    const fd = new FormData();
    for (const [k, v] of pairs) fd.append(k, v);
    await fetch(url, { method: 'POST', body: fd });
    // FormData normalizes line breaks in string values to CR LF, which they already are.
    expect(await readBack()).toEqual(expected(pairs));
  });

  // PHP's curl extension builds CURLOPT_POSTFIELDS arrays with libcurl's mime API, the code behind
  // curl -F, so this body is also the PHP integration's.
  it('curl --form-string (libcurl, as PHP curl)', async () => {
    const pairs = form();
    await run('curl', ['-sS', ...pairs.flatMap(([k, v]) => ['--form-string', `${k}=${v}`]), url]);
    expect(await readBack()).toEqual(expected(pairs));
  });

  it('Python requests files=(None, value)', async () => {
    const pairs = form();
    const script = 'import json, sys, requests\nrequests.post(sys.argv[1], files=[(k, (None, v)) for k, v in json.loads(sys.argv[2])])';
    await run('python3', ['-c', script, url, JSON.stringify(pairs)]);
    expect(await readBack()).toEqual(expected(pairs));
  });

  it('sends a body with a file part to busboy', async () => {
    const fd = new FormData();
    fd.append('amount', '100');
    fd.append('receipt', new Blob(['file content']), 'receipt.txt');
    await fetch(url, { method: 'POST', body: fd });
    await expect(readBack()).rejects.toThrow('multipart body cannot be read: busboy was asked');
  });
});
