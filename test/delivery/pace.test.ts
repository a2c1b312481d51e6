import { describe, expect, it } from 'vitest';
import { BACKLOG_MS, CATCH_UP_CAP, createPace } from '../../server/delivery/pace.js';

function setup(active: boolean) {
  const now = 100_000;
  return createPace(() => now, { recent: () => active });
}

describe('pace: a backlog gives way to merchants at work, fresh work never waits', () => {
  it('fresh work starts whatever is in flight', () => {
    expect(setup(true).allows(100_000 - BACKLOG_MS, 500)).toBe(true);
  });

  it('a backlog, while payments are being created, starts only below the catch-up cap', () => {
    const pace = setup(true);
    expect(pace.allows(100_000 - BACKLOG_MS - 1, CATCH_UP_CAP - 1)).toBe(true);
    expect(pace.allows(100_000 - BACKLOG_MS - 1, CATCH_UP_CAP)).toBe(false);
  });

  it('a backlog with no merchant activity goes at full speed', () => {
    expect(setup(false).allows(0, 500)).toBe(true);
  });
});
