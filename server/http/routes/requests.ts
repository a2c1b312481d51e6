import { Router } from 'express';
import { requestRoutes } from '../../contract/requests.js';
import type { SandboxContext } from '../../context.js';
import { mountRoute } from '../route.js';

export function requestsRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, requestRoutes.listRequests, ({ query }) => {
    const rows = ctx.store.requests.list(query.limit + 1, query.cursor ? Number(query.cursor) : undefined, query.path);
    const page = rows.slice(0, query.limit);
    return {
      items: page.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
      next_cursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
    };
  });
  return r;
}
