import type { SandboxContext } from '../context.js';
import type { DeliveryMerchant, NotificationRecord } from '../store/notifications.js';
import { changeOf, recordAttempt, RETRY_TIMER, type AttemptOutcome, type StatusChange } from './record.js';
import { createDeliveryAgent, sendOnce, STOPPED } from './send.js';
import type { DueTally } from '../clock/walk.js';

/** Internal knobs (tests and the benchmark); defaults follow contract §4. */
export interface DeliveryOptions {
  /** Whole-attempt deadline: connect, headers and body (contract: 10 s). */
  timeoutMs?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Real-time period of the safety sweep for due deliveries whose wake-up was missed. */
  sweepMs?: number;
}

/** Merchant setting that names the current address of each kind (a fixed URL for the others). */
const URL_SETTING: Partial<Record<string, keyof Pick<DeliveryMerchant, 'success_url' | 'rejection_url' | 'payout_url'>>> = {
  success: 'success_url',
  rejection: 'rejection_url',
  payout_notification: 'payout_url',
};

const FORM = 'application/x-www-form-urlencoded';
/** Longest wait before finished attempts are written. */
const FLUSH_MS = 5;
/** Most attempts written in one transaction (~0.2 ms each under load: keeps the server answering). */
const FLUSH_MAX = 32;
/** See `allowedInFlight`: a backlog's age, merchant activity's recency, and the cap while both hold. */
const BACKLOG_MS = 250;
const ACTIVE_MS = 20;
const CATCH_UP_CAP = 4;

/**
 * Where to send now: the merchant's current address for the kind (fixing a URL fixes pending retries
 * and resends), else the address stored with the row. Test deliveries keep the address they were made with.
 */
export function deliveryUrl(ctx: Pick<SandboxContext, 'store'>, n: NotificationRecord): string {
  const setting = URL_SETTING[n.kind];
  if (n.test_label !== null || !setting) return n.url;
  return ctx.store.notifications.merchant(n.merchant_id)?.[setting] ?? n.url;
}

/**
 * The background delivery worker: a queue of due notification ids, at most `concurrency` HTTP
 * attempts in flight over one keep-alive pool, finished attempts written together every few ms in
 * one transaction. The database is the truth: the queue only says "look at this row now", so a
 * crash loses nothing — on start every due pending row is queued again (at-least-once).
 */
