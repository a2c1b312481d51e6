import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { MerchantActivity } from '../merchant-activity.js';

/** One route the front answers itself: exact method and path, and the chained handler Express also mounts. */
export interface FrontRoute {
  method: 'POST';
  path: string;
  handler: RequestHandler;
}

/**
 * The HTTP server's request listener: the merchant API's creation POSTs go straight to their
 * handler chain, everything else to Express.
 *
 * Why: a creation spent ~6 % of its CPU in Express's router (per-layer path matching, the route's
 * own method dispatch, `next` bookkeeping, a final handler built per request) before reaching the
 * one chained layer that answers it (profile of issue 22). The front does what `app.handle` does
 * before routing (the request/response prototypes, so `res.json`, `req.path`… behave as in any
 * route) and calls the SAME chain Express mounts for that path (app.ts): same request log, body
 * reader, fault injection, handler and error middleware (the app's only error handler, so an error
 * reaches the same code either way). Only an exact path match is taken here;
 * any other spelling Express accepts (other case, trailing slash) still reaches the same chain
 * through the router, so both ways answer alike.
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
    const handler = byPath.get(`${rawReq.method} ${q < 0 ? url : url.slice(0, q)}`);
    if (!handler) return void app(rawReq, rawRes);
    activity.arrived();
    // As app.handle: circular references, Express's prototypes, locals; as the router: originalUrl, baseUrl, params.
    const req = Object.setPrototypeOf(rawReq, app.request) as Request;
    const res = Object.setPrototypeOf(rawRes, app.response) as Response;
    req.res = res;
    res.req = req;
    res.locals = Object.create(null) as Response['locals'];
    req.originalUrl = url;
    req.baseUrl = '';
    req.params = {};
    const finish = (err?: unknown) => {
      // What Express's final handler does once the error middleware passed an error on (headers already sent).
      if (err !== undefined && err !== null) req.socket.destroy();
    };
    handler(req, res, (err?: unknown) => {
      if (err === undefined || err === null || err === 'route' || err === 'router') {
        // Every creation handler answers or fails; falling off the end means a bug, answered as one.
        err = new Error(`${req.method} ${req.path}: the handler chain ended without an answer`);
      }
      try {
        onError(err, req, res, finish);
      } catch (e) {
        finish(e);
      }
    });
  };
}
