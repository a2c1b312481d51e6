import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANNEL_IDS } from '../../server/contract/common.js';
import { CHANNEL_REJECT_EXTRAS, rejectExtrasOf } from '../../server/contract/operations.js';
import { CONSOLE_ROOT, consoleSources } from './sources.js';

describe('reject extras come from the channel table, not from channel numbers in the console', () => {
  it('channel 11 takes error_reason, channel 36 card_failure_code, every other channel none', () => {
    const withExtras = CHANNEL_IDS.filter((c) => CHANNEL_REJECT_EXTRAS[c].length > 0);
    expect(withExtras).toEqual([11, 36]);
    expect(rejectExtrasOf(11)).toEqual(['error_reason']);
    expect(rejectExtrasOf(36)).toEqual(['card_failure_code']);
    expect(rejectExtrasOf(17)).toEqual([]);
    expect(rejectExtrasOf(99)).toEqual([]);
  });

  it('no console file compares a channel with a number literal (server/README.md: give the entry a flag instead)', () => {
    // `channel === 11`, `op.channel !== 36`, `36 == ch.channel`, …
    const literal = /\bchannel\s*[!=]==?\s*\d+|\b\d+\s*[!=]==?\s*[\w.]*channel\b/g;
    const files = consoleSources();
    expect(files.length).toBeGreaterThan(20); // the walk found the console
    const hits = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(literal)].map((m) => `${f.slice(CONSOLE_ROOT.length + 1)}: ${m[0]}`),
    );
    expect(hits).toEqual([]);
  });
});
