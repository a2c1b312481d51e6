import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_IDS, isRecord } from '../../server/contract/common.js';
import { creationPath, paymentFields } from '../helpers/payments.js';
import { creationSignature, startSandbox } from '../helpers/sandbox.js';
import { operationCount, postRaw } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const text = fc.string({ maxLength: 40, unit: 'binary' });
const notHttps = text.filter((s) => !s.startsWith('https://'));
const notNumber = text.filter((s) => !/^\s*-?\d+(\.\d+)?\s*$/.test(s));
const notChannel = text.filter((s) => !(CHANNEL_IDS as readonly number[]).includes(Number(s.trim())) || s.trim() === '');

/** Each mutation certainly makes a request invalid; signatures are recomputed unless `keepSignature`. */
type Mutation = (f: Record<string, string>) => void;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .constantFrom('public_key', 'time', 'channel', 'amount', 'currency', 'trans_id', 'url_ok', 'url_error', 'signature')
    .map((k) => (f: Record<string, string>) => void delete f[k]),
  notNumber.map((v) => (f: Record<string, string>) => void (f.amount = v)),
  notChannel.map((v) => (f: Record<string, string>) => void (f.channel = v)),
  text.filter((s) => !/^[A-Z]{3}$/.test(s)).map((v) => (f: Record<string, string>) => void (f.currency = v)),
  notHttps.map((v) => (f: Record<string, string>) => void (f.url_ok = v)),
  text.filter((s) => !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/.test(s)).map((v) => (f: Record<string, string>) => void (f.time = v)),
  fc
    .oneof(text, fc.json())
    .filter((s) => {
      try {
        const v: unknown = JSON.parse(s);
        return typeof v !== 'object' || v === null || Array.isArray(v) || !('email' in v);
      } catch {
        return true;
      }
    })
    .map((v) => (f: Record<string, string>) => void (f.shopper_information = v)),
  text
    .filter((s) => !s.includes('@'))
    .map((v) => (f: Record<string, string>) => {
      // An earlier mutation may have broken shopper_information already; it stays invalid then.
      let s: unknown;
      try {
        s = JSON.parse(f.shopper_information ?? '');
      } catch {
        return;
      }
      if (isRecord(s)) f.shopper_information = JSON.stringify({ ...s, email: v });
    }),
  fc.string({ maxLength: 300 }).map((v) => (f: Record<string, string>) => void (f.trans_id = 'SBX-CREATION-ERROR' + v)),
);

const request = fc.record({
  channel: fc.constantFrom(...CHANNEL_IDS),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  keepSignature: fc.boolean(),
  encoding: fc.constantFrom('form', 'multipart', 'json'),
});

async function send(fields: Record<string, string>, channel: number, encoding: string) {
  if (encoding === 'json') return postRaw(sb.url, JSON.stringify(fields), 'application/json', creationPath(channel));
  if (encoding === 'form')
    return postRaw(sb.url, new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded', creationPath(channel));
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const res = await fetch(sb.url + creationPath(channel), { method: 'POST', body: fd });
  const body = await res.text();
  return { status: res.status, text: body, json: JSON.parse(body) as unknown };
}

const shape = (r: { status: number; json: unknown; text: string }) => {
  expect(r.status, r.text).toBeGreaterThanOrEqual(400);
  expect(r.status, r.text).toBeLessThan(500);
  expect(r.json).toMatchObject({ error: { code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) } });
};

describe('malformed creation requests (property)', () => {
  it('never answer 5xx, always answer the error shape and store nothing', async () => {
    const before = await operationCount(sb.url);
    await fc.assert(
      fc.asyncProperty(request, async ({ channel, mutations, keepSignature, encoding }) => {
        const fields = paymentFields(channel);
        for (const m of mutations) m(fields);
        if (!keepSignature) fields.signature = creationSignature(fields);
        shape(await send(fields, channel, encoding));
      }),
      { seed: 20240531, numRuns: 150 },
    );
    expect(await operationCount(sb.url)).toBe(before);
  });

  it('random raw bodies with any content type never answer 5xx and store nothing', async () => {
    const before = await operationCount(sb.url);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(
          'application/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=b',
          'text/plain',
          'application/xml',
        ),
        fc.constantFrom(5, 17, 36),
        async (bytes, type, channel) => {
          const res = await fetch(sb.url + creationPath(channel), { method: 'POST', headers: { 'content-type': type }, body: bytes });
          const body = await res.text();
          shape({ status: res.status, text: body, json: JSON.parse(body) as unknown });
        },
      ),
      { seed: 424242, numRuns: 100 },
    );
    expect(await operationCount(sb.url)).toBe(before);
  });
});
