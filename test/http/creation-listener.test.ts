// The server's listener dispatches creation POSTs itself, through the very chain Express mounts for
// that path, and that chain holds every middleware the app mounts before its routers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/http/app.js';
import { paymentRoutes } from '../../server/contract/payments.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { control, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
/** What the test reads of Express 5's router stack (not in its public types). */
interface StackLayer {
  name: string;
  handle: RequestHandler & { handlers?: readonly RequestHandler[] };
  route?: { stack: { handle: RequestHandler & { handlers?: readonly RequestHandler[] } }[] };
  match(path: string): boolean;
}

let sb: Sb;
let server: Server;
let base = '';
let routed: string[] = [];
/** Calls of Express's `res.send` (which `res.json` and `res.type().send()` end in). */
let sends = 0;
let stack: StackLayer[] = [];

beforeAll(async () => {
  sb = await startSandbox();
  // A second listener on the same sandbox whose Express app records what reaches its router.
  const { app, listener } = createApp(sb.ctx, sb.reset);
  const routing = app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, cb?: unknown) => void };
  const handle = routing.handle.bind(app);
  routing.handle = (req, res, cb) => {
    routed.push(`${req.method} ${req.url}`);
    handle(req, res, cb);
  };
  const response = app.response as unknown as { send: (...a: unknown[]) => unknown };
  const send = response.send;
  response.send = function (this: unknown, ...a: unknown[]) {
    sends++;
    return send.apply(this, a);
  };
  stack = (app.router as unknown as { stack: StackLayer[] }).stack;
  server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await sb.stop();
});

describe('the creation routes, dispatched by the listener', () => {
  it('answers a creation POST without Express routing it, logged like any other call', async () => {
    routed = [];
    const r = await postPayment(base, paymentFields(17), 'form', '/payments/check-out/SecurePayment.php?x=1');
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/^http/);
    expect(routed).toEqual([]);
    sb.ctx.store.requests.flush();
    const logged = await control(sb).listRequests({ query: { limit: 5 } });
    const row = logged.items.find((x) => x.path === '/payments/check-out/SecurePayment.php?x=1');
    expect(row?.status).toBe(200);
    expect(row?.note).toMatch(/^operation /);
  });

  it("writes a creation's 200 itself, with the headers Express would send, not through res.send", async () => {
    sends = 0;
    const address = await postPayment(base, paymentFields(17));
    expect(address.status).toBe(200);
    expect(address.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(Number(address.headers.get('content-length'))).toBe(Buffer.byteLength(address.text));
    const direct = await postPayment(base, paymentFields(17, { direct_integration: '1', filter_by: 'instant_qr' }));
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(direct.json.qr_code).toMatch(/^data:image\/png;base64,/);
    // An error answers through the error middleware, which writes its answer the same way.
    const refused = await postPayment(base, paymentFields(17, { amount: 'abc' }));
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(sends).toBe(0);
  });

  it('answers errors through the same error middleware', async () => {
    routed = [];
    const r = await postPayment(base, paymentFields(17, { amount: 'abc' }));
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBeTruthy();
    expect(routed).toEqual([]);
  });

  it('leaves every other spelling and method to Express, which answers alike', async () => {
    routed = [];
    const other = await postPayment(base, paymentFields(17), 'form', '/payments/check-out/securepayment.php/');
    expect(other.status).toBe(200);
    const get = await fetch(base + '/payments/check-out/SecurePayment.php');
    expect(get.status).toBe(405);
    expect(routed).toEqual(['POST /payments/check-out/securepayment.php/', 'GET /payments/check-out/SecurePayment.php']);
  });
});

describe('one middleware list', () => {
  it('the creation chain runs exactly the middlewares the app mounts before its routers, in order', () => {
    for (const route of [paymentRoutes.createPayment.path, paymentRoutes.createPaymentPhp.path]) {
      const firstRouter = stack.findIndex((l) => l.name === 'router');
      const mounted = stack
        .slice(0, firstRouter)
        .filter((l) => !l.route && l.match(route))
        .map((l) => l.handle);
      const chained = stack.find((l) => l.route && l.match(route))?.route?.stack[0]?.handle.handlers;
      expect(mounted.length).toBeGreaterThanOrEqual(3);
      // The chain is the mounted list plus the creation handler itself.
      expect(chained?.slice(0, -1)).toEqual(mounted);
    }
  });
});

describe("a creation on the sandbox's own server keeps Node's classes", () => {
  it("is answered, and refused, with Node's own request and response (Express's prototypes never set), and logged", async () => {
    const { ServerResponse } = await import('node:http');
    const proto = ServerResponse.prototype as unknown as { end: (...a: unknown[]) => unknown };
    const end = proto.end;
    const seen: boolean[] = [];
    proto.end = function (this: object, ...a: unknown[]) {
      seen.push(Object.getPrototypeOf(this) === ServerResponse.prototype);
      return end.apply(this, a);
    };
    try {
      const ok = await postPayment(sb.url, paymentFields(17));
      expect(ok.status).toBe(200);
      const refused = await postPayment(sb.url, { ...paymentFields(17), signature: 'f'.repeat(64) });
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe('INVALID_SIGNATURE');
    } finally {
      proto.end = end;
    }
    expect(seen).toEqual([true, true]);
    sb.ctx.store.requests.flush();
    const [row] = sb.ctx.store.requests.list(1);
    expect(row!.status).toBe(400);
    expect(row!.response_body).toContain('"code":"INVALID_SIGNATURE"');
  });
});
