import type { TimerHandler } from '../clock/scheduler.js';
import type { TimerKind } from '../clock/timer-kinds.js';
import type { SandboxContext } from '../context.js';
import { expireOnTimer } from './operations.js';
import { bankStepOnTimer, processPayrollOnTimer } from './payouts/transitions.js';

/**
 * What each persisted timer does when it falls due: the one table of every kind (a kind missing
 * here does not compile). Handlers run inside the transaction that deletes the timer row.
 * `ctx` is read when a timer fires: the scheduler is built before the context it belongs to.
 */
export function timerHandlers(ctx: () => SandboxContext): Record<TimerKind, TimerHandler> {
  return {
    'operation.expire': (id) => expireOnTimer(ctx(), id),
    'payout.process': (payrollId, dueAt) => processPayrollOnTimer(ctx(), payrollId, dueAt),
    'payout.bank': (payoutId) => bankStepOnTimer(ctx(), payoutId),
    // The retry is sent by the delivery worker once this transaction commits.
    'notification.retry': (id) => ctx().delivery.kickAfterCommit(id),
  };
}
