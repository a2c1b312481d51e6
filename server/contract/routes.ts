import type { RouteSpec } from './route.js';
import { clockRoutes } from './clock.js';
import { merchantRoutes } from './merchants.js';
import { operationRoutes } from './operations.js';
import { requestRoutes } from './requests.js';
import { settingsRoutes } from './settings.js';

/**
 * Every described route of the sandbox. Each feature keeps its routes in its own contract file
 * and adds one line here; the OpenAPI document and the console's typed client read this list.
 */
export const allRouteGroups: Record<string, Record<string, RouteSpec>> = {
  merchants: merchantRoutes,
  requests: requestRoutes,
  clock: clockRoutes,
  operations: operationRoutes,
  settings: settingsRoutes,
};

export const allRoutes = (): RouteSpec[] => Object.values(allRouteGroups).flatMap((g) => Object.values(g));
