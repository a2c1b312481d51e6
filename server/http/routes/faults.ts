import { Router } from 'express';
import { faultRoutes } from '../../contract/faults.js';
import type { SandboxContext } from '../../context.js';
import { addFault, clearFaults, deleteFault, listFaults, patchFault, replaceFaults } from '../../domain/faults.js';
import { mountRoute } from '../route.js';

/** Fault injection rules: GET/PUT/POST/DELETE /sandbox/v1/faults, PATCH/DELETE /sandbox/v1/faults/:id. */
export function faultsRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, faultRoutes.listFaults, () => ({ rules: listFaults(ctx) }));
  mountRoute(r, faultRoutes.replaceFaults, ({ body }) => ({ rules: replaceFaults(ctx, body.rules) }));
  mountRoute(r, faultRoutes.addFault, ({ body }) => addFault(ctx, body));
  mountRoute(r, faultRoutes.patchFault, ({ params, body }) => patchFault(ctx, params.id, body));
  mountRoute(r, faultRoutes.deleteFault, ({ params }) => ({ rules: deleteFault(ctx, params.id) }));
  mountRoute(r, faultRoutes.clearFaults, () => ({ rules: clearFaults(ctx) }));
  return r;
}
