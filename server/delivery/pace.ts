import type { MerchantActivity } from '../merchant-activity.js';

/** A lane's head waited longer than this (real ms): the lane is a backlog being caught up. */
export const BACKLOG_MS = 250;
/** A payment creation arrived within this (real ms): merchants are at work. */
export const ACTIVE_MS = 20;
/** Attempts in flight for one merchant while its backlog is caught up during merchant activity. */
export const CATCH_UP_CAP = 4;

/**
 * Whether one more attempt may start from a lane whose head was queued at `headQueuedAt` (real
 * time) while its merchant has `inFlight` attempts running. A backlog (the endpoint was slow or down, or thousands were
 * queued at once) being drained while merchants are making payments gets CATCH_UP_CAP in flight:
 * on a small machine the merchant's receiver, this thread and the API's callers share the cores,
 * and a full pool of deliveries made each creation wait behind their answers (bench/notifications.ts
 * measures it). A fresh notification, a state change just now, is never held back: it is no backlog.
 */
export function createPace(realNow: () => number, activity: Pick<MerchantActivity, 'recent'>) {
  return {
    allows(headQueuedAt: number, inFlight: number): boolean {
      if (realNow() - headQueuedAt <= BACKLOG_MS) return true;
      return inFlight < CATCH_UP_CAP || !activity.recent(ACTIVE_MS);
    },
  };
}
export type Pace = ReturnType<typeof createPace>;
