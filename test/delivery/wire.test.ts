import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox.js';
import type { NewNotificationRow } from '../../server/store/notifications.js';
import { createAttemptWriter } from '../../server/delivery/attempt-writer.js';
import type { AttemptOutcome, StatusChange } from '../../server/delivery/attempts.js';
import { isPayoutCallback, wireHeaders, wireMessage } from '../../server/delivery/wire.js';

const sb = createSandbox({ data: ':memory:', port: 0, log: () => {}, consoleDir: null });
afterAll(() => sb.stop());
const { store, clock } = sb.ctx;
const demo = store.merchants.byPublicKey('pk_sandbox_demo')!;
store.merchants.save({ ...demo, success_url: 'https://shop.example/now' });

function row(over: Partial<NewNotificationRow> = {}) {
  const id = store.notifications.insert({
    public_id: `ntf_${String(Math.random()).slice(2, 14).padEnd(24, '0')}`,
    merchant_id: demo.id,
    operation_id: null,
    payout_id: null,
    kind: 'success',
    url: 'https://shop.example/then',
    content_type: 'application/x-www-form-urlencoded',
    body: 'a=1',
    next_attempt_at: clock.now(),
    test_label: null,
    parent_id: null,
    header_id: null,
    created_at: clock.now(),
    ...over,
  });
  return store.notifications.get(id)!;
}

describe('wire: what exactly the merchant receives', () => {
  it("goes to the merchant's current address for its kind; a test delivery and a payout callback keep their own", () => {
    expect(wireMessage(sb.ctx, row()).url).toBe('https://shop.example/now');
    expect(wireMessage(sb.ctx, row({ test_label: 'duplicate' })).url).toBe('https://shop.example/then');
    expect(wireMessage(sb.ctx, row({ kind: 'payout_callback', url: 'https://bank.example/otp' })).url).toBe('https://bank.example/otp');
  });

  it('carries the stored body unchanged, the type in utf-8, the sandbox as sender and the id to deduplicate on', () => {
    const n = row({ body: 'x=%C3%B1' });
    expect(wireMessage(sb.ctx, n)).toEqual({
      url: 'https://shop.example/now',
      body: 'x=%C3%B1',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
        'User-Agent': `PasarelaSandbox/${sb.ctx.version}`,
        'X-Sandbox-Notification-Id': n.public_id,
      },
    });
    expect(wireHeaders({ content_type: 'application/json', header_id: 'ntf_original', public_id: 'ntf_copy' }, '1.0')).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Sandbox-Notification-Id': 'ntf_original',
    });
  });

  it('names payout callbacks, which get their own deadline', () => {
    expect(isPayoutCallback('payout_callback')).toBe(true);
    expect(isPayoutCallback('payout_notification')).toBe(false);
  });
});

describe('attempt writer', () => {
  it('writes finished attempts together in one transaction, then hands them back with their status changes', async () => {
    const rows = [row(), row()];
    const handed: { batch: readonly AttemptOutcome[]; changes: StatusChange[] }[] = [];
    const writer = createAttemptWriter(sb.ctx, (batch, changes) => void handed.push({ batch, changes }));
    const result = { delivered: true, response_status: 200, response_body: 'ok', error: null, latency_ms: 3, aborted: false };
    for (const n of rows)
      writer.add({ notification_id: n.id, source: 'automatic', at: clock.now(), url: n.url, headers: {}, body: n.body, result });
    expect(writer.pending).toBe(2);
    await new Promise<void>((resolve) => setTimeout(resolve, 50));
    expect(handed).toHaveLength(1);
    expect(handed[0]!.changes.map((c) => c.status)).toEqual(['delivered', 'delivered']);
    expect(writer.tally()).toEqual({ succeeded: 2, failed: 0 });
    for (const n of rows) expect(store.notifications.get(n.id)).toMatchObject({ status: 'delivered', attempt_count: 1 });
    expect(store.notifications.attemptsOf(rows.map((n) => n.id)).size).toBe(2);
  });

  it('writes nothing once closed', () => {
    const n = row();
    const writer = createAttemptWriter(sb.ctx, () => {});
    writer.close();
    const result = { delivered: false, response_status: 500, response_body: '', error: 'HTTP 500', latency_ms: 1, aborted: false };
    writer.add({ notification_id: n.id, source: 'automatic', at: clock.now(), url: n.url, headers: {}, body: n.body, result });
    writer.flush();
    expect(store.notifications.get(n.id)).toMatchObject({ status: 'pending', attempt_count: 0 });
  });
});
