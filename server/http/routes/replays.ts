import { Router } from 'express';
import { ReplayReportSchema, replayRoutes, type ReplayReport } from '../../contract/replays.js';
import type { SandboxContext } from '../../context.js';
import { replayMarkdown } from '../../replay/markdown.js';
import { createReplayer } from '../../replay/replayer.js';
import { recordReplay } from '../../scenarios/replay-recorder.js';
import { SandboxError } from '../../contract/errors.js';
import { beforeId, keysetPage } from '../paging.js';
import { mountRaw, mountRoute } from '../route.js';

/** Incident replay (contract §12): run a HAR, read kept reports, export them. */
export function replaysRouter(ctx: SandboxContext): Router {
  const r = Router();
  const replayer = createReplayer(ctx);
  const kept = (id: number): ReplayReport => {
    const rec = ctx.store.replays.get(id);
    if (!rec) throw new SandboxError('NOT_FOUND', `no replay ${id}`);
    return ReplayReportSchema.parse(rec.report);
  };

  mountRoute(r, replayRoutes.runReplay, ({ body }) => replayer.run(body));
  mountRoute(r, replayRoutes.listReplays, ({ query }) => {
    const page = keysetPage(ctx.store.replays.list(query.limit + 1, beforeId(query.cursor)), query.limit);
    const keyOf = new Map<number, string>();
    const merchantKey = (id: number) => {
      if (!keyOf.has(id)) keyOf.set(id, ctx.store.merchants.get(id)?.public_key ?? '');
      return keyOf.get(id)!;
    };
    return {
      ...page,
      items: page.items.map((x) => ({
        id: x.id,
        merchant: merchantKey(x.merchant_id),
        source: x.source,
        created_at: new Date(x.created_at).toISOString(),
        entries: x.entries,
        replayed: x.replayed,
        skipped: x.entries - x.replayed,
        operations: x.operations,
        drift_count: x.drift_count,
      })),
    };
  });
  mountRoute(r, replayRoutes.getReplay, ({ params }) => kept(params.id));
  mountRaw(r, replayRoutes.replayMarkdown, ({ params, res }) => {
    const md = replayMarkdown(kept(params.id));
    res.setHeader('Content-Disposition', `attachment; filename="replay-${params.id}.md"`);
    res.type('text/markdown; charset=utf-8').send(md);
  });
  mountRoute(r, replayRoutes.replayScenario, ({ params }) => recordReplay(ctx, params.id));
  return r;
}
