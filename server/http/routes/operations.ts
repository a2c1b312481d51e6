import { Router, type Request } from 'express';
import { isRecord } from '../../contract/common.js';
import type { Actor } from '../../contract/operations.js';
import { operationRoutes } from '../../contract/operations.js';
import type { SandboxContext } from '../../context.js';
import { operationSummary, operationView, transition, type FinalStatus } from '../../domain/operations.js';
import { SandboxError } from '../../contract/errors.js';
import { beforeId, keysetPage } from '../paging.js';
import { mountRoute } from '../route.js';

/** The console marks its calls so the timeline can tell an operator from a script. */
export const actorOf = (req: Request): Actor => (req.headers['x-sandbox-actor'] === 'operator' ? 'operator' : 'control_api');

export function operationsRouter(ctx: SandboxContext): Router {
  const r = Router();
  const { store } = ctx;

  mountRoute(r, operationRoutes.listOperations, ({ query }) => {
    const rows = store.operations.list(
      {
        status: query.status,
        channel: query.channel,
        merchant_id: query.mid_id,
        trans_id: query.trans_id,
        q: query.q,
        created_from: query.created_from ? Date.parse(query.created_from) : undefined,
        created_to: query.created_to ? Date.parse(query.created_to) : undefined,
        before_id: beforeId(query.cursor),
        probes: query.probes,
      },
      query.limit + 1,
    );
    const page = keysetPage(rows, query.limit);
    return { ...page, items: page.items.map(operationSummary) };
  });

  mountRoute(r, operationRoutes.operationStats, () => ({
    items: store.operations.countsByStatusAndChannel().map((c) => ({ status: c.status, channel: c.channel, count: c.n })),
  }));

  mountRoute(r, operationRoutes.getOperation, ({ params }) => {
    const op = store.operations.get(params.id);
    if (!op) throw new SandboxError('NOT_FOUND', `no operation ${params.id}`);
    return operationView(ctx, op);
  });

  const move = (to: FinalStatus) => (input: { params: { id: number }; req: Request; body?: unknown }) =>
    operationView(
      ctx,
      transition(ctx, input.params.id, { to, actor: actorOf(input.req), details: isRecord(input.body) ? input.body : undefined }),
    );

  mountRoute(r, operationRoutes.confirmOperation, move('confirmed'));
  mountRoute(r, operationRoutes.rejectOperation, move('rejected'));
  mountRoute(r, operationRoutes.cancelOperation, move('cancelled'));
  mountRoute(r, operationRoutes.expireOperation, move('expired'));
  return r;
}
