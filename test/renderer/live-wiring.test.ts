import { describe, expect, it } from 'vitest';
import { LiveBatchSchema, LiveEventSchema, type LiveEvent } from '../../server/contract/live.js';
import { sandboxEventSchemas, type SandboxEventName } from '../../server/contract/events.js';
import { invalidationsOf } from '../../renderer/src/app/live-wiring.js';

const ev = (e: unknown): LiveEvent => LiveEventSchema.parse(e);

describe('live events are a typed union shared by the server and the console', () => {
  it('the union has one member per event of the map', () => {
    const types = LiveEventSchema.options.map((o) => o.shape.type.value).sort();
    expect(types).toEqual((Object.keys(sandboxEventSchemas) as SandboxEventName[]).sort());
  });

  it('refuses an unknown type and a payload of the wrong shape', () => {
    expect(LiveEventSchema.safeParse({ type: 'operation.exploded', data: {} }).success).toBe(false);
    expect(LiveEventSchema.safeParse({ type: 'operation.changed', data: { id: '12', status: 'confirmed', from: 'pending' } }).success).toBe(
      false,
    );
    expect(LiveEventSchema.safeParse({ type: 'operation.changed', data: { id: 12, status: 'paid', from: 'pending' } }).success).toBe(false);
    expect(LiveBatchSchema.safeParse({ events: [{ type: 'nope', data: {} }], dropped: 0 }).success).toBe(false);
  });
});

describe('invalidationsOf: which cached views an event makes stale', () => {
  it.each([
    [{ type: 'operation.created', data: { id: 1, channel: 17, status: 'pending', merchant_id: 1 } }, ['stats', 'ops-recent']],
    [{ type: 'operation.created', data: { id: 1, channel: 41, status: 'pending', merchant_id: 1 } }, ['stats', 'ops-recent', 'spei']],
    [{ type: 'operation.changed', data: { id: 7, status: 'confirmed', from: 'pending' } }, ['stats', 'ops-recent', 'op:7', 'spei']],
    [{ type: 'notification.changed', data: { id: 3, status: 'delivered', operation_id: 7, payout_id: null } }, ['notifications', 'op:7']],
    [{ type: 'notification.changed', data: { id: 3, status: 'failed', operation_id: null, payout_id: 9 } }, ['notifications', 'payouts']],
    [{ type: 'spei.transfer', data: { id: 2, matched_operation_id: 7 } }, ['spei', 'op:7']],
    [{ type: 'spei.transfer', data: { id: 2, matched_operation_id: null } }, ['spei']],
    [{ type: 'payout.changed', data: { id: 2, payroll_id: 1, status: 'approved' } }, ['payrolls', 'payouts']],
    [{ type: 'merchant.changed', data: { public_key: 'pk' } }, ['merchants']],
    [{ type: 'request.logged', data: { method: 'GET', path: '/api/operations', status: 200 } }, ['requests', 'faults']],
    [{ type: 'clock.changed', data: { now: '2026-01-01T00:00:00.000Z', offset_minutes: 0, paused: false } }, []],
    [{ type: 'sandbox.reset', data: {} }, []],
  ])('%j', (e, keys) => {
    expect(invalidationsOf(ev(e))).toEqual(keys);
  });
});
