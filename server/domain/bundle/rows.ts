import type { TimerKind } from '../../clock/timer-kinds.js';
import type { BundleTable, RawRow } from '../../store/bundle.js';
import { EXPIRE_TIMER } from '../operations.js';

/** Columns stored as JSON text that a bundle shows as JSON values. */
const JSON_COLUMNS: Partial<Record<BundleTable, string[]>> = {
  merchants: ['channels', 'blacklisted_documents'],
  operations: ['shopper', 'request', 'details'],
  operation_events: ['details'],
  payouts: ['item'],
  notification_attempts: ['request_headers'],
};

/** Which table a timer's ref_id points into, by timer kind; timers of other kinds are not imported. */
export const TIMER_REFS: Record<TimerKind, 'operations' | 'notifications' | 'payrolls' | 'payouts'> = {
  [EXPIRE_TIMER]: 'operations',
  'notification.retry': 'notifications',
  'payout.process': 'payrolls',
  'payout.bank': 'payouts',
};

export type Row = Record<string, unknown>;

/** A stored row as a bundle shows it: JSON columns parsed. */
export function decode(table: BundleTable, row: RawRow): Row {
  const out: Row = { ...row };
  for (const c of JSON_COLUMNS[table] ?? []) {
    const v = row[c];
    if (typeof v === 'string') {
      try {
        out[c] = JSON.parse(v);
      } catch {
        // leave the text as it is: an export must never fail on one odd row
      }
    }
  }
  return out;
}

/** A bundle row as the store takes it: JSON columns as text, booleans as 0/1, nested lists and `omit` left out. */
export function encode(table: BundleTable, row: Row, omit: string[] = []): RawRow {
  const out: RawRow = {};
  const json = JSON_COLUMNS[table] ?? [];
  for (const [k, v] of Object.entries(row)) {
    if (omit.includes(k)) continue;
    if (json.includes(k)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
    else if (typeof v === 'boolean') out[k] = v ? 1 : 0;
    else if (typeof v === 'string' || typeof v === 'number' || v === null) out[k] = v;
  }
  return out;
}
