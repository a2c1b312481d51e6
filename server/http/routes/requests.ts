import { Router } from 'express';
import { requestRoutes } from '../../contract/requests.js';
import type { SandboxContext } from '../../context.js';
import { beforeId, keysetPage } from '../paging.js';
import { mountRoute } from '../route.js';

export function requestsRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, requestRoutes.listRequests, ({ query }) => {
    const page = keysetPage(ctx.store.requests.list(query.limit + 1, beforeId(query.cursor), query.path), query.limit);
    return { ...page, items: page.items.map((e) => ({ ...e, at: new Date(e.at).toISOString() })) };
  });
  return r;
}
