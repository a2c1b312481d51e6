import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_RULES } from '../../server/channels/registry.js';
import { readDetails } from '../../server/contract/operation-details.js';
import { checkoutPages } from '../../server/checkout/registry.js';
import { CHANNEL_CURRENCIES, CHANNEL_IDS, CHANNEL_PATHS, SPEI_CHANNEL } from '../../server/contract/common.js';

/*
 * One home per channel: every channel id has a rules entry (channels/chNN.ts) and a page
 * (checkout/…chNN…-page.ts), and no code outside channels/ asks "is this channel N?".
 */

const root = new URL('../..', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => (statSync(join(root, dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));

describe('the channel registries', () => {
  it('have one rules entry and one page for every channel id, named after the channel', () => {
    const channelFiles = readdirSync(join(root, 'server/channels'));
    const pageFiles = readdirSync(join(root, 'server/checkout')).filter((f) => f.endsWith('-page.ts'));
    expect(
      Object.keys(CHANNEL_RULES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...CHANNEL_IDS]);
    expect(
      Object.keys(checkoutPages)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...CHANNEL_IDS]);
    for (const id of CHANNEL_IDS) {
      const rules = CHANNEL_RULES[id];
      expect([id, rules.id, rules.path, rules.currencies]).toEqual([id, id, CHANNEL_PATHS[id], CHANNEL_CURRENCIES[id]]);
      expect(channelFiles, `channels/ch${id}.ts`).toContain(`ch${id}.ts`);
      expect(
        pageFiles.filter((f) =>
          f
            .replace(/-page\.ts$/, '')
            .split('-')
            .includes(`ch${id}`),
        ),
        `checkout/ch*${id}*-page.ts`,
      ).toHaveLength(1);
      const source = readFileSync(join(root, `server/channels/ch${id}.ts`), 'utf8');
      expect(source, `ch${id}.ts names its page`).toMatch(/Checkout page: server\/checkout\/ch[\d-ch]*-page\.ts/);
    }
  });

  it('say which channel notifies rejections and which is SPEI (the service: 17 and 41 only)', () => {
    const flagged = (f: (id: (typeof CHANNEL_IDS)[number]) => unknown) => CHANNEL_IDS.filter((id) => f(id));
    expect(flagged((id) => CHANNEL_RULES[id].notification.rejectionNotice)).toEqual([17]);
    expect(flagged((id) => 'spei' in CHANNEL_RULES[id])).toEqual([SPEI_CHANNEL]);
    expect(flagged((id) => checkoutPages[id].bankSelectionPage)).toEqual([36]);
  });

  it('read stored details without throwing, whatever an old bundle carried', () => {
    for (const junk of [null, 'x', 3, [], { voucher_reference: 7, checkout: 'no', card: { brand: 1 } }])
      expect(() => readDetails(junk)).not.toThrow();
    expect(readDetails({ voucher_reference: 7, checkout: { method: 'cash' } })).toEqual({
      voucher_reference: undefined,
      checkout: { method: 'cash' },
    });
    for (const id of CHANNEL_IDS)
      expect(CHANNEL_RULES[id].details.safeParse({ warnings: ['w'], checkout: { method: 'x' } }).success).toBe(true);
  });

  it('leave no channel-number test in server code outside channels/', () => {
    const offenders = files('server')
      .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith('server/channels/'))
      .filter((f) => /(channel|\.id)\s*[!=]==\s*\d/.test(readFileSync(join(root, f), 'utf8')))
      .map((f) => relative('.', f));
    // Give the registry entry a flag instead (e.g. `jsonBodies`, `timeExpiredOptional`).
    expect(offenders).toEqual([]);
  });
});
