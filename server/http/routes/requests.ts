import { Router } from 'express';
import { requestRoutes } from '../../contract/requests.js';
import type { SandboxContext } from '../../context.js';
import { SandboxError } from '../../contract/errors.js';
import { beforeId, keysetPage } from '../paging.js';
import { mountRoute } from '../route.js';

export function requestsRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, requestRoutes.listRequests, ({ query }) => {
    const page = keysetPage(ctx.store.requests.list(query.limit + 1, beforeId(query.cursor), query.path), query.limit);
    return { ...page, items: page.items.map((e) => ({ ...e, at: new Date(e.at).toISOString() })) };
  });
  mountRoute(r, requestRoutes.getRequest, ({ params }) => {
    const e = ctx.store.requests.get(params.id);
    if (!e) throw new SandboxError('NOT_FOUND', `no request-log entry ${params.id} (the log keeps the newest entries only)`);
    return { ...e, at: new Date(e.at).toISOString() };
  });
  return r;
}
