import { describe, expect, it } from 'vitest';
import { createDeliveryQueue, hostOf, type LaneView } from '../../server/delivery/queue.js';

const any = () => true;
const takeAll = (q: ReturnType<typeof createDeliveryQueue>, canStart: (l: LaneView) => boolean = any) => {
  const out: number[] = [];
  for (let id = q.take(canStart); id !== undefined; id = q.take(canStart)) out.push(id);
  return out;
};

describe('delivery queue: lanes by merchant and target host, taken in turn', () => {
  it('alternates between lanes, first in first out within each', () => {
    const q = createDeliveryQueue(100);
    for (let i = 1; i <= 4; i++) q.offer({ id: i, merchant: 1, host: 'slow.example' }, 0);
    q.offer({ id: 10, merchant: 2, host: 'shop.example' }, 0);
    q.offer({ id: 11, merchant: 1, host: 'shop.example' }, 0);
    expect(takeAll(q)).toEqual([1, 10, 11, 2, 3, 4]);
    expect(q.inFlight).toBe(6);
  });

  it('skips a lane its caller refuses (a merchant at its cap) and takes the next one', () => {
    const q = createDeliveryQueue(100);
    for (let i = 1; i <= 3; i++) q.offer({ id: i, merchant: 1, host: 'a' }, 0);
    q.offer({ id: 9, merchant: 2, host: 'b' }, 0);
    const capOne = (l: LaneView) => l.merchantInFlight < 1;
    expect(takeAll(q, capOne)).toEqual([1, 9]);
    q.ended(1);
    expect(takeAll(q, capOne)).toEqual([2]);
  });

  it('reports the head of each lane as queued at, so a backlog is told from fresh work', () => {
    const q = createDeliveryQueue(100);
    q.offer({ id: 1, merchant: 1, host: 'a' }, 1_000);
    q.offer({ id: 2, merchant: 2, host: 'b' }, 5_000);
    const seen: number[] = [];
    takeAll(q, (l) => (seen.push(l.headQueuedAt), true));
    expect(seen).toEqual([1_000, 5_000]);
  });

  it('never queues an id twice; an id offered while busy is looked at again once released', () => {
    const q = createDeliveryQueue(100);
    expect(q.offer({ id: 1, merchant: 1, host: 'a' }, 0)).toBe('queued');
    expect(q.offer({ id: 1, merchant: 1, host: 'a' }, 0)).toBe('known');
    expect(takeAll(q)).toEqual([1]);
    expect(q.offer({ id: 1, merchant: 1, host: 'a' }, 0)).toBe('again');
    q.ended(1);
    expect(q.inFlight).toBe(0);
    expect(q.isBusy(1)).toBe(true);
    expect(q.release(1)).toBe(true);
    expect(q.release(1)).toBe(false);
    expect(q.isBusy(1)).toBe(false);
  });

  it("bounds each merchant's queued ids; the overflow is named for a read-back once half has drained", () => {
    const q = createDeliveryQueue(4);
    for (let i = 1; i <= 6; i++) q.offer({ id: i, merchant: 1, host: 'a' }, 0);
    expect(q.offer({ id: 20, merchant: 2, host: 'b' }, 0)).toBe('queued');
    expect(q.queued).toBe(5);
    expect(q.overflowing).toBe(1);
    expect(q.overflowed()).toEqual([]);
    takeAll(q, (l) => l.merchant === 1 && l.merchantInFlight < 2);
    expect(q.overflowed()).toEqual([{ merchant: 1, room: 2 }]);
    q.settleOverflow(1, false);
    expect(q.overflowing).toBe(0);
  });

  it('forgets everything on clear', () => {
    const q = createDeliveryQueue(10);
    q.offer({ id: 1, merchant: 1, host: 'a' }, 0);
    q.offer({ id: 2, merchant: 1, host: 'a' }, 0);
    q.take(any);
    q.clear();
    expect({ queued: q.queued, inFlight: q.inFlight, busy: q.isBusy(1) }).toEqual({ queued: 0, inFlight: 0, busy: false });
    expect(q.take(any)).toBeUndefined();
  });

  it('files an address by its host and port', () => {
    expect(hostOf('http://127.0.0.1:8080/notify')).toBe('127.0.0.1:8080');
    expect(hostOf('not a url')).toBe('not a url');
  });
});
