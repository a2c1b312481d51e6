import type { CheckResult } from '../../contract/checks.js';
import type { SandboxContext } from '../../context.js';
import type { MerchantRecord } from '../../store/merchants.js';
import type { RequestLogRecord } from '../../store/request-log.js';

type Verdict = Pick<CheckResult, 'verdict' | 'evidence'>;

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
): Verdict {
  const from = `since ${new Date(since).toISOString()}`;
  if (creations.length === 0)
    return { verdict: 'skipped', evidence: `skipped: the sandbox has seen no payment creation from this merchant ${from}` };
  const refused = creations.filter((e) => e.migration);
  const served = ctx.store.operations.ownSince(merchant.id, since, MAX_OPERATIONS).filter((op) => op.protocol);
  const old = refused.length + served.length;
  if (old === 0) return { verdict: 'pass', evidence: `${creations.length} creation(s) ${from}, all in the current request format.` };
  const byDialect = new Map<string, number>();
  for (const d of [...refused.map((e) => e.migration!.dialect), ...served.map((op) => op.protocol!)])
    byDialect.set(d, (byDialect.get(d) ?? 0) + 1);
  const newest = refused.at(-1);
  const m = newest?.migration;
  const how = m
    ? ` The newest refused (request ${newest.id}) becomes ${m.current_request.path} ` +
      `with channel ${m.current_request.fields.channel ?? '?'}; ` +
      `${m.changes.length} change(s); its converted request answers ${m.verified.status}${m.verified.code ? ` ${m.verified.code}` : ''}.`
    : '';
  return {
    verdict: 'warn',
    evidence:
      `${old} of ${creations.length} creation(s) ${from} in an older request format (` +
      [...byDialect].map(([d, n]) => `${d}: ${n}`).join(', ') +
      `${served.length ? `; ${served.length} served on the legacy protocol` : ''}).${how} ` +
      `The migration, field by field: GET /sandbox/v1/merchants/${merchant.public_key}/migration or the console's Migration screen.`,
  };
}
