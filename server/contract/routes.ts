import type { RouteSpec } from './route.js';
import { accessRoutes } from './access.js';
import { bundleRoutes } from './bundle.js';
import { checkoutRoutes } from './checkout.js';
import { clockRoutes } from './clock.js';
import { faultRoutes } from './faults.js';
import { scenarioRoutes } from './scenarios.js';
import { merchantRoutes } from './merchants.js';
import { notificationRoutes } from './notifications.js';
import { operationRoutes } from './operations.js';
import { paymentRoutes } from './payments.js';
import { payoutRoutes } from './payouts.js';
import { liveRoutes } from './live.js';
import { requestRoutes } from './requests.js';
import { settingsRoutes } from './settings.js';
import { speiRoutes } from './spei.js';

/**
 * Every described route of the sandbox. Each feature keeps its routes in its own contract file
 * and adds one line here; the OpenAPI document and the console's typed client read this list.
 */
export const allRouteGroups: Record<string, Record<string, RouteSpec>> = {
  merchants: merchantRoutes,
  requests: requestRoutes,
  clock: clockRoutes,
  operations: operationRoutes,
  payments: paymentRoutes,
  notifications: notificationRoutes,
  payouts: payoutRoutes,
  live: liveRoutes,
  settings: settingsRoutes,
  spei: speiRoutes,
  faults: faultRoutes,
  bundle: bundleRoutes,
  scenarios: scenarioRoutes,
  checkout: checkoutRoutes,
  access: accessRoutes,
};

export const allRoutes = (): RouteSpec[] => Object.values(allRouteGroups).flatMap((g) => Object.values(g));
