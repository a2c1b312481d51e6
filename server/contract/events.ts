import type { AdvanceProgress } from './clock.js';

/**
 * The typed event map of the sandbox: what happened, for the console's live stream.
 * Payloads are small: ids and statuses; the console fetches details through the control API.
 */
export interface SandboxEvents {
  'operation.created': { id: number; channel: number; status: string; merchant_id: number };
  'operation.changed': { id: number; status: string; from: string };
  'notification.changed': { id: number; status: string; operation_id: number | null; payout_id: number | null };
  'spei.transfer': { id: number; matched_operation_id: number | null };
  'payout.changed': { id: number; payroll_id: number; status: string };
  'merchant.changed': { public_key: string };
  'clock.changed': { now: string; offset_minutes: number; paused: boolean };
  /** Progress of a clock advance: at its start, every ~250 ms while it runs, and at its end. */
  'clock.advance': AdvanceProgress;
  'request.logged': { method: string; path: string; status: number };
  'sandbox.reset': Record<string, never>;
}
export type SandboxEventName = keyof SandboxEvents;
