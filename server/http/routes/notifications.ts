import { Router } from 'express';
import { notificationRoutes } from '../../contract/notifications.js';
import type { SandboxContext } from '../../context.js';
import { findNotification, resendNotification } from '../../delivery/resend.js';
import { notificationViews } from '../../delivery/views.js';
import { SandboxError } from '../../contract/errors.js';
import { keysetPage } from '../paging.js';
import { mountRoute } from '../route.js';

/** Control API of the delivery engine: list, one, resend. */
export function notificationsRouter(ctx: SandboxContext): Router {
  const r = Router();
  const { store } = ctx;

  mountRoute(r, notificationRoutes.listNotifications, ({ query }) => {
    const failedFirst = query.order === 'failed_first';
    let before: { rank: number; id: number } | undefined;
    if (query.cursor) {
      const [id, rank] = query.cursor.split('-');
      if (failedFirst && rank === undefined)
        throw new SandboxError('VALIDATION_ERROR', 'invalid query: cursor: use the next_cursor of a failed_first page');
      before = { id: Number(id), rank: Number(rank ?? 1) };
    }
    const rows = store.notifications.list(
      {
        operation_id: query.operation_id,
        payout_id: query.payout_id,
        status: query.status,
        kind: query.kind,
        trans_id: query.trans_id,
        probes: query.probes,
        failed_first: failedFirst,
        before,
      },
      query.limit + 1,
    );
    // failed_first pages carry the rank too: `id-0` while in the failed part, `id-1` after it.
    const page = keysetPage(rows, query.limit, (last) =>
      failedFirst ? `${last.id}-${last.status === 'failed' ? 0 : 1}` : String(last.id),
    );
    return { ...page, items: notificationViews(ctx, page.items) };
  });

  mountRoute(r, notificationRoutes.getNotification, ({ params }) => notificationViews(ctx, [findNotification(ctx, params.id)])[0]!);

  mountRoute(r, notificationRoutes.resendNotification, ({ params, body }) => resendNotification(ctx, params.id, body));
  return r;
}
