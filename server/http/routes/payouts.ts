import { Router, type Request } from 'express';
import { payoutRoutes } from '../../contract/payouts.js';
import type { SandboxContext } from '../../context.js';
import { decidePayout, forceTransferStatus, processPendingPayouts } from '../../domain/payouts/transitions.js';
import { payoutView, payrollView } from '../../domain/payouts/views.js';
import { SandboxError } from '../../contract/errors.js';
import { beforeId, keysetPage } from '../paging.js';
import { mountRoute } from '../route.js';
import { actorOf } from './operations.js';

/** Control API of payouts: list items and payrolls, process, approve, reject, force a transfer_status. */
export function payoutsRouter(ctx: SandboxContext): Router {
  const r = Router();
  const { store } = ctx;

  mountRoute(r, payoutRoutes.listPayouts, ({ query }) => {
    const rows = store.payouts.list(
      { payroll_id: query.payroll, merchant_id: query.mid_id, status: query.status, before_id: beforeId(query.cursor) },
      query.limit + 1,
    );
    const page = keysetPage(rows, query.limit);
    const processAt = new Map<number, number | undefined>();
    const items = page.items.map((p) => {
      if (!processAt.has(p.payroll_id)) processAt.set(p.payroll_id, store.payouts.processAtOf(p.payroll_id));
      return payoutView(ctx, p, processAt.get(p.payroll_id));
    });
    return { items, next_cursor: page.next_cursor };
  });

  mountRoute(r, payoutRoutes.listPayrolls, ({ query }) => {
    const rows = store.payouts.listPayrolls({ merchant_id: query.mid_id, before_id: beforeId(query.cursor) }, query.limit + 1);
    const page = keysetPage(rows, query.limit);
    return { ...page, items: page.items.map(payrollView) };
  });

  // Before `/payouts/:id` routes so "process" is never read as an id.
  mountRoute(r, payoutRoutes.processPayouts, ({ body }) => processPendingPayouts(ctx, body.payroll));

  mountRoute(r, payoutRoutes.getPayout, ({ params }) => {
    const p = store.payouts.get(params.id);
    if (!p) throw new SandboxError('NOT_FOUND', `no payout ${params.id}`);
    return payoutView(ctx, p);
  });
  const by = (req: Request) => (actorOf(req) === 'operator' ? 'operator' : 'control_api');
  mountRoute(r, payoutRoutes.approvePayout, ({ params, req }) => payoutView(ctx, decidePayout(ctx, params.id, 'approved', by(req))));
  mountRoute(r, payoutRoutes.rejectPayout, ({ params, req }) => payoutView(ctx, decidePayout(ctx, params.id, 'rejected', by(req))));
  mountRoute(r, payoutRoutes.forceTransferStatus, ({ params, body, req }) =>
    payoutView(ctx, forceTransferStatus(ctx, params.id, body.transfer_status, by(req))),
  );
  return r;
}
