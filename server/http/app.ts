import express, { type Express } from 'express';
import type { SandboxContext } from '../context.js';
import { consoleRouter } from './console.js';
import { createControlAccess } from './control-access.js';
import { consoleGuard, controlGuard } from './control-guard.js';
import { errorMiddleware, notFound } from './errors.js';
import { faultInjection } from './faults.js';
import { rawBody } from './raw-body.js';
import { requestLog } from './request-log.js';
import { bundleRouter, IMPORT_BODY_LIMIT } from './routes/bundle.js';
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
import { CREATION_PATHS, createPaymentHandler, creationRoute, paymentsRouter } from './routes/payments.js';
import { chain } from './chain.js';
import { testValuesRouter } from './routes/test-values.js';
import { checkoutRouter } from './routes/checkout.js';

/** Assembles the Express app: merchant API, checkout pages, control API, console. */
export function createApp(ctx: SandboxContext, reset: () => void): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  const log = requestLog(ctx);
  const body = rawBody(ctx.config.bodyLimitBytes);
  const faults = faultInjection(ctx);
  // The hot path first, as one layer: a creation does not walk the router's other layers.
  for (const path of CREATION_PATHS) app.post(creationRoute(path), chain([log, body, faults, createPaymentHandler(ctx, path)]));

  app.use(log);
  app.get('/health', (_req, res) => {
    res.json({ ok: true, version: ctx.version });
  });
  // Control API (contract §8): loopback, or the control token on a shared sandbox; same-origin
  // browsers only — checked before any body is read.
  const access = createControlAccess(ctx.config.controlToken);
  app.use('/sandbox/v1', controlGuard({ access, extraOrigins: ctx.config.extraOrigins }));
  app.use('/sandbox/v1/import', rawBody(IMPORT_BODY_LIMIT));
  app.use(body);
  app.use(faults);
  app.use(paymentsRouter());

  app.use(sandboxRouter(ctx, reset));
  app.use(accessRouter(access));
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
  app.use(testValuesRouter());
  app.use('/sandbox', notFound);
  app.use(checkoutRouter(ctx));
  app.use(merchantApiRouter(ctx));
  app.use(payoutApiRouter(ctx));

  // The console: a single-page app at `/` with its assets (its router is hash-based, so no other path is its).
  if (ctx.config.consoleDir) app.use(consoleRouter(ctx.config.consoleDir, consoleGuard(access)));

  app.use(notFound);
  app.use(errorMiddleware(ctx.config.log));
  return app;
}
