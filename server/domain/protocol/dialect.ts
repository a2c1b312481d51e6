import { FLAT_SHOPPER_KEYS, type Dialect } from '../../contract/protocol.js';
import type { RequestLogRecord } from '../../store/request-log.js';

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

/** A logged creation in an older dialect: its fields as logged (secrets masked) and its dialect. */
export interface DialectEntry {
  e: RequestLogRecord;
  f: Record<string, string>;
  dialect: Dialect;
}

/** The merchant's creations in an older dialect among logged ones (refused with a migration, or served to a legacy merchant). */
export const dialectEntries = (entries: readonly { e: RequestLogRecord; f: Record<string, string> }[]): DialectEntry[] =>
  entries.flatMap(({ e, f }) => {
    const dialect = dialectOf(f);
    return dialect && e.call_kind === 'creation' ? [{ e, f, dialect }] : [];
  });
