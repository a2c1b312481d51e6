import { SandboxError } from '../contract/errors.js';
import { HarSchema, type Har, type ReplayEntry, type ReplayOutcome, type ReplayReport } from '../contract/replays.js';
import type { SandboxContext } from '../context.js';
import { transition } from '../domain/operations.js';
import { driftOf } from './drift.js';
import { readEntry, type ReadEntry } from './har-entries.js';
import { readNotifications, type WantedOutcome } from './production-notifications.js';
import { createEntrySender, type SentEntry } from './send.js';

/** What a replay is asked to do (contract §12). */
export interface ReplayInput {
  har: unknown;
  merchant?: string;
  notifications?: readonly unknown[];
}

const PROGRESS_EVERY_MS = 200;

const refuse = (what: string) => new SandboxError('VALIDATION_ERROR', `${what}; nothing was replayed`);
const jsonPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : `${s}.${String(k)}`), 'har');

/** The HAR, validated whole before anything is sent: the first bad path refuses it. */
function readHar(value: unknown): Har {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      throw refuse('har is text that does not parse as JSON, so it is not a HAR file');
    }
  }
  if (typeof v === 'object' && v !== null && 'info' in v && 'item' in v)
    throw refuse('har is a Postman collection, not an HTTP Archive: export the requests as HAR (from the browser, a proxy or the client)');
  const r = HarSchema.safeParse(v);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw refuse(`har is not an HTTP Archive (HAR 1.2): ${jsonPath(issue.path)}: ${issue.message}`);
}

/** The newest pending operation of a trans_id among those this replay created, else why there is none. */
function operationFor(ctx: SandboxContext, ids: readonly number[] | undefined): { id: number | null; reason?: string } {
  if (!ids?.length) return { id: null, reason: 'no creation with this trans_ID was replayed successfully' };
  for (const id of [...ids].reverse()) if (ctx.store.operations.get(id)?.status === 'pending') return { id };
  const last = ids[ids.length - 1]!;
  return { id: last, reason: `operation ${last} is already ${ctx.store.operations.get(last)?.status ?? 'gone'}` };
}

function applyOutcome(ctx: SandboxContext, w: WantedOutcome, byTrans: Map<string, number[]>): ReplayOutcome {
  const rejection =
    w.outcome === 'rejected'
      ? {
          ...(w.rejection_code !== undefined ? { rejection_code: w.rejection_code } : {}),
          ...(w.rejection_message !== undefined ? { rejection_message: w.rejection_message } : {}),
        }
      : undefined;
  const base = { index: w.index, trans_id: w.trans_id, outcome: w.outcome, ...rejection };
  const target = operationFor(ctx, byTrans.get(w.trans_id));
  if (target.reason) return { ...base, operation_id: target.id, applied: false, reason: target.reason };
  try {
    transition(ctx, target.id!, { to: w.outcome, actor: 'control_api', details: rejection });
    return { ...base, operation_id: target.id, applied: true };
  } catch (err) {
    if (err instanceof SandboxError) return { ...base, operation_id: target.id, applied: false, reason: err.message };
    throw err;
  }
}

const skippedEntry = (e: ReadEntry, reason: string): ReplayEntry => ({
  index: e.index,
  method: e.method,
  path: e.path,
  kind: e.kind,
  action: 'skipped',
  skip_reason: reason,
  production: e.production,
  sandbox: null,
  drift: [],
});

/**
 * Replays HAR files one at a time (each drives the shared sandbox in its recorded order). A reset
 * during a replay skips what is left of it: the sandbox it was replaying into is gone.
 */
export function createReplayer(ctx: SandboxContext) {
  let queue: Promise<unknown> = Promise.resolve();
  let resets = 0;
  ctx.onReset(() => void resets++);

  async function replay(input: ReplayInput): Promise<ReplayReport> {
    const har = readHar(input.har);
    const merchant = ctx.store.merchants.byPublicKey(input.merchant ?? 'pk_sandbox_demo');
    if (!merchant) throw new SandboxError('NOT_FOUND', `no merchant ${input.merchant ?? 'pk_sandbox_demo'}; nothing was replayed`);
    const wanted = readNotifications(input.notifications ?? []);
    const read = har.log.entries.map(readEntry);
    const creator = har.log.creator;
    const source = creator?.name ? `${creator.name}${typeof creator.version === 'string' ? ` ${creator.version}` : ''}` : null;
    const createdAt = ctx.clock.now();
    const counts = { entries: read.length, replayed: 0, operations: 0, drift_count: 0 };
    const id = ctx.store.tx(() => ctx.store.replays.start({ merchant_id: merchant.id, created_at: createdAt, source, ...counts }));
    const sender = createEntrySender(ctx, merchant, id);
    const resetsAtStart = resets;
    const entries: ReplayEntry[] = [];
    const sent: SentEntry[] = [];
    const operations: number[] = [];
    const byTrans = new Map<string, number[]>();
    let lastProgress = -Infinity;
    const progress = (finished: boolean) => {
      const now = ctx.clock.realNow();
      if (!finished && entries.length > 0 && now - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = now;
      ctx.events.emit('replay.progress', { id, done: entries.length, total: read.length, finished });
    };
    progress(false);

    try {
      for (const e of read) {
        if (resets !== resetsAtStart) entries.push(skippedEntry(e, 'the sandbox was reset during the replay'));
        else if (e.skip) entries.push(skippedEntry(e, e.skip));
        else {
          let s: SentEntry;
          try {
            s = await sender.send(e);
          } catch (err) {
            entries.push(skippedEntry(e, `the sandbox did not answer: ${(err as Error).message}`));
            progress(false);
            continue;
          }
          sent.push(s);
          const answer = { status: s.status, body: s.response_body };
          if (s.operation_id !== null && e.kind === 'creation') {
            operations.push(s.operation_id);
            const transId = s.fields?.trans_id;
            if (transId !== undefined) byTrans.set(transId, [...(byTrans.get(transId) ?? []), s.operation_id]);
          }
          entries.push({
            index: e.index,
            method: e.method,
            path: e.path,
            kind: e.kind,
            action: 'replayed',
            ...(s.operation_id !== null ? { operation_id: s.operation_id } : {}),
            production: e.production,
            sandbox: answer,
            drift: driftOf(e.production, answer),
          });
        }
        progress(false);
      }
    } finally {
      await sender.close();
    }
    const outcomes = resets === resetsAtStart ? wanted.map((w) => applyOutcome(ctx, w, byTrans)) : [];
    counts.replayed = entries.filter((x) => x.action === 'replayed').length;
    counts.operations = operations.length;
    counts.drift_count = entries.reduce((n, x) => n + x.drift.length, 0);
    const report: ReplayReport = {
      id,
      merchant: merchant.public_key,
      source,
      created_at: new Date(createdAt).toISOString(),
      entries,
      operations,
      outcomes,
      drift_count: counts.drift_count,
    };
    ctx.store.tx(() => ctx.store.replays.finish(id, { ...counts, report, sent }));
    progress(true);
    return report;
  }

  return {
    /** Runs one replay after those already queued; answers its report (also kept). */
    run(input: ReplayInput): Promise<ReplayReport> {
      const run = queue.then(() => replay(input));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
export type Replayer = ReturnType<typeof createReplayer>;