export function createDispatcher(ctx: Omit<SandboxContext, 'delivery'>, opts: DeliveryOptions = {}) {
  const { store, clock } = ctx;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const cap = opts.concurrency ?? 32;
  const agent = createDeliveryAgent(timeoutMs, cap);
  let queue: number[] = [];
  /** Real time each queued id was queued at (same index as `queue`). */
  let queuedAt: number[] = [];
  let head = 0;
  /** Queued ids; busy ids (sent or awaiting their write) are never queued twice. */
  const waiting = new Set<number>();
  const busy = new Set<number>();
  /** Ids woken while busy: looked at again once their attempt is written. */
  const again = new Set<number>();
  const controllers = new Set<AbortController>();
  const sending = new Set<Promise<void>>();
  let outcomes: AttemptOutcome[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let active = 0;
  let running = false;
  let generation = 0;
  let sweeper: NodeJS.Timeout | null = null;
  let kicks: { id: number; change: StatusChange | null }[] = [];
  let closed = false;
  /** Who waits for an id's next scheduled attempt to be written (a clock advance). */
  const settling = new Map<number, (() => void)[]>();
  /** Scheduled (automatic) attempts written since start, by outcome. */
  const written: DueTally = { succeeded: 0, failed: 0 };

  function settled(id: number): void {
    const waiters = settling.get(id);
    if (!waiters) return;
    settling.delete(id);
    for (const w of waiters) w();
  }

  function settleAll(): void {
    for (const id of [...settling.keys()]) settled(id);
  }

  function headersOf(n: NotificationRecord): Record<string, string> {
    return {
      'Content-Type':
        n.content_type === FORM
          ? `${FORM}; charset=utf-8`
          : n.content_type === 'application/json'
            ? 'application/json; charset=utf-8'
            : n.content_type,
      'User-Agent': `PasarelaSandbox/${ctx.version}`,
      'X-Sandbox-Notification-Id': n.header_id ?? n.public_id,
    };
  }

  /** Sends one attempt; null when it was cut by shutdown or reset (its outcome is unknown, so unrecorded). */
  async function attempt(n: NotificationRecord, source: AttemptOutcome['source']): Promise<AttemptOutcome | null> {
    const controller = new AbortController();
    controllers.add(controller);
    const url = deliveryUrl(ctx, n);
    const headers = headersOf(n);
    const at = clock.now();
    try {
      const result = await sendOnce(agent, { url, headers, body: n.body, controller }, timeoutMs, clock.realNow);
      return result.aborted ? null : { notification_id: n.id, source, at, url, headers, body: n.body, result };
    } finally {
      controllers.delete(controller);
    }
  }

  function emit(changes: StatusChange[]): void {
    for (const c of changes) ctx.events.emit('notification.changed', c);
  }

  /** Writes every finished attempt in one transaction, then releases their ids. */
  function flush(): void {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = outcomes;
    outcomes = [];
    if (batch.length === 0 || closed) return;
    const changes: StatusChange[] = [];
    try {
      store.tx(() => {
        for (const o of batch) {
          try {
            const c = recordAttempt(ctx, o);
            if (c) changes.push(c);
            if (o.source === 'automatic') written[o.result.delivered ? 'succeeded' : 'failed']++;
          } catch (err) {
            ctx.config.log(`notification ${o.notification_id}: attempt not recorded: ${(err as Error).message}`);
          }
        }
      });
    } catch (err) {
      // Unrecorded attempts stay due; the sweep sends them again (at-least-once).
      ctx.config.log(`notification attempts not recorded: ${(err as Error).message}`);
    }
    for (const o of batch) {
      busy.delete(o.notification_id);
      settled(o.notification_id);
      if (again.delete(o.notification_id)) enqueue(o.notification_id);
    }
    emit(changes);
  }

  function launch(id: number): void {
    const n = store.notifications.get(id);
    if (!n || n.status !== 'pending' || n.next_attempt_at === null || n.next_attempt_at > clock.now()) return settled(id);
    const gen = generation;
    busy.add(id);
    active++;
    const p: Promise<void> = attempt(n, 'automatic')
      .then((o) => {
        if (gen !== generation) return;
        if (!o) {
          busy.delete(id);
          settled(id);
          return;
        }
        outcomes.push(o);
        if (outcomes.length >= FLUSH_MAX) flush();
        // A few ms of batching turns many small commits into one; the slot is already free.
        else flushTimer ??= setTimeout(flush, FLUSH_MS);
      })
      .catch((err: Error) => {
        // Never expected (sendOnce does not throw); release the row so the sweep can retry it.
        if (gen === generation) busy.delete(id);
        settled(id);
        ctx.config.log(`notification ${id}: ${err.message}`);
      })
      .finally(() => {
        sending.delete(p);
        if (gen === generation) active--;
        pump();
      });
    sending.add(p);
  }

  /**
   * Attempts allowed in flight now. A backlog being caught up (the oldest queued id has waited over
   * BACKLOG_MS: the endpoint was slow or down, or thousands were queued at once) while merchants
   * are making payments (ctx.merchantActivity) gets CATCH_UP_CAP, not `cap`. Why: on a 2-core
   * machine the merchant's receiver, this thread and the API's callers share the cores; with 32
   * deliveries in flight a creation made while 5,000 queued notifications drained waited behind
   * their answers on both sides (p50 about 2× idle, issue 22). With 4 it is ~1.0× idle, and the backlog
   * still drains at ~5,500/s instead of ~8,000/s. A fresh notification (a state change just now) is
   * never held back: it is not a backlog.
   */
  function allowedInFlight(): number {
    if (head >= queue.length || clock.realNow() - queuedAt[head]! <= BACKLOG_MS) return cap;
    return ctx.merchantActivity.recent(ACTIVE_MS) ? Math.min(cap, CATCH_UP_CAP) : cap;
  }

  function pump(): void {
    const limit = allowedInFlight();
    while (running && active < limit && head < queue.length) {
      const id = queue[head++]!;
      waiting.delete(id);
      launch(id);
    }
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      queuedAt = queuedAt.slice(head);
      head = 0;
    }
  }

  /** Asks the worker to look at a notification now (it sends only if it is pending and due). */
  function enqueue(id: number): void {
    if (busy.has(id)) {
      again.add(id);
      return;
    }
    if (waiting.has(id)) return;
    waiting.add(id);
    queue.push(id);
    queuedAt.push(clock.realNow());
    pump();
  }

  function sweep(): void {
    if (!running) return;
    try {
      for (const id of store.notifications.dueIds(clock.now(), 1000)) enqueue(id);
    } catch (err) {
      ctx.config.log(`notification sweep failed: ${(err as Error).message}`);
    }
  }

  function drainKicks(): void {
    const batch = kicks;
    kicks = [];
    if (closed) return;
    // Announced without re-reading the row: the writer commits right after enqueueing (a rollback would
    // only announce an id that then answers 404; the worker itself checks the row before sending).
    emit(batch.flatMap((k) => (k.change ? [k.change] : [])));
    for (const k of batch) enqueue(k.id);
  }

  function abortAll(): void {
    for (const c of controllers) c.abort(STOPPED);
  }

  const dispatcher = {
    /**
     * Wakes the worker for a row written (or a retry fired) in the current transaction; runs after it
     * commits. `created` is announced on the live stream as a new pending notification.
     */
    kickAfterCommit(id: number, created?: Pick<NotificationRecord, 'operation_id' | 'payout_id'>): void {
      if (kicks.push({ id, change: created ? changeOf({ id, ...created }, 'pending') : null }) === 1) setImmediate(drainKicks);
    },
    enqueue,
    /**
     * Sends every notification due at sandbox time `at` (the clock holds still there during an
     * advance), at most `concurrency` at once, and resolves once each attempt is written.
     * Attempts already in flight are awaited, not repeated.
     */
    async settle(at: number): Promise<void> {
      if (!running || closed) return;
      const ids = store.notifications.dueIds(at, 1_000_000);
      if (ids.length === 0) return;
      const outcomes = ids.map(
        (id) =>
          new Promise<void>((resolve) => {
            const list = settling.get(id);
            if (list) list.push(resolve);
            else settling.set(id, [resolve]);
          }),
      );
      for (const id of ids) enqueue(id);
      await Promise.all(outcomes);
    },
    /** Scheduled attempts written so far, by outcome (an advance reports the difference). */
    tally: (): DueTally => ({ ...written }),
    /**
     * One attempt now, outside the queue and the concurrency cap (a person is waiting for it).
     * `claim` keeps the worker off the row meanwhile (a fresh test delivery is also due).
     */
    async deliverNow(id: number, claim = false): Promise<void> {
      const n = store.notifications.get(id);
      if (!n) return;
      const gen = generation;
      if (claim) busy.add(id);
      try {
        const o = await attempt(n, 'manual');
        if (!o || gen !== generation) return;
        const change = store.tx(() => recordAttempt(ctx, o));
        if (change) emit([change]);
      } finally {
        if (claim && gen === generation) {
          busy.delete(id);
          if (again.delete(id)) enqueue(id);
        }
      }
    },
    /** Starts sending: every pending row already due (a restart resumes here), then the sweep. */
    start(): void {
      if (running) return;
      running = true;
      for (const id of store.notifications.dueIds(clock.now(), 100_000)) enqueue(id);
      sweeper = setInterval(sweep, opts.sweepMs ?? 5_000);
      sweeper.unref();
    },
    /** Cuts in-flight attempts (they stay due and are sent again after a restart), writes finished ones. */
    async stop(): Promise<void> {
      running = false;
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      abortAll();
      await Promise.allSettled([...sending]);
      flush();
      closed = true;
      settleAll();
      await agent.destroy().catch(() => {});
    },
    /** The database was wiped: forget every queued id and cut what is in flight. */
    reset(): void {
      generation++;
      queue = [];
      queuedAt = [];
      head = 0;
      active = 0;
      kicks = [];
      outcomes = [];
      waiting.clear();
      busy.clear();
      again.clear();
      abortAll();
      settleAll();
    },
    /**
     * Queue length, attempts in flight and finished attempts not yet written (diagnostics; tests wait
     * for all three to be 0 to know nothing more is being sent, instead of sleeping).
     */
    stats: () => ({ queued: queue.length - head + kicks.length, in_flight: active, unwritten: outcomes.length }),
  };

  ctx.scheduler.on(RETRY_TIMER, (id) => dispatcher.kickAfterCommit(id));
  ctx.scheduler.onDueWork(dispatcher);
  ctx.onStop(() => dispatcher.stop());
  ctx.onReset(() => dispatcher.reset());
  return dispatcher;
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
