import { describe, expect, it } from 'vitest';
import type { OperationSummary } from '../../server/contract/operations.js';
import { LiveEventSchema } from '../../server/contract/live.js';
import { applyLiveEvents, type OperationList } from '../../renderer/src/features/operations/list-data.js';

const row = (id: number, status: OperationSummary['status'] = 'pending'): OperationSummary => ({
  id,
  status,
  trans_id: `T${id}`,
  channel: 17,
  amount: '100.00',
  currency: 'USD',
  filter_by: null,
  protocol: null,
  legacy_channel: null,
  mid_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-02T00:00:00.000Z',
  shopper_name: null,
  doc_number: null,
  email: null,
});
const list = (...rows: OperationSummary[]): OperationList => ({ items: rows, next_cursor: null });
const changed = (id: number, status: string) => LiveEventSchema.parse({ type: 'operation.changed', data: { id, status, from: 'pending' } });
const created = (id: number) =>
  LiveEventSchema.parse({ type: 'operation.created', data: { id, channel: 17, status: 'pending', merchant_id: 1 } });

describe('applyLiveEvents: a live batch applied to the shown operations list', () => {
  it('patches the status of shown rows in place, the last event winning', () => {
    const before = list(row(3), row(2), row(1));
    const r = applyLiveEvents(before, [changed(2, 'confirmed'), changed(1, 'rejected'), changed(1, 'expired')]);
    expect(r.list?.items.map((o) => [o.id, o.status])).toEqual([
      [3, 'pending'],
      [2, 'confirmed'],
      [1, 'expired'],
    ]);
    expect(r.created).toBe(false);
    expect(before.items[1]!.status).toBe('pending');
  });

  it('keeps the same list object when no shown row changed (no re-render)', () => {
    const before = list(row(3));
    expect(applyLiveEvents(before, [changed(99, 'confirmed')]).list).toBe(before);
    expect(applyLiveEvents(before, []).list).toBe(before);
  });

  it('says new rows exist when an operation was created', () => {
    const r = applyLiveEvents(list(row(3)), [created(4)]);
    expect(r).toMatchObject({ created: true, list: { items: [{ id: 3 }] } });
  });

  it('handles a list not loaded yet', () => {
    expect(applyLiveEvents(undefined, [changed(1, 'confirmed'), created(2)])).toEqual({ list: undefined, created: true });
  });
});
