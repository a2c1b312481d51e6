import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_IDS } from '../../server/contract/common.js';
import { PayoutItemSchema } from '../../server/contract/payouts.js';
import { createPayment, creationPath, paymentFields } from '../helpers/payments.js';
import { creationSignature, DEMO, startSandbox } from '../helpers/sandbox.js';
import {
  anyJson,
  anyString,
  caseCounter,
  CONTENT_TYPES,
  expectDocumented,
  fingerprint,
  nastyString,
  objectOf,
  queryOf,
  rawBody,
  schemaKeys,
  send,
  type FuzzRequest,
  type Running,
} from './support.js';

/** Seeds of this file (README "Reliability"). */
export const SEEDS = {
  creation: 20_101,
  query: 20_102,
  notify: 20_103,
  payouts: 20_104,
  page: 20_105,
  action: 20_106,
  status: 20_107,
  jsonForm: 20_108,
  login: 20_109,
  payoutQuery: 20_110,
};
const RUNS = 100;

let sb: Running;
const tokens: string[] = [];
const counter = caseCounter();

beforeAll(async () => {
  sb = await startSandbox();
  for (const ch of [5, 17, 22, 36, 38, 41]) tokens.push((await createPayment(sb.url, ch)).token!);
});
afterAll(async () => {
  counter.report('merchant API and checkout fuzz');
  await sb.stop();
});

/** Checks one request: documented answer, and a rejected one leaves the store as it was. */
async function check(name: string, req: FuzzRequest, opts: { htmlErrors?: boolean } = {}): Promise<void> {
  counter.hit(name);
  const before = fingerprint(sb);
  const r = await send(sb.url, req);
  const what = `${req.method} ${req.path.slice(0, 120)} ${req.body?.subarray(0, 200).toString('utf8') ?? ''}`;
  expectDocumented(r, what, opts);
  if (r.status >= 400) expect(fingerprint(sb), `${what} rejected ${r.status} but changed the store`).toBe(before);
}

// ---- creation: duplicated fields, invalid UTF-8, huge values, odd encodings -----------------------

type Pairs = [string, string | Buffer][];

/** Mutations on a valid signed request (the drops and wrong types are in test/payments/property.test.ts). */
const creationMutation: fc.Arbitrary<(p: Pairs) => void> = fc.oneof(
  fc.nat().map((i) => (p: Pairs) => void p.push(p[i % p.length]!)),
  fc.tuple(fc.nat(), anyString).map(
    ([i, v]) =>
      (p: Pairs) =>
        void p.push([p[i % p.length]![0], v]),
  ),
  fc.tuple(fc.nat(), nastyString).map(
    ([i, v]) =>
      (p: Pairs) =>
        void (p[i % p.length]![1] = v),
  ),
  fc.nat().map((i) => (p: Pairs) => void (p[i % p.length]![1] = Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]))),
  fc.nat().map((i) => (p: Pairs) => void p.splice(i % p.length, 1)),
  fc.tuple(anyString, anyString).map(
    ([k, v]) =>
      (p: Pairs) =>
        void p.push([k, v]),
  ),
);

function encode(pairs: Pairs, encoding: string): { body: Buffer; type: string } {
  if (encoding === 'multipart') {
    const b = 'fuzzBoundary7MA4YWxkTrZu0gW';
    const parts = pairs.map(([k, v]) =>
      Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n`),
        Buffer.from(v),
        Buffer.from('\r\n'),
      ]),
    );
    return { body: Buffer.concat([...parts, Buffer.from(`--${b}--\r\n`)]), type: `multipart/form-data; boundary=${b}` };
  }
  if (encoding === 'json') {
    // Duplicated keys stay duplicated in the text (the reader flags them, as a form's).
    const text = '{' + pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v.toString())}`).join(',') + '}';
    return { body: Buffer.from(text), type: 'application/json' };
  }
  // Buffers go as raw bytes, so invalid UTF-8 reaches the parser undecoded.
  const body = Buffer.concat(
    pairs.flatMap(([k, v], i) => [
      Buffer.from((i ? '&' : '') + encodeURIComponent(k) + '='),
      typeof v === 'string' ? Buffer.from(encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '?'))) : v,
    ]),
  );
  return {
    body,
    type:
      encoding === 'form-latin1'
        ? 'application/x-www-form-urlencoded; charset=iso-8859-1'
        : 'application/x-www-form-urlencoded; charset=utf-8',
  };
}

