import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/contract/routes.js';
import { createPayment } from '../helpers/payments.js';
import { control, DEMO, startSandbox } from '../helpers/sandbox.js';
import {
  caseCounter,
  CONTENT_TYPES,
  expectDocumented,
  fillPath,
  fingerprint,
  paramValue,
  queryOf,
  rawBody,
  schemaKeys,
  send,
  type FuzzRequest,
  type Running,
} from './support.js';

/** Base seed; route i runs with seed BASE_SEED + i (README "Reliability"). */
export const BASE_SEED = 10_010;
const RUNS = 100;

// The live event stream never ends by design; it has its own tests (test/http/events.test.ts).
const routes = allRoutes().filter((r) => r.path.startsWith('/sandbox/v1/') && r.path !== '/sandbox/v1/events');

let sb: Running;
const counter = caseCounter();

beforeAll(async () => {
  sb = await startSandbox();
  // Some real rows so that fuzzed ids also hit existing operations, payouts and notifications.
  for (const ch of [17, 41, 36, 38]) await createPayment(sb.url, ch);
  await fetch(`${sb.url}/api/transactions/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO.payout_token}`, 'content-type': 'application/json' },
    body: JSON.stringify([
      {
        order_id: 'o1',
        credit_note: 'cn-fuzz-1',
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
      },
    ]),
  });
});
afterAll(async () => {
  counter.report('control API fuzz');
  await sb.stop();
});

function requestFor(route: (typeof routes)[number]): fc.Arbitrary<FuzzRequest> {
  const bodyKeys = schemaKeys(route.body);
  return fc
    .record({
      param: paramValue,
      query: route.query ? queryOf(schemaKeys(route.query)) : fc.constant(''),
      type: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined, freq: 5 }),
      body: route.body ? rawBody(bodyKeys) : fc.option(rawBody([]), { nil: undefined }),
    })
    .map(({ param, query, type, body }): FuzzRequest => ({
      method: route.method,
      path: fillPath(route.path, param) + (query ? `?${query}` : ''),
      headers: type === undefined ? {} : { 'content-type': String(type) },
      body,
    }));
}

describe('fuzzed control API requests', () => {
  it.each(routes.map((r, i) => [`${r.method} ${r.path}`, r, i] as const))(
    '%s answers the error shape or a success, never a 5xx, and a rejection changes nothing',
    async (name, route, i) => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (req) => {
          counter.hit(name);
          const before = fingerprint(sb);
          const r = await send(sb.url, req);
          expectDocumented(r, `${req.method} ${req.path.slice(0, 200)}`);
          if (r.status >= 400)
            expect(fingerprint(sb), `${req.method} ${req.path.slice(0, 200)} rejected ${r.status} but changed the store`).toBe(before);
          // An accepted fault rule would make later answers fail on purpose; drop it at once.
          else if (req.path.startsWith('/sandbox/v1/faults')) await control(sb).clearFaults();
        }),
        { seed: BASE_SEED + i, numRuns: RUNS },
      );
      const health = await fetch(`${sb.url}/health`);
      expect(health.status).toBe(200);
    },
    30_000,
  );
});
