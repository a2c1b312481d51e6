import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import { ServerResponse, type IncomingMessage, type RequestListener } from 'node:http';
import type { MerchantActivity } from '../merchant-activity.js';

/** One route the front answers itself: exact method and path, and the chained handler Express also mounts. */
export interface FrontRoute {
  method: 'POST';
  path: string;
  handler: RequestHandler;
}

/**
 * The response class of the sandbox's HTTP server (sandbox.ts passes it to `createServer`). It adds
 * nothing; its own prototype is where the request log captures what a creation answers
 * (request-log.ts), so Node's `ServerResponse.prototype` is never patched.
 */
export class FrontResponse extends ServerResponse {}

/**
 * The HTTP server's request listener: the merchant API's creation POSTs go straight to their
 * handler chain, everything else to Express.
 *
 * Why: a creation spent ~6 % of its CPU in Express's router (per-layer path matching, the route's
 * own method dispatch, `next` bookkeeping, a final handler built per request) before reaching the
 * one chained layer that answers it (profile of issue 22). The front calls the SAME chain Express
 * mounts for that path (app.ts): same request log, body reader, fault injection, handler and error
 * middleware (the app's only error handler, so an error reaches the same code either way). Only an
 * exact path match is taken here; any other spelling Express accepts (other case, trailing slash)
 * still reaches the same chain through the router, so both ways answer alike.
 *
 * The request and response keep Node's own classes on the way to the answer: Express gives them its
 * prototypes (`Object.setPrototypeOf`), and on objects Node's HTTP code had already seen that made
 * the rest of their way through it markedly slower (a creation's CPU: 272 µs with it, 183 without,
 * issue 22). So the chain of a creation uses only what Node's classes have plus the fields set
 * here (path, originalUrl, locals…): no `res.json`, `req.get`, `req.query`. Only the error answer
 * gets Express's prototypes, just before the error middleware runs. test/http/front.test.ts checks
 * that a creation is answered on Node's prototypes.
 *
 * Each creation it takes is reported to `activity`: a backlog of notification deliveries gives way
 * to merchants making payments (merchant-activity.ts).
 */
export function leanFront(
  app: Express,
  routes: readonly FrontRoute[],
  onError: ErrorRequestHandler,
  activity: Pick<MerchantActivity, 'arrived'>,
): RequestListener {
  const byPath = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.handler]));
  return (rawReq: IncomingMessage, rawRes: ServerResponse) => {
    const url = rawReq.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const handler = byPath.get(`${rawReq.method} ${path}`);
    // A server made without FrontResponse gets no lean path: Express routes it to the same chain.
    if (!handler || !(rawRes instanceof FrontResponse)) return void app(rawReq, rawRes);
    activity.arrived();
    const req = rawReq as Request;
    const res = rawRes as unknown as Response;
    // What app.handle and the router set: circular references, locals, originalUrl, baseUrl, params;
    // and the path, which Express's request prototype would compute.
    req.res = res;
    res.req = req;
    res.locals = Object.create(null) as Response['locals'];
    req.originalUrl = url;
    req.baseUrl = '';
    req.params = {};
    (req as { path: string }).path = path;
    const finish = (err?: unknown) => {
      // What Express's final handler does once the error middleware passed an error on (headers already sent).
      if (err !== undefined && err !== null) req.socket.destroy();
    };
    handler(req, res, (err?: unknown) => {
      if (err === undefined || err === null || err === 'route' || err === 'router') {
        // Every creation handler answers or fails; falling off the end means a bug, answered as one.
        err = new Error(`${req.method} ${req.path}: the handler chain ended without an answer`);
      }
      // The error middleware answers with Express's helpers (res.status().json()).
      Object.setPrototypeOf(req, app.request);
      Object.setPrototypeOf(res, app.response);
      try {
        onError(err, req, res, finish);
      } catch (e) {
        finish(e);
      }
    });
  };
}
