import type { DueTally, DueWork } from '../clock/walk.js';
import type { Delivery, DeliveryMessage, NewDelivery, SandboxContext } from '../context.js';
import type { DueEntry, NotificationRecord } from '../store/notifications.js';
import { createAttemptWriter, type AttemptWriter } from './attempt-writer.js';
import { changeOf, recordAttempt, type AttemptOutcome, type StatusChange } from './attempts.js';
import { createPace, type Pace } from './pace.js';
import { createDeliveryQueue, hostOf, type DeliveryQueue } from './queue.js';
import { createDeliveryAgent, sendOnce, STOPPED, type DeliveryAgent, type SendResult } from './send.js';
import { privateCallbacksAllowed } from './target-rules.js';
import { isPayoutCallback, wireMessage } from './wire.js';

/** Internal knobs (tests and the benchmark); the defaults are the documented delivery rules. */
export interface DeliveryOptions {
  /** Whole-attempt deadline of a notification: connect, headers and body (10 s by default). */
  timeoutMs?: number;
  /** Whole-attempt deadline of a payout callback, whose address any payout caller picks (default 5 s, at most `timeoutMs`). */
  callbackTimeoutMs?: number;
  /** Attempts in flight for one merchant (and for one of its target hosts). */
  concurrency?: number;
  /** Attempts in flight for all merchants together (default twice `concurrency`: one merchant never fills it). */
  maxInFlight?: number;
  /** Ids one merchant holds in the queue; the rest wait in the outbox and are read back as it drains. */
  maxQueuedPerMerchant?: number;
  /** Real-time period of the safety sweep for due deliveries whose wake-up was missed. */
  sweepMs?: number;
}

type Ctx = Omit<SandboxContext, 'delivery'>;
/** Due rows read at start; beyond that, the per-merchant read-back takes over. */
const START_READ = 100_000;
type Kick = { id: number; row: NewDelivery | null };

/**
 * The background delivery worker: it owns the lifecycle (start, stop, reset, wake) and joins four
 * parts: the fair queue of ids to look at (queue.ts), the pacing rule (pace.ts), the message and its
 * guarded sending (wire.ts, send.ts) and the attempt writer (attempt-writer.ts). The database is the
 * truth: the queue only says "look at this row now", so a crash loses nothing, and on start every
 * due pending row is queued again (at-least-once).
 */
export class DeliveryWorker implements Delivery, DueWork {
  private readonly queue: DeliveryQueue;
  private readonly writer: AttemptWriter;
  private readonly pace: Pace;
  private readonly agent: DeliveryAgent;
  /** Payout callbacks whose address any payout caller picks, on a shared sandbox: nothing to loopback or private addresses. */
  private readonly publicAgent: DeliveryAgent;
  private readonly timeoutMs: number;
  private readonly callbackTimeoutMs: number;
  private readonly cap: number;
  private readonly maxInFlight: number;
  private readonly sweepMs: number;
  private readonly maxQueued: number;
  private running = false;
  private closed = false;
  /** Bumped by reset: attempts of an earlier generation are forgotten when they end. */
  private generation = 0;
  private sweeper: NodeJS.Timeout | null = null;
  private kicks: Kick[] = [];
  private readonly controllers = new Set<AbortController>();
  private readonly sending = new Set<Promise<void>>();
  /** Who waits for an id's next scheduled attempt to be written (a clock advance). */
  private readonly settling = new Map<number, (() => void)[]>();

  constructor(
    private readonly ctx: Ctx,
    opts: DeliveryOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.callbackTimeoutMs = Math.min(opts.callbackTimeoutMs ?? 5_000, this.timeoutMs);
    this.cap = opts.concurrency ?? 32;
    this.maxInFlight = opts.maxInFlight ?? this.cap * 2;
    this.sweepMs = opts.sweepMs ?? 5_000;
    const listening = () => {
      const a = ctx.listenAddress();
      return a ? [a] : [];
    };
    this.agent = createDeliveryAgent(this.timeoutMs, this.cap, listening);
    this.publicAgent = createDeliveryAgent(this.timeoutMs, this.cap, listening, true);
    this.maxQueued = opts.maxQueuedPerMerchant ?? 10_000;
    this.queue = createDeliveryQueue(this.maxQueued);
    this.pace = createPace(ctx.clock.realNow, ctx.merchantActivity);
    this.writer = createAttemptWriter(ctx, (batch, changes) => this.written(batch, changes));
    ctx.scheduler.onDueWork(this);
    ctx.onStop(() => this.stop());
    ctx.onReset(() => this.reset());
  }

