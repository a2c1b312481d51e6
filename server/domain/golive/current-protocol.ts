import type { CheckResult } from '../../contract/checks.js';
import type { RequestLogRecord } from '../../store/request-log.js';
import { dialectEntries } from '../protocol/dialect.js';

type Verdict = Pick<CheckResult, 'verdict' | 'evidence'>;

/**
 * `current_protocol`: warn when the merchant sent creations in an older dialect (2018, 2019), with
 * what each shape should become; pass when every creation was current; skipped without creations.
 * `creations` are the merchant's logged creations with their fields, oldest first.
 */
export function currentProtocolCheck(publicKey: string, creations: readonly { e: RequestLogRecord; f: Record<string, string> }[]): Verdict {
  if (creations.length === 0)
    return { verdict: 'skipped', evidence: 'skipped: the sandbox has seen no payment creation from this merchant since the last reset' };
  const old = dialectEntries(creations);
  if (old.length === 0) return { verdict: 'pass', evidence: `${creations.length} creation(s), all in the current request format.` };
  const byDialect = new Map<string, number>();
  for (const d of old) byDialect.set(d.dialect, (byDialect.get(d.dialect) ?? 0) + 1);
  const newest = old.at(-1)!;
  const m = newest.e.migration;
  const how = m
    ? ` The newest (request ${newest.e.id}) becomes ${m.current_request.path} with channel ${m.current_request.fields.channel ?? '?'}; ` +
      `${m.changes.length} change(s); its converted request answers ${m.verified.status}${m.verified.code ? ` ${m.verified.code}` : ''}.`
    : '';
  return {
    verdict: 'warn',
    evidence:
      `${old.length} of ${creations.length} creation(s) in an older request format (` +
      [...byDialect].map(([d, n]) => `${d}: ${n}`).join(', ') +
      `).${how} The migration, field by field: GET /sandbox/v1/merchants/${publicKey}/migration or the console's Migration screen.`,
  };
}
