import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';

/*
 * PLACEHOLDER — the delivery engine (issue 5) replaces the bodies in this file. The signatures are
 * the contract between the state machine, payouts and the delivery engine.
 */

/** A delivery to write into the outbox (inside the caller's transaction). */
export interface NewNotification {
  merchant_id: number;
  operation_id?: number | null;
  payout_id?: number | null;
  /** success, rejection, payout_callback, payout_notification */
  kind: string;
  url: string;
  content_type: 'application/x-www-form-urlencoded' | 'application/json';
  body: string;
}

/**
 * Writes the notification rows a transition causes (success for every channel; rejection on
 * channel 17 when the merchant has a rejection URL). Called inside the transition's transaction.
 */
export function enqueueForTransition(_ctx: SandboxContext, _op: OperationRecord, _details: Record<string, unknown>): void {}

/** Writes one notification row and schedules its first attempt; returns its id. Call inside a transaction. */
export function enqueueNotification(_ctx: SandboxContext, _n: NewNotification): number {
  return 0;
}

/** The notifications (with attempts) of an operation or payout, for API views. */
export function notificationsOf(_ctx: SandboxContext, _filter: { operation_id?: number; payout_id?: number }): unknown[] {
  return [];
}