  /** Wakes the worker for a row written (or a retry fired) in the current transaction; runs after it commits. */
  kickAfterCommit(id: number, created?: NewDelivery): void {
    if (this.kicks.push({ id, row: created ?? null }) === 1) setImmediate(() => this.drainKicks());
  }

  /**
   * One attempt now, outside the queue and the caps (a person is waiting for it).
   * `claim` keeps the worker off the row meanwhile (a fresh test delivery is also due).
   */
  async deliverNow(id: number, claim = false): Promise<void> {
    const n = this.ctx.store.notifications.get(id);
    if (!n) return;
    const gen = this.generation;
    if (claim) this.queue.claim(id);
    try {
      const o = await this.attempt(n, 'manual');
      if (!o || gen !== this.generation) return;
      const change = this.ctx.store.tx(() => recordAttempt(this.ctx, o));
      if (change) this.emit([change]);
    } finally {
      if (claim && gen === this.generation && this.queue.release(id)) this.offerId(id);
    }
  }

  /** Sends one message to a merchant now through the guarded pool (SELF_TARGET refused); never throws. */
  async send(message: DeliveryMessage, timeoutMs = this.timeoutMs, agent = this.agent): Promise<SendResult> {
    const controller = new AbortController();
    this.controllers.add(controller);
    try {
      return await sendOnce(agent, { ...message, controller }, timeoutMs, this.ctx.clock.realNow);
    } finally {
      this.controllers.delete(controller);
    }
  }

  /**
   * Sends every notification due at sandbox time `at` (the clock holds still there during an
   * advance), within the usual caps, and resolves once each attempt is written.
   * Attempts already in flight are awaited, not repeated.
   */
  async settle(at: number): Promise<void> {
    if (!this.running || this.closed) return;
    const due = this.ctx.store.notifications.dueEntries(at, 1_000_000);
    if (due.length === 0) return;
    const written = due.map(
      (e) =>
        new Promise<void>((resolve) => {
          const list = this.settling.get(e.id);
          if (list) list.push(resolve);
          else this.settling.set(e.id, [resolve]);
        }),
    );
    for (const e of due) this.offer(e);
    await Promise.all(written);
  }

  /** Scheduled attempts written so far, by outcome (an advance reports the difference). */
  tally(): DueTally {
    return this.writer.tally();
  }

  /** Starts sending: every pending row already due (a restart resumes here), then the sweep. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const due = this.ctx.store.notifications.dueEntries(this.ctx.clock.now(), START_READ);
    for (const e of due) this.offer(e);
    // More due rows than one read: each merchant seen reads its own back as its queue drains.
    if (due.length === START_READ) for (const merchant of new Set(due.map((e) => e.merchant_id))) this.queue.settleOverflow(merchant, true);
    this.sweeper = setInterval(() => this.sweep(), this.sweepMs);
    this.sweeper.unref();
  }

  /** Cuts in-flight attempts (they stay due and are sent again after a restart), writes finished ones. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.abortAll();
    await Promise.allSettled([...this.sending]);
    this.writer.flush();
    this.writer.close();
    this.closed = true;
    this.settleAll();
    await Promise.all([this.agent.destroy(), this.publicAgent.destroy()]).catch(() => {});
  }

  /** The database was wiped: forget every queued id and cut what is in flight. */
  reset(): void {
    this.generation++;
    this.kicks = [];
    this.queue.clear();
    this.writer.clear();
    this.abortAll();
    this.settleAll();
  }

  /**
   * Queue length (plus one per merchant with rows waiting in the outbox beyond its queue), attempts
   * in flight and finished attempts not yet written (diagnostics; tests wait for all three to be 0
   * to know nothing more is being sent, instead of sleeping).
   */
  stats(): { queued: number; in_flight: number; unwritten: number } {
    const q = this.queue;
    return { queued: q.queued + q.overflowing + this.kicks.length, in_flight: q.inFlight, unwritten: this.writer.pending };
  }

  /** Sends one attempt of row `n`; null when it was cut by shutdown or reset (its outcome is unknown, so unrecorded). */
  private async attempt(n: NotificationRecord, source: AttemptOutcome['source']): Promise<AttemptOutcome | null> {
    const message = wireMessage(this.ctx, n);
    const at = this.ctx.clock.now();
    const callback = isPayoutCallback(n.kind);
    const publicOnly = callback && !privateCallbacksAllowed(this.ctx.config, this.ctx.store.merchants.get(n.merchant_id));
    const result = await this.send(message, callback ? this.callbackTimeoutMs : this.timeoutMs, publicOnly ? this.publicAgent : this.agent);
    return result.aborted ? null : { notification_id: n.id, source, at, ...message, result };
  }

