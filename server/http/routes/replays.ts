import { Router } from 'express';
import { ReplayBodySchema, ReplayReportSchema, replayRoutes, type ReplayReport } from '../../contract/replays.js';
import type { SandboxContext } from '../../context.js';
import { replayMarkdown } from '../../replay/markdown.js';
import { createReplayer } from '../../replay/replayer.js';
import { recordReplay } from '../../scenarios/replay-recorder.js';
import { SandboxError } from '../../contract/errors.js';
import { beforeId, keysetPage } from '../paging.js';
import { jsonBodyBytes, mountRaw, mountRoute, parseWith } from '../route.js';
import { answer } from '../answer.js';
import { readReplayBody } from '../../replay/replay-body.js';

/** Incident replay: run a HAR, read kept reports, export them. */
export function replaysRouter(ctx: SandboxContext): Router {
  const r = Router();
  const replayer = createReplayer(ctx);
  const kept = (id: number): ReplayReport => {
    const rec = ctx.store.replays.get(id);
    if (!rec) throw new SandboxError('NOT_FOUND', `no replay ${id}`);
    return ReplayReportSchema.parse(rec.report);
  };

  // The body (up to 16 MiB) is parsed off the event loop and taken in pieces (replay/replay-body.ts).
  mountRaw(r, replayRoutes.runReplay, async ({ req, res }) => {
    const read = await readReplayBody(jsonBodyBytes(req));
    const body = parseWith(ReplayBodySchema, read.body, 'body');
    answer(res, 200, 'application/json', await replayer.run({ ...body, entries: read.entries, harUnparsable: read.harUnparsable }));
  });
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
