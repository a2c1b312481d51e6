import type { Store } from '../store/index.js';
import type { CarriedTimers } from './scheduler.js';
import type { TimerKind } from './timer-kinds.js';

/**
 * The timers rows carry themselves. An operation's expiry is its `expires_at` while it is pending,
 * read from an index of pending operations (store/operations.ts): a creation writes no timer row (a
 * row and two index entries) and a status change ends the expiry without deleting one.
 */
export function carriedTimers(store: Store): Partial<Record<TimerKind, CarriedTimers>> {
  const asDue = (rows: { id: number; expires_at: number }[]) => rows.map((o) => ({ ref_id: o.id, due_at: o.expires_at }));
  return {
    'operation.expire': {
      due: (now, limit) => asDue(store.operations.dueExpiries(now, limit)),
      first: (limit) => asDue(store.operations.firstExpiries(limit)),
      claim: (id) => store.operations.isPending(id),
    },
  };
}