describe('fuzzed merchant API and checkout requests', () => {
  it('duplicate fields, invalid UTF-8, huge values or odd encodings in a creation: never a 5xx; a rejection stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CHANNEL_IDS),
        fc.array(creationMutation, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom('form', 'multipart', 'json', 'form-latin1'),
        fc.boolean(),
        async (channel, mutations, resign, encoding, otherPath) => {
          const fields = paymentFields(channel);
          const pairs: Pairs = Object.entries(fields);
          for (const m of mutations) m(pairs);
          if (resign) {
            const flat = Object.fromEntries(pairs.filter(([k]) => k !== 'signature').map(([k, v]) => [k, v.toString()]));
            pairs.push(['signature', creationSignature(flat)]);
          }
          const { body, type } = encode(pairs, encoding);
          const path = otherPath ? creationPath(channel === 17 ? 5 : 17) : creationPath(channel);
          await check('POST creation', { method: 'POST', path, headers: { 'content-type': type }, body });
        },
      ),
      { seed: SEEDS.creation, numRuns: 3 * RUNS },
    );
  }, 60_000);

  /** Amounts and times as integrations send them: decimals of any length, ISO layouts, junk. */
  const amountText = fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: 200_000 }), fc.stringMatching(/^\d{0,5}$/)).map(([i, d]) => (d ? `${i}.${d}` : String(i))),
    fc.constantFrom('50000.0000', '10.005', '1e3', '-5', '0.00', 'abc', ''),
  );
  const timeText = fc.oneof(
    fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
      .chain((d) =>
        fc.constantFrom(
          d.toISOString(),
          d.toISOString().slice(0, 19),
          d.toISOString().slice(0, 19).replace('T', ' '),
          d.toISOString().replace('Z', '+05:30'),
          d.toISOString().slice(0, 10),
        ),
      ),
    fc.constantFrom('yesterday', '2026-02-30 10:00:00', '20261123T210043Z'),
  );

  it('a JSON body (numbers bare, shopper as an object) answers the same status and code as the same fields as a form', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CHANNEL_IDS),
        amountText,
        timeText,
        fc.boolean(),
        async (channel, amount, time, numericExpiry) => {
          const fields = paymentFields(channel, { amount, time });
          const bare = (k: string, v: string) =>
            (k === 'amount' || k === 'channel' || (numericExpiry && k === 'time_expired')) &&
            /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(v);
          const json =
            '{' +
            Object.entries(fields)
              .map(([k, v]) => `${JSON.stringify(k)}:${k === 'shopper_information' || bare(k, v) ? v : JSON.stringify(v)}`)
              .join(',') +
            '}';
          const post = (body: string, type: string) =>
            fetch(sb.url + creationPath(channel), { method: 'POST', headers: { 'content-type': type }, body });
          const [f, j] = [
            await post(new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded'),
            await post(json, 'application/json'),
          ];
          const codeOf = async (r: Response) => (r.status === 200 ? 'OK' : ((await r.json()) as { error: { code: string } }).error.code);
          expect({ status: j.status, code: await codeOf(j) }, `${amount} ${time}`).toEqual({ status: f.status, code: await codeOf(f) });
        },
      ),
      { seed: SEEDS.jsonForm, numRuns: RUNS },
    );
  }, 60_000);

  it('the operation query answers fuzzed query strings with the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(queryOf(['public_key', 'time', 'mid_id', 'trans_id', 'signature']), async (q) => {
        await check('GET /api/operations', { method: 'GET', path: `/api/operations?${q}`, headers: {} });
      }),
      { seed: SEEDS.query, numRuns: RUNS },
    );
  });

  it('manual notify answers fuzzed bodies with the error shape and confirms nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .array(fc.tuple(fc.constantFrom('public_key', 'trans_id', 'signature', 'x'), anyString), { maxLength: 5 })
            .map((p) => encode(p, 'form')),
          fc
            .array(fc.tuple(fc.constantFrom('public_key', 'trans_id', 'signature'), anyString), { maxLength: 5 })
            .map((p) => encode(p, 'multipart')),
          fc
            .tuple(rawBody(['public_key', 'trans_id', 'signature']), fc.constantFrom(...CONTENT_TYPES))
            .map(([body, type]) => ({ body, type })),
        ),
        async ({ body, type }) => {
          await check('POST /api/notify', { method: 'POST', path: '/api/notify', headers: type ? { 'content-type': type } : {}, body });
        },
      ),
      { seed: SEEDS.notify, numRuns: RUNS },
    );
  });

  it('payout creation answers fuzzed batches and tokens with the error shape', async () => {
    const keys = schemaKeys(PayoutItemSchema);
    expect(keys).toContain('credit_note');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(objectOf(keys), { maxLength: 3 }).map((items) => Buffer.from(JSON.stringify(items))),
          anyJson.map((v) => Buffer.from(JSON.stringify(v) ?? '')),
          rawBody(keys),
        ),
        fc.constantFrom(
          `Bearer ${DEMO.payout_token}`,
          `bearer ${DEMO.payout_token}`,
          'Bearer wrong',
          `Basic ${DEMO.payout_token}`,
          DEMO.payout_token,
          '',
          'Bearer ' + 'x'.repeat(5000),
        ),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
        async (body, auth, type) => {
          await check('POST /api/transactions/', {
            method: 'POST',
            path: '/api/transactions/',
            headers: { 'content-type': type, ...(auth ? { authorization: auth } : {}) },
            body,
          });
        },
      ),
      { seed: SEEDS.payouts, numRuns: RUNS },
    );
  });

  it('payout login answers fuzzed bodies with the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .record({
              username: fc.oneof(anyString, fc.constant('payout_demo')),
              password: fc.oneof(anyString, fc.constant('pw_sandbox_demo')),
            })
            .map((v) => Buffer.from(JSON.stringify(v))),
          anyJson.map((v) => Buffer.from(JSON.stringify(v) ?? '')),
          rawBody(['username', 'password']),
        ),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
        async (body, type) => {
          await check('POST /api/login', { method: 'POST', path: '/api/login', headers: type ? { 'content-type': type } : {}, body });
        },
      ),
      { seed: SEEDS.login, numRuns: RUNS },
    );
  });

  // A cut can split a surrogate pair, which encodeURIComponent refuses; a lone half becomes U+FFFD.
  const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

  it('payout queries answer fuzzed ids, queries and tokens with the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          queryOf(['credit_note', 'order_id', 'limit', 'cursor']).map((q) => `/api/transactions/${q}`),
          anyString.map((id) => `/api/transactions/${encodeURIComponent(wellFormed(id.slice(0, 50)))}`),
        ),
        fc.constantFrom(`Token ${DEMO.payout_token}`, `JWT ${DEMO.payout_token}`, 'Bearer wrong', DEMO.payout_token, ''),
        async (path, auth) => {
          await check('GET /api/transactions/', { method: 'GET', path, headers: auth ? { authorization: auth } : {} });
        },
      ),
      { seed: SEEDS.payoutQuery, numRuns: RUNS },
    );
  });

  const token = fc.oneof(
    fc.constantFrom(...[0, 1, 2, 3, 4, 5].map((i) => () => tokens[i]!)).map((f) => f()),
    anyString.map((s) => s.slice(0, 300)),
  );

  it('checkout pages, bank selection, voucher and status answer fuzzed queries without 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/check-out/', '/check-out/bank-selection/', '/check-out/voucher.pdf', '/check-out/status'),
        token,
        fc.option(anyString, { nil: undefined }),
        fc.option(anyString, { nil: undefined }),
        fc.boolean(),
        async (page, tokenID, channel, m, duplicate) => {
          const q = new URLSearchParams({
            tokenID,
            ...(channel !== undefined ? { channel: channel.slice(0, 100) } : {}),
            ...(m !== undefined ? { m: m.slice(0, 100) } : {}),
          });
          if (duplicate) q.append('tokenID', tokenID);
          await check(
            `GET ${page}`,
            { method: 'GET', path: `${page}?${q.toString().replace(/%EF%BF%BD/g, '%E0%A4%A')}`, headers: {} },
            { htmlErrors: true },
          );
        },
      ),
      { seed: SEEDS.page, numRuns: 2 * RUNS },
    );
  }, 60_000);

  it('checkout actions answer fuzzed forms with a page or a redirect, never 5xx', async () => {
    const actions = [
      'cancel',
      'sandbox_outcome',
      'bank_approve',
      'bank_reject',
      'select_bank',
      'login',
      'choose_account',
      'activation',
      'coordinates',
      'sms',
      'choose_method',
      'change_method',
      'choose_bank',
      'card_pay',
      'pse_select',
      'choose_cash',
      'wallet_login',
      'spei_transfer',
      'select_institution',
      '__proto__',
      'toString',
    ];
    await fc.assert(
      fc.asyncProperty(
        token,
        fc.oneof(fc.constantFrom(...actions), anyString),
        fc.array(
          fc.tuple(
            fc.constantFrom(
              'outcome',
              'bank',
              'rut',
              'password',
              'card_number',
              'exp',
              'cvv',
              'method',
              'code',
              'amount',
              'm',
              'tokenID',
              'action',
            ),
            anyString,
          ),
          { maxLength: 5 },
        ),
        fc.constantFrom('form', 'multipart', 'json'),
        async (tokenID, action, extra, encoding) => {
          const { body, type } = encode([['tokenID', tokenID], ['action', action], ...extra], encoding);
          await check(
            'POST /check-out/actions',
            { method: 'POST', path: '/check-out/actions', headers: { 'content-type': type }, body },
            { htmlErrors: true },
          );
        },
      ),
      { seed: SEEDS.action, numRuns: RUNS },
    );
  }, 60_000);

  it('the server still answers /health after every fuzz case', async () => {
    const r = await fetch(`${sb.url}/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ok: true });
  });
});