  private launch(id: number): void {
    const { store, clock } = this.ctx;
    const n = store.notifications.get(id);
    if (!n || n.status !== 'pending' || n.next_attempt_at === null || n.next_attempt_at > clock.now()) return this.finish(id);
    const gen = this.generation;
    const p: Promise<void> = this.attempt(n, 'automatic')
      .then((o) => {
        if (gen !== this.generation) return;
        // The slot is free now; the id stays busy until its attempt is written.
        this.queue.ended(id);
        if (o) this.writer.add(o);
        else this.finish(id);
      })
      .catch((err: Error) => {
        // Never expected (sendOnce does not throw); release the row so the sweep can retry it.
        if (gen === this.generation) this.finish(id);
        this.ctx.config.log(`notification ${id}: ${err.message}`);
      })
      .finally(() => {
        this.sending.delete(p);
        this.pump();
      });
    this.sending.add(p);
  }

  /** Starts attempts while slots are free: per merchant and lane `cap`, all together `maxInFlight`, each merchant paced. */
  private pump(): void {
    const { queue, cap, pace } = this;
    while (this.running && queue.inFlight < this.maxInFlight) {
      const id = queue.take((l) => l.merchantInFlight < cap && l.laneInFlight < cap && pace.allows(l.headQueuedAt, l.merchantInFlight));
      if (id === undefined) return;
      this.launch(id);
    }
  }

  /** Asks the worker to look at a row now (it sends only if it is pending and due). */
  private offer(e: DueEntry): void {
    this.queue.offer({ id: e.id, merchant: e.merchant_id, host: hostOf(e.url) }, this.ctx.clock.realNow());
    this.pump();
  }

  private offerId(id: number): void {
    const n = this.ctx.store.notifications.get(id);
    if (n) this.offer(n);
    else this.settled(id);
  }

  /** The id's attempt is written or dropped: free it, wake its waiters, and look again if it was woken meanwhile. */
  private finish(id: number): void {
    const again = this.queue.release(id);
    this.settled(id);
    if (again) this.offerId(id);
  }

  private written(batch: readonly AttemptOutcome[], changes: StatusChange[]): void {
    for (const o of batch) this.finish(o.notification_id);
    this.emit(changes);
    this.readBack();
  }

  /** Reads back the due rows of merchants whose queue overflowed and has room again. */
  private readBack(): void {
    const { queue } = this;
    for (const { merchant } of queue.overflowed()) {
      let more = false;
      for (const e of this.ctx.store.notifications.dueEntries(this.ctx.clock.now(), this.maxQueued + this.maxInFlight, merchant)) {
        if (queue.isBusy(e.id)) continue;
        more = queue.offer({ id: e.id, merchant, host: hostOf(e.url) }, this.ctx.clock.realNow()) === 'full' || more;
      }
      queue.settleOverflow(merchant, more);
    }
    this.pump();
  }

  private sweep(): void {
    if (!this.running) return;
    try {
      // Busy ids are being sent or written: the sweep is for rows the worker does not know about.
      for (const e of this.ctx.store.notifications.dueEntries(this.ctx.clock.now(), 1000)) if (!this.queue.isBusy(e.id)) this.offer(e);
      this.readBack();
    } catch (err) {
      this.ctx.config.log(`notification sweep failed: ${(err as Error).message}`);
    }
  }

  private drainKicks(): void {
    const batch = this.kicks;
    this.kicks = [];
    if (this.closed) return;
    // Announced without re-reading the row: the writer commits right after enqueueing (a rollback would
    // only announce an id that then answers 404; the worker itself checks the row before sending).
    this.emit(batch.flatMap((k) => (k.row ? [changeOf({ id: k.id, ...k.row }, 'pending')] : [])));
    for (const k of batch) {
      if (k.row) this.offer({ id: k.id, ...k.row });
      else this.offerId(k.id);
    }
  }

  private emit(changes: StatusChange[]): void {
    for (const c of changes) this.ctx.events.emit('notification.changed', c);
  }

  private settled(id: number): void {
    const waiters = this.settling.get(id);
    if (!waiters) return;
    this.settling.delete(id);
    for (const w of waiters) w();
  }

  private settleAll(): void {
    for (const id of [...this.settling.keys()]) this.settled(id);
  }

  private abortAll(): void {
    for (const c of this.controllers) c.abort(STOPPED);
  }
}
