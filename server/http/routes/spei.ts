import { Router } from 'express';
import { speiRoutes } from '../../contract/spei.js';
import type { SandboxContext } from '../../context.js';
import { applyTransfer, transferView } from '../../domain/spei.js';
import { mountRoute } from '../route.js';

export function speiRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, speiRoutes.injectTransfer, ({ body }) => {
    const t = applyTransfer(ctx, { clabe: body.clabe, amount_cents: body.amount, rfc: body.rfc, sender_name: body.sender_name });
    return { transfer_id: t.id, matched_operation_id: t.matched_operation_id, reason: t.reason };
  });
  mountRoute(r, speiRoutes.listTransfers, ({ query }) => {
    const rows = ctx.store.spei.list(query.limit + 1, query.cursor ? Number(query.cursor) : undefined);
    const page = rows.slice(0, query.limit);
    return { items: page.map((t) => transferView(ctx, t)), next_cursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null };
  });
  return r;
}
