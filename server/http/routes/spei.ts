import { Router } from 'express';
import { speiRoutes } from '../../contract/spei.js';
import type { SandboxContext } from '../../context.js';
import { applyTransfer, reasonView, transferView } from '../../domain/spei.js';
import { beforeId, keysetPage } from '../paging.js';
import { mountRoute } from '../route.js';

export function speiRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, speiRoutes.injectTransfer, ({ body }) => {
    const t = applyTransfer(ctx, { clabe: body.clabe, amount_cents: body.amount, rfc: body.rfc, sender_name: body.sender_name });
    return { transfer_id: t.id, matched_operation_id: t.matched_operation_id, ...reasonView(t) };
  });
  mountRoute(r, speiRoutes.listTransfers, ({ query }) => {
    const page = keysetPage(ctx.store.spei.list(query.limit + 1, beforeId(query.cursor)), query.limit);
    return { ...page, items: page.items.map((t) => transferView(ctx, t)) };
  });
  return r;
}
