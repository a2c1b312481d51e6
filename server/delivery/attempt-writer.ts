import type { DueTally } from '../clock/walk.js';
import type { SandboxContext } from '../context.js';
import { recordAttempt, type AttemptOutcome, type StatusChange } from './attempts.js';

/** Longest wait before finished attempts are written. */
const FLUSH_MS = 5;
/** Most attempts written in one transaction: a bounded write keeps the server answering under load. */
const FLUSH_MAX = 32;

/**
 * Finished attempts, written together every few ms in one transaction: under load many small
 * commits become one. `written` hears each batch once committed (or once it failed to commit: its
 * rows stay due and the sweep sends them again, at-least-once).
 */
export function createAttemptWriter(
  ctx: Omit<SandboxContext, 'delivery'>,
  written: (batch: readonly AttemptOutcome[], changes: StatusChange[]) => void,
) {
  let outcomes: AttemptOutcome[] = [];
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** Scheduled (automatic) attempts written since start, by outcome. */
  const tally: DueTally = { succeeded: 0, failed: 0 };

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = outcomes;
    outcomes = [];
    if (batch.length === 0 || closed) return;
    const changes: StatusChange[] = [];
    try {
      ctx.store.tx(() => {
        for (const o of batch) {
          try {
            const c = recordAttempt(ctx, o);
            if (c) changes.push(c);
            if (o.source === 'automatic') tally[o.result.delivered ? 'succeeded' : 'failed']++;
          } catch (err) {
            ctx.config.log(`notification ${o.notification_id}: attempt not recorded: ${(err as Error).message}`);
          }
        }
      });
    } catch (err) {
      ctx.config.log(`notification attempts not recorded: ${(err as Error).message}`);
    }
    written(batch, changes);
  }

  return {
    /** Queues one finished attempt for the next write. */
    add(o: AttemptOutcome): void {
      outcomes.push(o);
      if (outcomes.length >= FLUSH_MAX) flush();
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
    flush,
    /** Finished attempts not yet written. */
    get pending(): number {
      return outcomes.length;
    },
    tally: (): DueTally => ({ ...tally }),
    /** Drops what is unwritten (the database was wiped). */
    clear(): void {
      outcomes = [];
    },
    /** Writes nothing more (shutdown, after the last flush). */
    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
export type AttemptWriter = ReturnType<typeof createAttemptWriter>;
