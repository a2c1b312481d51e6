import { FLAT_SHOPPER_KEYS, type Dialect } from '../../contract/protocol.js';

/**
 * Which older dialect a creation's fields are in, or null for a current request. Read on every
 * creation, so it only looks keys up: a 2018 field name (`curency`, `trans_ID`, `url_erro`) makes
 * it 2018; else a channel of 0–4, or a flattened shopper key without `shopper_information`, 2019.
 */
export function dialectOf(f: Record<string, string>): Dialect | null {
  if (f.curency !== undefined || f.trans_ID !== undefined || f.url_erro !== undefined) return '2018';
  const c = f.channel;
  if (c !== undefined && c.length <= 8) {
    const t = c.trim();
    if (t.length === 1 && t >= '0' && t <= '4') return '2019';
  }
  if (f.shopper_information === undefined) for (const k of FLAT_SHOPPER_KEYS) if (f[k] !== undefined) return '2019';
  return null;
}
