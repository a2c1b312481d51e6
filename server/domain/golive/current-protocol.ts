import type { EvidenceFacts } from '../../contract/checks.js';
import { isoTime } from '../../contract/common.js';
import type { SandboxContext } from '../../context.js';
import type { MerchantRecord } from '../../store/merchants.js';
import type { RequestLogRecord } from '../../store/request-log.js';

/** Legacy operations read at most (newest first). */
const MAX_OPERATIONS = 5000;

/**
 * `current_protocol`: warn when the merchant sent creations in an older format (2018, 2019), refused
 * with a migration or served on the legacy protocol; pass when every creation was current; skipped
 * without creations. `creations` are the merchant's logged creations since `since`.
 */
export function currentProtocolCheck(
  ctx: SandboxContext,
  merchant: MerchantRecord,
  since: number,
  creations: readonly RequestLogRecord[],
): { verdict: 'pass' | 'warn' | 'skipped'; facts: EvidenceFacts } {
  const from = isoTime(since);
  if (creations.length === 0) return { verdict: 'skipped', facts: { code: 'no_creation', params: { since: from } } };
  const refused = creations.filter((e) => e.migration);
  const served = ctx.store.operations.ownSince(merchant.id, since, MAX_OPERATIONS).filter((op) => op.protocol);
  const old = refused.length + served.length;
  if (old === 0) return { verdict: 'pass', facts: { code: 'current_format', params: { n: creations.length, since: from } } };
  const byDialect = new Map<string, number>();
  for (const d of [...refused.map((e) => e.migration!.dialect), ...served.map((op) => op.protocol!)])
    byDialect.set(d, (byDialect.get(d) ?? 0) + 1);
  const newest = refused.at(-1);
  const m = newest?.migration;
  const how = m
    ? {
        request: newest.id,
        path: m.current_request.path,
        channel: m.current_request.fields.channel ?? '?',
        changes: m.changes.length,
        status: m.verified.status,
        ...(m.verified.code ? { code: m.verified.code } : {}),
      }
    : {};
  return {
    verdict: 'warn',
    facts: {
      code: 'older_format',
      params: { old, n: creations.length, since: from, served: served.length, merchant: merchant.public_key, ...how },
      counted: [...byDialect].map(([value, n]) => ({ value, n })),
    },
  };
}
