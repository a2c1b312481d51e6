import type { CheckId, EvidenceCode, EvidenceFacts } from './checks.js';

/**
 * A go-live check's evidence in English, from its code and values: the one wording of the report's
 * `evidence` (API clients, the CLI, the Markdown report). The console words the same facts in its own
 * language. Times are ISO 8601, as the report gives them.
 */

/** The merchant setting whose absence skips a probe, and why it matters. */
export const URL_SETTINGS = ['success_url', 'rejection_url', 'payout_url'] as const;
export type UrlSetting = (typeof URL_SETTINGS)[number];
const NO_URL: Record<UrlSetting, string> = {
  success_url: 'the merchant has no success URL (set success_url)',
  rejection_url: 'the merchant has no rejection URL (set rejection_url; rejections are sent only where one is set)',
  payout_url: 'the merchant has no payout URL (set payout_url)',
};

type Params = EvidenceFacts['params'];

/** What each probe sent, as its sentence starts; the duplicate names the notification id it repeated. */
const WHAT: Partial<Record<CheckId, (p: Params) => string>> = {
  success_acknowledged: () => 'A success notification',
  duplicate_acknowledged: (p) => `The same notification again (id ${p.id})`,
  forged_signature_refused: () => 'A success for another order with a wrong, well-formed signature',
  tampered_amount_refused: () => 'A success with the amount raised by 1000.00 and the original signature',
  get_forged_refused: () => 'The fields of a forged success as a GET query string',
  unknown_fields_tolerated: (p) => `A correctly signed success with an extra field ${p.field}`,
  rejection_acknowledged: () => 'A channel 17 rejection notification',
  payout_notification_acknowledged: () => 'A payout status change (transfer_status 2)',
};

/** What a handler that acknowledges a probe it should refuse exposes the shop to. */
const RISK: Partial<Record<CheckId, string>> = {
  forged_signature_refused: 'Anyone who knows an order number can mark it paid: compare the signature, refuse on mismatch.',
  tampered_amount_refused: 'Anyone can change the amount of a real notification: verify the signature over the amount as received.',
  get_forged_refused: 'The service only POSTs: a link in an e-mail or an image tag can mark an order paid.',
};

type Heard = NonNullable<EvidenceFacts['heard']>[number];

/** How a probe was answered: `HTTP 500 in 12 ms`, `connection refused in 3 ms`. */
export function answeredText(a: Heard): string {
  const ms = a.latency_ms === null ? '' : ` in ${a.latency_ms} ms`;
  return a.status !== null ? `HTTP ${a.status}${ms}` : `${a.error ?? 'no answer'}${ms}`;
}

const timesList = (f: EvidenceFacts, sep: string) => (f.counted ?? []).map((c) => `${c.value} (${c.n}×)`).join(sep);

/** The English evidence of check `id` from its facts. */
export function evidenceText(id: CheckId, f: EvidenceFacts): string {
  const p = f.params;
  const what = WHAT[id]?.(p) ?? id;
  const heard = (f.heard ?? []).map(answeredText);
  const from = `since ${p.since}`;
  const texts: Record<EvidenceCode, () => string> = {
    no_url: () => `skipped: ${NO_URL[p.url as UrlSetting] ?? String(p.url)}`,
    none_acknowledged: () => 'skipped: no probe was acknowledged, so there is no answer time to judge',
    acknowledged: () => `${what}: ${heard[0]}, acknowledged.`,
    not_acknowledged: () => `${what}: ${heard[0]}, not acknowledged (only 200 or 203 within 10 s count).`,
    refused: () => `${what}: ${heard[0]}, refused.`,
    not_refused: () => `${what}: ${heard[0]}, acknowledged. ${RISK[id] ?? ''}`,
    no_http_answer: () => `skipped: ${what}: ${heard[0]}; without an HTTP answer it cannot tell whether your handler refuses it.`,
    late_acknowledged: () => `The success before it: ${heard[0]}. A rejection for the same trans_ID after it: ${heard[1]}, acknowledged.`,
    late_not_acknowledged: () =>
      `The success before it: ${heard[0]}. A rejection for the same trans_ID after it: ${heard[1]}, ` +
      'not acknowledged; the real service would keep retrying it.',
    nothing_to_compare: () => 'skipped: the success or the rejection probe got no HTTP answer to compare.',
    same_answer: () =>
      `The success and the rejection got the same answer (${heard[0]}, values echoed from each notification ` +
      'blanked): your handler answers a rejection exactly as a payment; make sure it never marks the order paid.',
    different_answers: () => `The success (${heard[0]}) and the rejection (${heard[1]}) got different answers.`,
    timed_out: () => `${p.n} of ${p.of} probes timed out (${p.error}).`,
    slow: () => `${p.n} of ${p.of} acknowledged probes took 3 s or more (slowest ${p.slowest} ms).`,
    fast: () => `All ${p.n} acknowledged probes answered under 3 s (slowest ${p.slowest} ms).`,
    no_creation: () => `skipped: the sandbox has seen no payment creation from this merchant ${from}`,
    no_accepted_creation: () => `skipped: the sandbox has seen no accepted payment creation from this merchant ${from}`,
    signatures_refused: () =>
      `${p.n} creation(s) refused with INVALID_SIGNATURE ${from}. ` +
      (f.refusals ?? [])
        .map((r) => `request ${r.request} (${r.at}): ${r.diagnosis ? r.diagnosis.explanation : 'no diagnosis kept'}`)
        .join(' '),
    no_signature_seen: () => `skipped: no creation was accepted ${from}, so no signature was seen to verify`,
    signatures_accepted: () => `${p.n} signed creation(s) accepted ${from}, none refused for its signature.`,
    no_warnings: () => `${p.n} accepted creation(s) ${from}, none with a warning.`,
    warnings: () =>
      `${p.kinds} distinct warning(s) over ${p.n} accepted creation(s) ${from}: ${timesList(f, '; ')}. The real service may refuse these.`,
    trans_ids_repeated: () => `${p.n} trans_id(s) sent in more than one accepted creation ${from}: ${timesList(f, ', ')}.`,
    trans_ids_unique: () => `${p.n} accepted creation(s) ${from}, each with its own trans_id.`,
    queries_seen: () => `${p.n} operation quer${p.n === 1 ? 'y' : 'ies'} ${from}, the last at ${p.last}.`,
    no_queries: () =>
      `The merchant never asked for an operation's state (GET /api/operations) ${from}: ` +
      'if a notification is lost, your shop cannot find out.',
    current_format: () => `${p.n} creation(s) ${from}, all in the current request format.`,
    older_format: () => {
      const formats = (f.counted ?? []).map((c) => `${c.value}: ${c.n}`).join(', ');
      const served = p.served ? `; ${p.served} served on the legacy protocol` : '';
      const how =
        p.request === undefined
          ? ''
          : ` The newest refused (request ${p.request}) becomes ${p.path} with channel ${p.channel}; ` +
            `${p.changes} change(s); its converted request answers ${p.status}${p.code ? ` ${p.code}` : ''}.`;
      return (
        `${p.old} of ${p.n} creation(s) ${from} in an older request format (${formats}${served}).${how} ` +
        `The migration, field by field: GET /sandbox/v1/merchants/${p.merchant}/migration or the console's Migration screen.`
      );
    },
  };
  return texts[f.code]();
}
