import { Router } from 'express';
import { merchantRoutes } from '../../contract/merchants.js';
import type { SandboxContext } from '../../context.js';
import { createMerchant, merchantView, updateMerchant } from '../../domain/merchants.js';
import { mountRoute } from '../route.js';
import { migrationRoutes } from '../../contract/migration.js';
import { merchantMigration } from '../../domain/protocol/shapes.js';

export function merchantsRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, merchantRoutes.listMerchants, () => ({ items: ctx.store.merchants.list().map(merchantView) }));
  mountRoute(r, merchantRoutes.createMerchant, ({ body }) => {
    const m = ctx.store.tx(() => createMerchant(ctx.store, body, ctx.clock.now()));
    ctx.events.emit('merchant.changed', { public_key: m.public_key });
    return merchantView(m);
  });
  mountRoute(r, merchantRoutes.updateMerchant, ({ params, body }) => {
    const m = ctx.store.tx(() => updateMerchant(ctx.store, params.public_key, body, ctx.clock.now()));
    ctx.events.emit('merchant.changed', { public_key: m.public_key });
    return merchantView(m);
  });
  mountRoute(r, migrationRoutes.merchantMigration, ({ params }) => merchantMigration(ctx, params.public_key));
  return r;
}
