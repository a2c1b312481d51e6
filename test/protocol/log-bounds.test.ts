import { describe, expect, it } from 'vitest';
import type { Migration } from '../../server/contract/migration.js';
import { MIGRATION_BYTES, requestLogEntry } from '../../server/store/request-log-entry.js';

const migration = (note: string): Migration => ({
  dialect: '2019',
  current_request: { path: '/payments/check-out/SecurePayment.php', fields: { channel: '17' } },
  changes: [{ field: 'channel', sent: '1', current: '17', note }],
  equivalent_channels: [{ channel: 17, filter_by: 'bankredirect' }],
  verified: { status: 200, code: null },
});

describe("a refused dialect creation's migration on the request log", () => {
  it('counts in the entry bytes (the log byte cap), and one past its bound is not kept', () => {
    const plain = requestLogEntry({ at: 0, method: 'POST', path: '/justpay/check-out/SecurePayment' });
    const kept = requestLogEntry({ at: 0, method: 'POST', path: '/justpay/check-out/SecurePayment', migration: migration('ok') });
    expect(kept.migration).not.toBeNull();
    expect(kept.bytes - plain.bytes).toBe(Buffer.byteLength(kept.migration!));
    const huge = requestLogEntry({ at: 0, method: 'POST', path: '/x', migration: migration('x'.repeat(MIGRATION_BYTES)) });
    expect(huge.migration).toBeNull();
    expect(huge.bytes).toBe(requestLogEntry({ at: 0, method: 'POST', path: '/x' }).bytes);
  });
});
