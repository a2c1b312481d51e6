/** A notification id to look at, with what decides its lane: the merchant and the target host. */
export interface QueueEntry {
  id: number;
  merchant: number;
  host: string;
}

/** What the worker sees of a lane when it decides whether one more attempt may start from it. */
export interface LaneView {
  merchant: number;
  /** Real time the lane's oldest queued id was queued at. */
  headQueuedAt: number;
  laneInFlight: number;
  merchantInFlight: number;
}

interface Lane {
  key: string;
  merchant: number;
  host: string;
  ids: number[];
  queuedAt: number[];
  head: number;
  inFlight: number;
}

interface MerchantState {
  queued: number;
  inFlight: number;
  /** Ids refused because the merchant's queue was full: they wait in the outbox, read back as it drains. */
  overflow: boolean;
}

/** What `offer` did with an id. */
export type Offer = 'queued' | 'known' | 'again' | 'full';

/** The host part of a delivery address (its lane); the whole text when it is no URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The delivery worker's queue of "look at this row now", one lane per merchant and target host,
 * taken in turn: a merchant whose endpoints are slow, failing or black-holed fills only its own
 * lanes, and another merchant's fresh notification is next when a slot frees. Each merchant holds at
 * most `maxQueuedPerMerchant` ids here; beyond that the rows simply stay due in the outbox (the
 * database is the truth) until `overflowed` names the merchant for a read-back.
 * An id is in one of three places: queued (waiting), busy (taken, until its attempt is written or
 * dropped) or nowhere; an id offered while busy is remembered (`again`) and offered once released.
 */
export function createDeliveryQueue(maxQueuedPerMerchant: number) {
  /** Lanes with queued ids, in turn order: a lane goes to the back each time one of its ids is taken. */
  const turn = new Map<string, Lane>();
  /** Every lane with queued ids or attempts in flight. */
  const lanes = new Map<string, Lane>();
  const merchants = new Map<number, MerchantState>();
  const waiting = new Set<number>();
  /** Taken ids, with their lane while their attempt is in flight (null: claimed outside the lanes, or ended). */
  const busy = new Map<number, Lane | null>();
  const again = new Set<number>();
  let queued = 0;
  let inFlight = 0;

  const merchantOf = (m: number): MerchantState => {
    let s = merchants.get(m);
    if (!s) merchants.set(m, (s = { queued: 0, inFlight: 0, overflow: false }));
    return s;
  };

  function forget(lane: Lane): void {
    if (lane.head < lane.ids.length || lane.inFlight > 0) return;
    lanes.delete(lane.key);
    const m = merchants.get(lane.merchant);
    if (m && m.queued === 0 && m.inFlight === 0 && !m.overflow) merchants.delete(lane.merchant);
  }

  /** The HTTP attempt of a taken id ended: its slot is free (the id stays busy until `release`). */
  function ended(id: number): void {
    const lane = busy.get(id);
    if (!lane) return;
    busy.set(id, null);
    lane.inFlight--;
    merchantOf(lane.merchant).inFlight--;
    inFlight--;
    forget(lane);
  }

  return {
    /** Asks for `entry.id` to be looked at; `now` is real time. */
    offer(entry: QueueEntry, now: number): Offer {
      if (busy.has(entry.id)) return (again.add(entry.id), 'again');
      if (waiting.has(entry.id)) return 'known';
      const m = merchantOf(entry.merchant);
      if (m.queued >= maxQueuedPerMerchant) return ((m.overflow = true), 'full');
      const key = `${entry.merchant} ${entry.host}`;
      let lane = lanes.get(key);
      if (!lane) lanes.set(key, (lane = { key, merchant: entry.merchant, host: entry.host, ids: [], queuedAt: [], head: 0, inFlight: 0 }));
      lane.ids.push(entry.id);
      lane.queuedAt.push(now);
      if (!turn.has(key)) turn.set(key, lane);
      waiting.add(entry.id);
      m.queued++;
      queued++;
      return 'queued';
    },

    /** The next id, in turn, from the first lane `canStart` accepts; it is busy and in flight from now on. */
    take(canStart: (lane: LaneView) => boolean): number | undefined {
      for (const lane of turn.values()) {
        const m = merchantOf(lane.merchant);
        const view = {
          merchant: lane.merchant,
          headQueuedAt: lane.queuedAt[lane.head]!,
          laneInFlight: lane.inFlight,
          merchantInFlight: m.inFlight,
        };
        if (!canStart(view)) continue;
        const id = lane.ids[lane.head++]!;
        turn.delete(lane.key);
        if (lane.head < lane.ids.length) turn.set(lane.key, lane);
        if (lane.head > 64 && lane.head * 2 > lane.ids.length) {
          lane.ids = lane.ids.slice(lane.head);
          lane.queuedAt = lane.queuedAt.slice(lane.head);
          lane.head = 0;
        }
        waiting.delete(id);
        m.queued--;
        queued--;
        lane.inFlight++;
        m.inFlight++;
        inFlight++;
        busy.set(id, lane);
        return id;
      }
      return undefined;
    },

    /** Keeps the worker off `id` while someone else sends it (a resend waits for its answer). */
    claim(id: number): void {
      busy.set(id, busy.get(id) ?? null);
    },

    ended,

    /** The id's attempt is written (or dropped): answers whether it was offered meanwhile and must be looked at again. */
    release(id: number): boolean {
      ended(id);
      busy.delete(id);
      return again.delete(id);
    },

    isBusy: (id: number) => busy.has(id),

    /** Merchants whose ids overflowed and whose queue has room again: read their due rows back. */
    overflowed(): { merchant: number; room: number }[] {
      const out: { merchant: number; room: number }[] = [];
      for (const [merchant, m] of merchants) {
        if (m.overflow && m.queued <= maxQueuedPerMerchant / 2) out.push({ merchant, room: maxQueuedPerMerchant - m.queued });
      }
      return out;
    },

    /** Whether ids of `merchant` may still wait in the outbox beyond the queue (after a read-back, or a start that read only part). */
    settleOverflow(merchant: number, more: boolean): void {
      if (more) merchantOf(merchant).overflow = true;
      else {
        const m = merchants.get(merchant);
        if (m) m.overflow = false;
      }
    },

    get queued(): number {
      return queued;
    },
    get inFlight(): number {
      return inFlight;
    },
    /** Merchants with ids left in the outbox beyond their full queue. */
    get overflowing(): number {
      let n = 0;
      for (const m of merchants.values()) if (m.overflow) n++;
      return n;
    },

    /** Forgets everything (the database was wiped). */
    clear(): void {
      turn.clear();
      lanes.clear();
      merchants.clear();
      waiting.clear();
      busy.clear();
      again.clear();
      queued = 0;
      inFlight = 0;
    },
  };
}
export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
