import { invalidate } from '../api/cache';
import { cacheKeys, type CacheKey } from '../api/cache-keys';
import { connectLive, onLiveBatch } from '../api/live';
import { SPEI_CHANNEL } from '@contract/common.js';
import type { LiveEvent } from '@contract/live.js';
import { storeClock } from './sandbox-clock';

/** Which cached views each live event makes stale. Only watched entries refetch, one at a time. */
export function invalidationsOf(e: LiveEvent): CacheKey[] {
  switch (e.type) {
    case 'operation.created':
      return e.data.channel === SPEI_CHANNEL ? ['stats', 'ops-recent', 'spei'] : ['stats', 'ops-recent'];
    case 'operation.changed':
      return ['stats', 'ops-recent', cacheKeys.operation(e.data.id), 'spei'];
    case 'notification.changed': {
      const keys: CacheKey[] = ['notifications'];
      if (e.data.operation_id !== null) keys.push(cacheKeys.operation(e.data.operation_id));
      if (e.data.payout_id !== null) keys.push('payouts');
      return keys;
    }
    case 'spei.transfer':
      return e.data.matched_operation_id !== null ? ['spei', cacheKeys.operation(e.data.matched_operation_id)] : ['spei'];
    case 'payout.changed':
      return ['payrolls', 'payouts'];
    case 'merchant.changed':
      return ['merchants'];
    case 'request.logged':
      // A request may have fired a fault rule: its counters are on the Faults screen. A creation may
      // be a new shape of older request on the Migration screen.
      return /securepayment/i.test(e.data.path) ? ['requests', 'faults', 'migration'] : ['requests', 'faults'];
    case 'replay.progress':
      return e.data.finished ? ['replays', cacheKeys.replay(e.data.id)] : [];
    case 'clock.changed':
    case 'clock.advance':
    case 'sandbox.reset':
      // The clock is stored from the event itself; a reset refetches everything (below).
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
    const keys = new Set<CacheKey>();
    for (const e of events) {
      if (e.type === 'clock.changed') {
        storeClock(e.data);
        // Time travel may expire operations and fire retries: their events follow on their own.
      }
      for (const k of invalidationsOf(e)) keys.add(k);
    }
    for (const k of keys) invalidate(k);
  });
  connectLive();
}
