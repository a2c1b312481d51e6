import { invalidate } from '../api/cache';
import { connectLive, onLiveBatch } from '../api/live';
import type { LiveEvent } from '@contract/live.js';
import { storeClock } from './sandbox-clock';

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** Which cached views each live event makes stale. Only watched entries refetch, one at a time. */
function invalidationsOf(e: LiveEvent): string[] {
  const d = e.data;
  switch (e.type) {
    case 'operation.created':
      return d.channel === 41 ? ['stats', 'ops-recent', 'spei'] : ['stats', 'ops-recent'];
    case 'operation.changed':
      return ['stats', 'ops-recent', `op:${num(d.id)}`, 'spei'];
    case 'notification.changed': {
      const keys = ['notifications'];
      if (num(d.operation_id) !== null) keys.push(`op:${num(d.operation_id)}`);
      if (num(d.payout_id) !== null) keys.push('payouts', 'payout-notes');
      return keys;
    }
    case 'spei.transfer':
      return num(d.matched_operation_id) !== null ? ['spei', `op:${num(d.matched_operation_id)}`] : ['spei'];
    case 'payout.changed':
      return ['payrolls', 'payouts'];
    case 'merchant.changed':
      return ['merchants'];
    case 'request.logged':
      // A request may have fired a fault rule: its counters are on the Faults screen.
      return ['requests', 'faults'];
    default:
      return [];
  }
}

/** Connects the live stream and keeps the cache fresh from it. */
export function startLiveWiring(): void {
  onLiveBatch((events, dropped) => {
    if (dropped > 0 || events.some((e) => e.type === 'sandbox.reset')) {
      invalidate('');
      return;
    }
    const keys = new Set<string>();
    for (const e of events) {
      if (e.type === 'clock.changed' && typeof e.data.now === 'string') {
        storeClock({ now: e.data.now, offset_minutes: Number(e.data.offset_minutes), paused: Boolean(e.data.paused) });
        // Time travel may expire operations and fire retries: their events follow on their own.
      }
      for (const k of invalidationsOf(e)) keys.add(k);
    }
    for (const k of keys) invalidate(k);
  });
  connectLive();
}
