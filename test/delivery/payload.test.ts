import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { retryGapMs } from '../../server/delivery/retry-policy.js';
import { brandOf, maskAccount, maskCard } from '../../server/channels/card.js';
import { twoDecimals } from '../../server/contract/common.js';
import { brokenSignature, notificationSignature, wireTime } from '../../server/delivery/payload.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const fields = { public_key: 'pk_x', time: '2025-03-01 10:00:00', channel: '17', amount: '50000.00', currency: 'COP', trans_ID: 'T-1' };

describe('notification payload rules', () => {
  it('signs time channel amount currency trans_ID secret in the standard layout', () => {
    expect(notificationSignature(fields, 'standard', 'sk_1')).toBe(sha('2025-03-01 10:00:0017' + '50000.00COPT-1sk_1'));
  });

  it('puts public_key first in the legacy layout', () => {
    expect(notificationSignature(fields, 'legacy', 'sk_1')).toBe(sha('pk_x2025-03-01 10:00:001750000.00COPT-1sk_1'));
  });

  it('formats amounts with exactly two decimals from cents', () => {
    expect([twoDecimals(5_000_000), twoDecimals(150_050), twoDecimals(5), twoDecimals(0)]).toEqual(['50000.00', '1500.50', '0.05', '0.00']);
  });

  it('writes time in the service layout YYYY-MM-DD HH:MM:SS (UTC)', () => {
    expect(wireTime(Date.UTC(2025, 0, 2, 3, 4, 5, 678))).toBe('2025-01-02 03:04:05');
  });

  it('a broken signature looks valid but differs from the real one', () => {
    const good = notificationSignature(fields, 'standard', 'sk_1');
    const bad = brokenSignature({ ...fields, signature: good });
    expect(bad).toMatch(/^[0-9a-f]{64}$/);
    expect(bad).not.toBe(good);
  });

  it('masks accounts to the last four and cards to the first six and last four', () => {
    expect(maskAccount('012345678901234567')).toBe('************4567');
    expect(maskCard('4111 1111 1111 1111')).toBe('411111******1111');
    expect(maskCard('411111******1111')).toBe('411111******1111');
    expect([brandOf('4111'), brandOf('5500'), brandOf('3782'), brandOf('9999')]).toEqual(['visa', 'mastercard', 'amex', 'other']);
  });

  it('retries after 1, 5, 15, 60 minutes and stops at the fifth attempt', () => {
    const s = { retries_enabled: true, retry_schedule_minutes: [1, 5, 15, 60] };
    expect([1, 2, 3, 4, 5].map((done) => retryGapMs(s, done))).toEqual([60_000, 300_000, 900_000, 3_600_000, null]);
  });

  it('never retries more than 5 attempts even with a longer schedule, and stops when the schedule ends', () => {
    expect(retryGapMs({ retries_enabled: true, retry_schedule_minutes: [1, 1, 1, 1, 1, 1] }, 5)).toBeNull();
    expect(retryGapMs({ retries_enabled: true, retry_schedule_minutes: [2] }, 2)).toBeNull();
  });

  it('with retries disabled the first failure is final', () => {
    expect(retryGapMs({ retries_enabled: false, retry_schedule_minutes: [1, 5] }, 1)).toBeNull();
  });
});
