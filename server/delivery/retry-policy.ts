import type { TimerKind } from '../clock/timer-kinds.js';
import type { SandboxSettings } from '../contract/settings.js';

/** Persisted timer kind of a scheduled retry (and of a delayed first attempt); advancing the sandbox clock fires it. */
export const RETRY_TIMER = 'notification.retry' satisfies TimerKind;
/** At most 5 attempts (the first and up to 4 retries), then the notification is failed. */
export const MAX_ATTEMPTS = 5;

/**
 * Sandbox milliseconds to wait after `done` failed scheduled attempts, or null when the notification
 * is failed now: retries off ("marked failed"), the 5-attempt cap, or the schedule has no more gaps.
 * The schedule is the setting `retry_schedule_minutes` (default 1, 5, 15, 60).
 */
export function retryGapMs(settings: Pick<SandboxSettings, 'retries_enabled' | 'retry_schedule_minutes'>, done: number): number | null {
  if (!settings.retries_enabled || done >= MAX_ATTEMPTS) return null;
  const minutes = settings.retry_schedule_minutes[done - 1];
  return minutes === undefined ? null : Math.round(minutes * 60_000);
}
