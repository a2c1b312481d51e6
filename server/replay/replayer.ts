import { SandboxError } from '../contract/errors.js';
import { DEMO_MERCHANT } from '../domain/merchants.js';
import {
  COMPARED_MEMBERS,
  HarEntrySchema,
  HarSchema,
  type Har,
  type HarEntry,
  type ReplayEntry,
  type ReplayOutcome,
  type ReplayReport,
  type ReplaySkip,
} from '../contract/replays.js';
import type { SandboxContext } from '../context.js';
import { isSafeHttpUrl } from '../contract/safe-url.js';
import { driftOf } from './drift.js';
import { readEntry, skipText, type ReadEntry } from './har-entries.js';
import { applyDueInTurn, drivePayout, momentOf, payoutItemsIn, payoutOf, type Created } from './outcomes.js';
import { readNotifications, type WantedOutcome } from './production-notifications.js';
import { keptAnswer, keptPath, keptSent } from './kept.js';
import { createEntrySender, type SentEntry } from './send.js';
import { listJson, slices } from './slices.js';

/** What a replay is asked to do: the body as read (replay-body.ts), its archive's entries still as JSON texts. */
export interface ReplayInput {
  /** The archive without its entries. */
  har: unknown;
  /** Each entry of `har.log.entries` as JSON text; null when the archive has no such list. */
  entries: readonly string[] | null;
  /** `har` was text that does not parse as JSON. */
  harUnparsable?: boolean;
  merchant?: string;
  notifications?: readonly unknown[];
  send_payout_callbacks?: boolean;
}

const PROGRESS_EVERY_MS = 200;

const refuse = (what: string) => new SandboxError('VALIDATION_ERROR', `${what}; nothing was replayed`);
const jsonPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : `${s}.${String(k)}`), 'har');
const notHar = (path: readonly PropertyKey[], message: string) =>
  refuse(`har is not an HTTP Archive (HAR 1.2): ${jsonPath(path)}: ${message}`);

/** The archive without its entries, validated before anything is sent: the first bad path refuses it. */
function readHar(input: ReplayInput): Har {
  if (input.harUnparsable) throw refuse('har is text that does not parse as JSON, so it is not a HAR file');
  const v = input.har;
  if (typeof v === 'object' && v !== null && 'info' in v && 'item' in v)
    throw refuse('har is a Postman collection, not an HTTP Archive: export the requests as HAR (from the browser, a proxy or the client)');
  const r = HarSchema.safeParse(v);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw notHar(issue.path, issue.message);
}

/** One entry of the archive from its JSON text, validated as the archive is. */
function harEntry(text: string, index: number): HarEntry {
  const r = HarEntrySchema.safeParse(JSON.parse(text));
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw notHar(['log', 'entries', index, ...issue.path], issue.message);
}

/** The payout ids a sandbox batch answer lists. */
function createdPayouts(body: string): number[] {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    return Array.isArray(data)
      ? data.flatMap((x) => (typeof (x as { id?: unknown })?.id === 'number' ? [(x as { id: number }).id] : []))
      : [];
  } catch {
    return [];
  }
}

