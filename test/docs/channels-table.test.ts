import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_IDS } from '../../server/contract/common.js';
import { channelRules } from '../../server/channels/registry.js';

// docs/channels.md repeats each channel's path, currencies and minimum amount for readers; the
// channel rules are the truth, so a rule changed without its row fails here.
const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'channels.md'), 'utf8');
const rows = new Map(
  doc
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const cells = line.split('|').map((c) => c.trim());
      return [Number(cells[1]), { path: cells[2]!, currencies: cells[3]!, amount: cells[4]! }] as const;
    }),
);

describe('docs/channels.md', () => {
  it('has one row per channel', () => {
    expect([...rows.keys()].sort((a, b) => a - b)).toEqual([...CHANNEL_IDS]);
  });

  it.each(CHANNEL_IDS.map((id) => [id]))('channel %i: path, currencies and minimum amount as its rules say', (id) => {
    const rules = channelRules(id);
    const row = rows.get(id)!;
    expect(row.path).toBe(rules.path);
    expect(row.currencies.split(/\s+/)).toEqual([...rules.currencies]);
    const minimum = /minimum ([\d.]+)/.exec(row.amount)?.[1];
    expect(minimum === undefined ? undefined : Number(minimum)).toBe(rules.minAmount);
  });
});
