import { isoTime } from '../../contract/common.js';
import type { CheckId, CheckResult } from '../../contract/checks.js';
import type { SandboxContext } from '../../context.js';
import type { MerchantRecord } from '../../store/merchants.js';
import type { RequestLogRecord } from '../../store/request-log.js';
import { CHECK_TEXTS } from './texts.js';
import { currentProtocolCheck } from './current-protocol.js';

/** Accepted creations read at most for `trans_id_unique` (newest first). */
const MAX_OPERATIONS = 5000;

const codeOf = (e: RequestLogRecord) => /"code"\s*:\s*"([A-Z_]+)"/.exec(e.response_body)?.[1] ?? null;

/**
 * The passive checks: what the sandbox saw from this merchant since `since` (the request log's call
 * kind and merchant columns, and the merchant's own operations; probe operations left out).
 */
export function passiveChecks(ctx: SandboxContext, merchant: MerchantRecord, since: number, wanted: ReadonlySet<CheckId>): CheckResult[] {
  const from = `since ${isoTime(since)}`;
  const mine = ctx.store.requests.ofMerchant(merchant.public_key, ['creation', 'operation_query'], since);
  const creations = mine.filter((e) => e.call_kind === 'creation');
  const accepted = creations.filter((e) => e.status === 200);
  const refusedSig = creations.filter((e) => codeOf(e) === 'INVALID_SIGNATURE');
  const none = `skipped: the sandbox has seen no payment creation from this merchant ${from}`;
  const noneAccepted = `skipped: the sandbox has seen no accepted payment creation from this merchant ${from}`;
  const out: CheckResult[] = [];
  const add = (id: CheckId, verdict: CheckResult['verdict'], evidence: string) => {
    if (wanted.has(id))
      out.push({ id, verdict, title: CHECK_TEXTS[id].title, evidence, advice: CHECK_TEXTS[id].advice, notification_ids: [], answers: [] });
  };

  if (creations.length === 0) add('signatures_valid', 'skipped', none);
  else if (refusedSig.length) {
    const lines = refusedSig
      .slice(-5)
      .map((e) => `request ${e.id} (${isoTime(e.at)}): ${e.diagnosis ? e.diagnosis.explanation : 'no diagnosis kept'}`);
    add('signatures_valid', 'fail', `${refusedSig.length} creation(s) refused with INVALID_SIGNATURE ${from}. ${lines.join(' ')}`);
  } else if (accepted.length === 0)
    add('signatures_valid', 'skipped', `skipped: no creation was accepted ${from}, so no signature was seen to verify`);
  else add('signatures_valid', 'pass', `${accepted.length} signed creation(s) accepted ${from}, none refused for its signature.`);

  if (accepted.length === 0) add('creations_without_warnings', 'skipped', noneAccepted);
  else {
    const counts = new Map<string, number>();
    for (const e of accepted) for (const w of e.warnings) counts.set(w, (counts.get(w) ?? 0) + 1);
    if (counts.size === 0)
      add('creations_without_warnings', 'pass', `${accepted.length} accepted creation(s) ${from}, none with a warning.`);
    else
      add(
        'creations_without_warnings',
        'warn',
        `${counts.size} distinct warning(s) over ${accepted.length} accepted creation(s) ${from}: ` +
          [...counts]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 10)
            .map(([w, n]) => `${w.slice(0, 300)} (${n}×)`)
            .join('; ') +
          '. The real service may refuse these.',
      );
  }

  const operations = ctx.store.operations.ownSince(merchant.id, since, MAX_OPERATIONS);
  if (operations.length === 0) add('trans_id_unique', 'skipped', noneAccepted);
  else {
    const seen = new Map<string, number>();
    for (const op of operations) seen.set(op.trans_id, (seen.get(op.trans_id) ?? 0) + 1);
    const repeated = [...seen].filter(([, n]) => n > 1);
    if (repeated.length)
      add(
        'trans_id_unique',
        'warn',
        `${repeated.length} trans_id(s) sent in more than one accepted creation ${from}: ` +
          repeated
            .slice(0, 10)
            .map(([t, n]) => `${t.slice(0, 255)} (${n}×)`)
            .join(', ') +
          '.',
      );
    else add('trans_id_unique', 'pass', `${operations.length} accepted creation(s) ${from}, each with its own trans_id.`);
  }

  const queries = mine.filter((e) => e.call_kind === 'operation_query');
  if (creations.length === 0) add('queries_operations', 'skipped', none);
  else if (queries.length)
    add(
      'queries_operations',
      'pass',
      `${queries.length} operation quer${queries.length === 1 ? 'y' : 'ies'} ${from}, the last at ${isoTime(queries.at(-1)!.at)}.`,
    );
  else
    add(
      'queries_operations',
      'warn',
      `The merchant never asked for an operation's state (GET /api/operations) ${from}: ` +
        'if a notification is lost, your shop cannot find out.',
    );
  const protocol = currentProtocolCheck(ctx, merchant, since, creations);
  add('current_protocol', protocol.verdict, protocol.evidence);
  return out;
}
