import type { RouteSpec } from './route.js';
import { accessRoutes } from './access.js';
import { bundleRoutes } from './bundle.js';
import { checkRoutes } from './checks.js';
import { checkoutRoutes } from './checkout.js';
import { clockRoutes } from './clock.js';
import { diagnosisRoutes } from './diagnosis.js';
import { faultRoutes } from './faults.js';
import { scenarioRoutes } from './scenarios.js';
import { merchantRoutes } from './merchants.js';
import { migrationRoutes } from './migration.js';
import { notificationRoutes } from './notifications.js';
import { operationRoutes } from './operations.js';
import { paymentRoutes } from './payments.js';
import { payoutApiRoutes } from './payout-api.js';
import { payoutRoutes } from './payouts.js';
import { liveRoutes } from './live.js';
import { replayRoutes } from './replays.js';
import { requestRoutes } from './requests.js';
import { settingsRoutes } from './settings.js';
import { speiRoutes } from './spei.js';

/**
 * Every described route of the sandbox. Each feature keeps its routes in its own contract file
 * and adds one line here; the OpenAPI document and the console's typed client read this list.
 * Not widened to `Record<string, RouteSpec>`: the testkit's typed control client reads each route's exact types.
 */
export const allRouteGroups = {
  merchants: merchantRoutes,
  migration: migrationRoutes,
  requests: requestRoutes,
  clock: clockRoutes,
  operations: operationRoutes,
  payments: paymentRoutes,
  notifications: notificationRoutes,
  payouts: payoutRoutes,
  payoutApi: payoutApiRoutes,
  live: liveRoutes,
  settings: settingsRoutes,
  spei: speiRoutes,
  faults: faultRoutes,
  bundle: bundleRoutes,
  scenarios: scenarioRoutes,
  checkout: checkoutRoutes,
  access: accessRoutes,
  diagnosis: diagnosisRoutes,
  checks: checkRoutes,
  replays: replayRoutes,
};

export const allRoutes = (): RouteSpec[] =>
  Object.values(allRouteGroups satisfies Record<string, Record<string, RouteSpec>>).flatMap((g) => Object.values(g));
