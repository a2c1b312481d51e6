import { isoTime } from '../../contract/common.js';
import type { CheckId, CheckResult, EvidenceFacts } from '../../contract/checks.js';
import type { SandboxContext } from '../../context.js';
import type { MerchantRecord } from '../../store/merchants.js';
import type { WarningDetail } from '../../contract/warnings.js';
import type { RequestLogRecord } from '../../store/request-log.js';
import { CHECK_TEXTS } from './texts.js';
import { currentProtocolCheck } from './current-protocol.js';
import { said } from './verdicts.js';

/** Accepted creations read at most for `trans_id_unique` (newest first). */
const MAX_OPERATIONS = 5000;
/** Refused signatures, warnings and repeated trans_ids a verdict names at most. */
const MAX_REFUSALS = 5;
const MAX_COUNTED = 10;

const codeOf = (e: RequestLogRecord) => /"code"\s*:\s*"([A-Z_]+)"/.exec(e.response_body)?.[1] ?? null;

/** The first MAX_COUNTED values with how often each was seen, each cut to `chars`. */
const counted = (entries: readonly [string, number][], chars: number) =>
  entries.slice(0, MAX_COUNTED).map(([value, n]) => ({ value: value.slice(0, chars), n }));

/**
 * The passive checks: what the sandbox saw from this merchant since `since` (the request log's call
 * kind and merchant columns, and the merchant's own operations; probe operations left out).
 */
export function passiveChecks(ctx: SandboxContext, merchant: MerchantRecord, since: number, wanted: ReadonlySet<CheckId>): CheckResult[] {
  const from = isoTime(since);
  const mine = ctx.store.requests.ofMerchant(merchant.public_key, ['creation', 'operation_query'], since);
  const creations = mine.filter((e) => e.call_kind === 'creation');
  const accepted = creations.filter((e) => e.status === 200);
  const refusedSig = creations.filter((e) => codeOf(e) === 'INVALID_SIGNATURE');
  const none: EvidenceFacts = { code: 'no_creation', params: { since: from } };
  const noneAccepted: EvidenceFacts = { code: 'no_accepted_creation', params: { since: from } };
  const out: CheckResult[] = [];
  const add = (id: CheckId, verdict: CheckResult['verdict'], facts: EvidenceFacts) => {
    if (!wanted.has(id)) return;
    const { title, advice } = CHECK_TEXTS[id];
    const { evidence, evidence_facts } = said(id, facts);
    out.push({ id, verdict, title, evidence, advice, notification_ids: [], answers: [], evidence_facts });
  };

  if (creations.length === 0) add('signatures_valid', 'skipped', none);
  else if (refusedSig.length) {
    const refusals = refusedSig.slice(-MAX_REFUSALS).map((e) => ({ request: e.id, at: isoTime(e.at), diagnosis: e.diagnosis }));
    add('signatures_valid', 'fail', { code: 'signatures_refused', params: { n: refusedSig.length, since: from }, refusals });
  } else if (accepted.length === 0) add('signatures_valid', 'skipped', { code: 'no_signature_seen', params: { since: from } });
  else add('signatures_valid', 'pass', { code: 'signatures_accepted', params: { n: accepted.length, since: from } });

  if (accepted.length === 0) add('creations_without_warnings', 'skipped', noneAccepted);
  else {
    const counts = new Map<string, number>();
    // Each warning's code and values (from the first entry that kept them), so a reader words it in its language.
    const details = new Map<string, WarningDetail>();
    for (const e of accepted)
      e.warnings.forEach((w, i) => {
        counts.set(w, (counts.get(w) ?? 0) + 1);
        const d = e.warning_details?.length === e.warnings.length ? e.warning_details[i] : undefined;
        if (d && !details.has(w)) details.set(w, d);
      });
    if (counts.size === 0) add('creations_without_warnings', 'pass', { code: 'no_warnings', params: { n: accepted.length, since: from } });
    else {
      const often = [...counts].sort((a, b) => b[1] - a[1]);
      add('creations_without_warnings', 'warn', {
        code: 'warnings',
        params: { kinds: counts.size, n: accepted.length, since: from },
        counted: counted(often, 300).map((c, i) => {
          const warning = details.get(often[i]![0]);
          return warning ? { ...c, warning } : c;
        }),
      });
    }
  }

  const operations = ctx.store.operations.ownSince(merchant.id, since, MAX_OPERATIONS);
  if (operations.length === 0) add('trans_id_unique', 'skipped', noneAccepted);
  else {
    const seen = new Map<string, number>();
    for (const op of operations) seen.set(op.trans_id, (seen.get(op.trans_id) ?? 0) + 1);
    const repeated = [...seen].filter(([, n]) => n > 1);
    if (repeated.length)
      add('trans_id_unique', 'warn', {
        code: 'trans_ids_repeated',
        params: { n: repeated.length, since: from },
        counted: counted(repeated, 255),
      });
    else add('trans_id_unique', 'pass', { code: 'trans_ids_unique', params: { n: operations.length, since: from } });
  }

  const queries = mine.filter((e) => e.call_kind === 'operation_query');
  if (creations.length === 0) add('queries_operations', 'skipped', none);
  else if (queries.length)
    add('queries_operations', 'pass', {
      code: 'queries_seen',
      params: { n: queries.length, since: from, last: isoTime(queries.at(-1)!.at) },
    });
  else add('queries_operations', 'warn', { code: 'no_queries', params: { since: from } });
  const protocol = currentProtocolCheck(ctx, merchant, since, creations);
  add('current_protocol', protocol.verdict, protocol.facts);
  return out;
}
