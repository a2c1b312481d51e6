import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { MerchantActivity } from '../merchant-activity.js';

/** A route the listener dispatches itself: exact method and path, and the handler chain Express also mounts for it. */
export interface DirectRoute {
  method: string;
  path: string;
  handler: RequestHandler;
}

/**
 * The HTTP server's request listener: the payment-creation POSTs (the merchant API's hot path) go
 * straight to their handler chain, everything else to Express.
 *
 * Why: a creation spends a measurable share of its CPU in Express's router and in the prototypes
 * Express gives a request and response (bench/creation.ts measures it against bare Express). The
 * chain called here is the very one Express mounts for that path (app.ts): request log, body
 * reader, fault injection, handler; an error goes to the app's one error middleware. Only an exact
 * method and path match is taken; any other spelling Express accepts (case, trailing slash) reaches
 * the same chain through the router. The chain therefore uses only what Node's request and response
 * have, plus the fields set here.
 *
 * Each creation taken here is reported to `activity`: a backlog of notification deliveries gives way
 * to merchants making payments (merchant-activity.ts).
 */
export function requestListener(
  app: Express,
  routes: readonly DirectRoute[],
  onError: ErrorRequestHandler,
  activity: Pick<MerchantActivity, 'arrived'>,
): RequestListener {
  const byRoute = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.handler]));
  return (rawReq: IncomingMessage, rawRes: ServerResponse) => {
    const url = rawReq.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const handler = byRoute.get(`${rawReq.method} ${path}`);
    if (!handler) return void app(rawReq, rawRes);
    activity.arrived();
    const req = rawReq as Request;
    const res = rawRes as unknown as Response;
    // What Express's router would set and the chain reads.
    req.res = res;
    res.req = req;
    res.locals = Object.create(null) as Response['locals'];
    req.originalUrl = url;
    req.baseUrl = '';
    req.params = {};
    (req as { path: string }).path = path;
    // What Express's final handler does once the error middleware passed an error on (the answer had started).
    const finish = (err?: unknown) => {
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