const skippedEntry = (e: ReadEntry, skip: ReplaySkip): ReplayEntry => ({
  index: e.index,
  method: e.method,
  path: keptPath(e.path),
  kind: e.kind,
  action: 'skipped',
  skip_reason: skipText(skip),
  skip,
  // A skipped entry keeps no body: nothing was compared, and the report stays small.
  production: { status: e.production.status, body: null },
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

  async function replay(input: ReplayInput): Promise<string> {
    const har = readHar(input);
    const merchantKey = input.merchant ?? DEMO_MERCHANT.public_key;
    const merchant = ctx.store.merchants.byPublicKey(merchantKey);
    if (!merchant) throw new SandboxError('NOT_FOUND', `no merchant ${merchantKey}; nothing was replayed`);
    const wanted = readNotifications(input.notifications ?? []);
    const breathe = slices();
    const read: ReadEntry[] = [];
    for (const [i, text] of (input.entries ?? []).entries()) {
      read.push(await readEntry(harEntry(text, i), i));
      await breathe();
    }
    const creator = har.log.creator;
    const source = creator?.name ? `${creator.name}${typeof creator.version === 'string' ? ` ${creator.version}` : ''}` : null;
    const createdAt = ctx.clock.now();
    const counts = { entries: read.length, replayed: 0, operations: 0, drift_count: 0 };
    const id = ctx.store.tx(() => ctx.store.replays.start({ merchant_id: merchant.id, created_at: createdAt, source, ...counts }));
    const sendPayoutCallbacks = input.send_payout_callbacks === true;
    const sender = createEntrySender(ctx, merchant, { id, sendPayoutCallbacks });
    const resetsAtStart = resets;
    const entries: ReplayEntry[] = [];
    const sent: SentEntry[] = [];
    const operations: number[] = [];
    const made: Created = { byTrans: new Map(), payouts: [] };
    const outcomes: ReplayOutcome[] = [];
    const dueAt = new Map<number, WantedOutcome[]>();
    for (const w of wanted) {
      const at = momentOf(w, read);
      dueAt.set(at, [...(dueAt.get(at) ?? []), w]);
      await breathe();
    }
    let carried: WantedOutcome[] = [];
    let lastProgress = -Infinity;
    const progress = (finished: boolean) => {
      const now = ctx.clock.realNow();
      if (!finished && entries.length > 0 && now - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = now;
      ctx.events.emit('replay.progress', { id, done: entries.length, total: read.length, finished });
    };
    /** Payout items driven to the transfer_status a recorded answer shows. */
    const followPayouts = (e: ReadEntry) => {
      for (const item of payoutItemsIn(e)) {
        const to = item.transfer_status;
        if (typeof to !== 'number' || to <= 1) continue;
        const note = typeof item.credit_note === 'string' || typeof item.credit_note === 'number' ? String(item.credit_note) : undefined;
        const target = (note !== undefined ? payoutOf(ctx, made, note) : null) ?? sender.payoutIdOf(item.id);
        if (target !== null && made.payouts.includes(target)) drivePayout(ctx, target, to);
      }
    };
    progress(false);

    try {
      for (const [at, e] of read.entries()) {
        await breathe();
        if (resets !== resetsAtStart) {
          entries.push(skippedEntry(e, { code: 'reset', params: {} }));
          continue;
        }
        const applied = await applyDueInTurn(ctx, [...carried, ...(dueAt.get(at) ?? [])], made, e.index, breathe);
        carried = applied.later;
        outcomes.push(...applied.done);
        if (e.skip) {
          entries.push(skippedEntry(e, e.skip));
          continue;
        }
        if (e.kind === 'payout_get' || e.kind === 'payout_list') followPayouts(e);
        let s: SentEntry;
        try {
          s = await sender.send(e);
        } catch (err) {
          entries.push(skippedEntry(e, { code: 'no_answer', params: { message: (err as Error).message.slice(0, 300) } }));
          progress(false);
          continue;
        }
        sent.push(s);
        if (s.operation_id !== null && e.kind === 'creation') {
          operations.push(s.operation_id);
          const transId = s.fields?.trans_id;
          if (transId !== undefined) made.byTrans.set(transId, [...(made.byTrans.get(transId) ?? []), s.operation_id]);
        }
        if (e.kind === 'payout_batch' && s.status === 201) {
          made.payouts.push(...createdPayouts(s.response_body));
          followPayouts(e);
        }
        const answer = { status: s.status, body: s.response_body };
        const drift = driftOf(e.production, answer, e.kind);
        const before = applied.done
          .filter((o) => o.applied)
          .map((o) => ({ code: 'outcome_before' as const, params: { notification: o.index } }));
        const cut = e.production.json.json ? e.production.json.cut : undefined;
        const inPart = cut ? [{ code: 'compared_in_part' as const, params: { members: cut.members, compared: COMPARED_MEMBERS } }] : [];
        const notes = [...s.notes, ...before, ...inPart];
        entries.push({
          index: e.index,
          method: e.method,
          path: keptPath(e.path),
          kind: e.kind,
          action: 'replayed',
          ...(s.operation_id !== null ? { operation_id: s.operation_id } : {}),
          production: keptAnswer(e.production),
          sandbox: keptAnswer(answer),
          drift: drift.items,
          ...(drift.more ? { drift_more: drift.more } : {}),
          ...(notes.length ? { notes } : {}),
        });
        progress(false);
      }
    } finally {
      await sender.close();
    }
    if (resets === resetsAtStart)
      outcomes.push(...(await applyDueInTurn(ctx, [...carried, ...(dueAt.get(read.length) ?? [])], made, null, breathe)).done);
    outcomes.sort((a, b) => a.index - b.index);
    const held = sendPayoutCallbacks
      ? []
      : made.payouts.flatMap((pid) => {
          const p = ctx.store.payouts.get(pid);
          return p && isSafeHttpUrl(p.channel_url) ? [{ payout_id: pid, address: p.channel_url.slice(0, 500) }] : [];
        });
    counts.replayed = entries.filter((x) => x.action === 'replayed').length;
    counts.operations = operations.length;
    counts.drift_count = entries.reduce((n, x) => n + x.drift.length + (x.drift_more ?? 0), 0);
    const report: ReplayReport = {
      id,
      merchant: merchant.public_key,
      source,
      created_at: new Date(createdAt).toISOString(),
      entries,
      operations,
      outcomes,
      drift_count: counts.drift_count,
      ...(held.length ? { held_callbacks: held } : {}),
    };
    // Kept and answered as one JSON text, its lists written in slices.
    const { entries: _entries, ...head } = report;
    const text = `${JSON.stringify(head).slice(0, -1)},"entries":${await listJson(entries, breathe)}}`;
    const sentText = await listJson(sent.map(keptSent), breathe);
    ctx.store.tx(() => ctx.store.replays.finish(id, { ...counts, report: text, sent: sentText }));
    progress(true);
    return text;
  }

  return {
    /** Runs one replay after those already queued; answers its report as JSON text (also kept). */
    run(input: ReplayInput): Promise<string> {
      const run = queue.then(() => replay(input));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
export type Replayer = ReturnType<typeof createReplayer>;
