import type { RequestHandler } from 'express';

/**
 * The merchant service's calls are served under its prefixes too (`/justpay/api/operations`,
 * `/justpay.cert/api/login`), as integrations post to the real service's base paths. The request
 * log classified the request (contract/calls.ts) and keeps the path as sent; the routers then see
 * it without the prefix. Creations have their own prefixed routes (app.ts), so nothing else does.
 */
export const servicePrefix: RequestHandler = (req, res, next) => {
  const call = res.locals.call;
  if (call?.prefix && call.kind !== 'creation' && call.kind !== 'control' && call.kind !== 'checkout_page') {
    req.url = req.url.slice(call.prefix.length);
  }
  next();
};
