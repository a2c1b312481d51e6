import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/contract/routes.js';
import { createApp } from '../../server/http/app.js';
import { faultTargetOf } from '../../server/http/faults.js';
import { creationAddresses } from '../../server/http/routes/payments.js';
import { mountedRoutes } from '../helpers/mounted-routes.js';
import { api, control, DEMO, failure, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sb;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb?.stop());

/**
 * Mounted but not described, each for a reason: the health probe is no API, and the OpenAPI
 * document is the description itself; the creation paths under the service prefixes are the
 * described creations spelled as the older integrations post them (contract/calls.ts reads them as
 * the same calls). (The console's files are served only when a console directory is given; this
 * sandbox has none.)
 */
const NOT_DESCRIBED = [
  'GET /health',
  'GET /sandbox/v1/openapi.json',
  ...creationAddresses.filter((a) => a.address.startsWith('/justpay')).map((a) => `POST ${a.address}`),
];

const described = () => allRoutes().map((r) => `${r.method} ${r.path}`);
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('every described route is mounted, and nothing else', () => {
  it('the router answers exactly the described routes (plus the short allow-list)', () => {
    const mounted = mountedRoutes(createApp(sb.ctx, () => {}).app);
    expect(new Set(mounted).size, 'a route is mounted twice').toBe(mounted.length);
    expect(sorted(mounted)).toEqual(sorted([...described(), ...NOT_DESCRIBED]));
  });

  it('no route is described twice', () => {
    expect(new Set(described()).size).toBe(described().length);
  });

  it('the OpenAPI document lists exactly the described routes', async () => {
    const r = await api<{ paths: Record<string, Record<string, unknown>> }>(sb.url, 'GET', '/sandbox/v1/openapi.json');
    expect(r.status).toBe(200);
    const listed = Object.entries(r.body.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(sorted(listed)).toEqual(sorted(described()));
  });

  it('the OpenAPI document gives numeric ids their pattern', async () => {
    const r = await api(sb.url, 'GET', '/sandbox/v1/openapi.json');
    const param = r.body.paths['/sandbox/v1/operations/{id}'].get.parameters[0];
    expect(param).toMatchObject({ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{1,15}$' } });
  });
});

describe('fault rules find their merchant API route through its description', () => {
  it.each([
    ['POST', '/payments/check-out/SecurePayment', 'creation'],
    ['POST', '/payments/check-out/securepayment.php/', 'creation'],
    ['GET', '/payments/check-out/SecurePayment', null],
    ['GET', '/api/operations', 'operations_query'],
    ['POST', '/API/Notify', 'notify'],
    ['POST', '/api/transactions/', 'payouts'],
    ['GET', '/api/transactions', 'payouts'],
    ['GET', '/api/transactions/5', null],
    ['POST', '/api/login', null],
    ['GET', '/sandbox/v1/operations', null],
  ])('%s %s → %s', (method, path, target) => {
    expect(faultTargetOf(method, path)).toBe(target);
  });
});

describe('every route with path params answers 404 for an id that names nothing', () => {
  // Raw: every described route in turn, merchant API and pages included, by its method and path.
  const withParams = allRoutes().filter((r) => r.path.includes(':'));
  /** Bodies that pass validation, so the 404 comes from the id and not from the body. */
  const validBody: Record<string, unknown> = {
    'PATCH /sandbox/v1/faults/:id': { enabled: false },
    'POST /sandbox/v1/payouts/:id/status': { transfer_status: 2 },
  };
  const headers: Record<string, string> = { authorization: `Bearer ${DEMO.payout_token}` };
  const call = async (method: string, path: string, key: string) => {
    const body = validBody[key] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
    const res = await fetch(sb.url + path, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
  };

  it('covers the 25 routes with params', () => {
    expect(withParams).toHaveLength(25);
  });

  it.each(withParams.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (key, spec) => {
    const r = await call(spec.method, spec.path.replace(/:(\w+)/g, 'abc'), key);
    expect([r.status, r.body.error.code], r.body.error.message).toEqual([404, 'NOT_FOUND']);
    expect(r.body.error.message).toMatch(/^(no |notification )/);
    const names = [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    if (spec.params && !spec.params.safeParse(Object.fromEntries(names.map((n) => [n, 'abc']))).success) {
      // numeric ids refused by their schema: the same text as when each route parsed its id by hand
      expect(r.body.error.message).toMatch(/^no (operation|payout|request|check report|replay) abc$/);
    }
  });

  it.each([
    ['getOperation', 'no operation'],
    ['getPayout', 'no payout'],
  ] as const)('%s: a malformed id and a well-formed unknown one say the same', async (name, text) => {
    for (const id of ['abc', '-1', '1234567890123456', '999999']) {
      const e = await failure(control(sb)[name]({ id }));
      expect([e.status, e.code, e.reason]).toEqual([404, 'NOT_FOUND', `${text} ${id}`]);
    }
  });
});
