import express, { type Express } from 'express';
import type { SandboxContext } from '../context.js';
import { consoleRouter } from './console.js';
import { createControlAccess, namesOthersTo, type ControlAccess } from './control-access.js';
import { consoleGuard, controlGuard } from './control-guard.js';
import { errorMiddleware, notFound } from './errors.js';
import { faultInjection } from './faults.js';
import { rawBody } from './raw-body.js';
import { requestLog } from './request-log.js';
import { bundleRouter, IMPORT_BODY_LIMIT } from './routes/bundle.js';
import { REPLAY_BODY_LIMIT } from '../contract/replays.js';
import { replaysRouter } from './routes/replays.js';
import { clockRouter } from './routes/clock.js';
import { faultsRouter } from './routes/faults.js';
import { scenariosRouter } from './routes/scenarios.js';
import { merchantsRouter } from './routes/merchants.js';
import { notificationsRouter } from './routes/notifications.js';
import { operationsRouter } from './routes/operations.js';
import { payoutApiRouter } from './routes/payout-api.js';
import { payoutsRouter } from './routes/payouts.js';
import { eventsRouter } from './routes/events.js';
import { requestsRouter } from './routes/requests.js';
import { sandboxRouter } from './routes/sandbox.js';
import { accessRouter } from './routes/access.js';
import { speiRouter } from './routes/spei.js';
import { merchantApiRouter } from './routes/merchant-api.js';
import { createPaymentHandler, creationAddresses, paymentsRouter } from './routes/payments.js';
import { servicePrefix } from './service-prefix.js';
import { chain, layersFor, type Layer } from './chain.js';
import { requestListener, type DirectRoute } from './listener.js';
import { answerJson } from './answer.js';
import type { RequestListener } from 'node:http';
import { testValuesRouter } from './routes/test-values.js';
import { checkoutRouter } from './routes/checkout.js';
import { goliveRouter } from './routes/golive.js';

/**
 * The ONE list of middlewares every request walks before its route, in order. Express mounts it
 * whole; the creation routes chain the entries that apply to their path (`layersFor`), so both
 * stay the same list.
 */
function commonLayers(ctx: SandboxContext, access: ControlAccess): Layer[] {
  return [
    { handler: requestLog(ctx) },
    { handler: servicePrefix },
    // Control API: loopback, or the control token on a shared sandbox; same-origin
    // browsers only — checked before any body is read.
    { mount: '/sandbox/v1', handler: controlGuard({ access, extraOrigins: ctx.config.extraOrigins, trustProxy: ctx.config.trustProxy }) },
    { mount: '/sandbox/v1/import', handler: rawBody(IMPORT_BODY_LIMIT) },
    { mount: '/sandbox/v1/replays', handler: rawBody(REPLAY_BODY_LIMIT) },
    { handler: rawBody(ctx.config.bodyLimitBytes) },
    { handler: faultInjection(ctx) },
  ];
}

/** The HTTP side of the sandbox: the Express app, and the server's listener (creations first, then the app). */
export interface HttpApp {
  app: Express;
  listener: RequestListener;
}

/** Assembles the Express app: merchant API, checkout pages, control API, console. */
export function createApp(ctx: SandboxContext, reset: () => void): HttpApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  // Polled by launchers and cold-start checks: answered before the list (never logged, reads no body).
  app.get('/health', (_req, res) => {
    answerJson(res, 200, { ok: true, version: ctx.version });
  });
  const access = createControlAccess(ctx.config.controlToken, ctx.clock.realNow);
  const layers = commonLayers(ctx, access);
  const namesOthers = namesOthersTo(access, ctx.config.trustProxy);
  // The creation routes, each as one chain of the layers that apply to it: Express mounts it, and
  // the server's listener (listener.ts) calls it directly for an exact match.
  const creations: DirectRoute[] = creationAddresses.map(({ address, path }) => ({
    method: 'POST',
    path: address,
    handler: chain([...layersFor(address, layers), createPaymentHandler(ctx, path, namesOthers)]),
  }));
  for (const r of creations) app.post(r.path, r.handler);

  for (const l of layers) {
    if (l.mount) app.use(l.mount, l.handler);
    else app.use(l.handler);
  }
  app.use(paymentsRouter());

  app.use(sandboxRouter(ctx, reset));
  app.use(accessRouter(access, ctx.config.trustProxy));
  app.use(merchantsRouter(ctx));
  app.use(requestsRouter(ctx));
  app.use(clockRouter(ctx));
  app.use(operationsRouter(ctx));
  app.use(notificationsRouter(ctx));
  app.use(payoutsRouter(ctx));
  app.use(speiRouter(ctx));
  app.use(eventsRouter(ctx));
  app.use(faultsRouter(ctx));
  app.use(bundleRouter(ctx));
  app.use(scenariosRouter(ctx));
  app.use(goliveRouter(ctx));
  app.use(replaysRouter(ctx));
  app.use(testValuesRouter());
  app.use('/sandbox', notFound);
  app.use(checkoutRouter(ctx));
  app.use(merchantApiRouter(ctx));
  app.use(payoutApiRouter(ctx, namesOthers));

  // The console: a single-page app at `/` with its assets (its router is hash-based, so no other path is its).
  if (ctx.config.consoleDir) app.use(consoleRouter(ctx.config.consoleDir, consoleGuard(access, ctx.config.trustProxy)));

  app.use(notFound);
  const onError = errorMiddleware(ctx.config.log);
  app.use(onError);
  return { app, listener: requestListener(app, creations, onError, ctx.merchantActivity) };
}
