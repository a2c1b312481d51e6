import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';

/*
 * PLACEHOLDER — the delivery engine (issue 5) replaces this file. The signatures are the contract
 * between the state machine and the delivery engine.
 */

/**
 * Writes the notification rows a transition causes (success for every channel; rejection on
 * channel 17 when the merchant has a rejection URL). Called inside the transition's transaction.
 */
export function enqueueForTransition(_ctx: SandboxContext, _op: OperationRecord, _details: Record<string, unknown>): void {}

/** The notifications (with attempts) of an operation or payout, for API views. */
export function notificationsOf(_ctx: SandboxContext, _filter: { operation_id?: number; payout_id?: number }): unknown[] {
  return [];
}
