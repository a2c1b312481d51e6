import type { CheckId, CheckResult, EvidenceFacts, ProbeCheckId } from '../../contract/checks.js';
import { evidenceText } from '../../contract/golive-evidence.js';
import type { ProbeResult } from './probes.js';

/** Latency from which `answers_fast` warns. */
export const SLOW_MS = 3000;

/** A check's result before its title and advice are added. */
export type Outcome = Omit<CheckResult, 'title' | 'advice'>;

/** The evidence of a check: its facts, and the English the report words them in. */
export const said = (id: CheckId, facts: EvidenceFacts): Pick<CheckResult, 'evidence' | 'evidence_facts'> => ({
  evidence: evidenceText(id, facts),
  evidence_facts: facts,
});

const ids = (rs: readonly ProbeResult[]) => rs.flatMap((r) => (r.notification_id === null ? [] : [r.notification_id]));
const heard = (rs: readonly ProbeResult[]) => rs.map(({ answer: a }) => ({ status: a.status, latency_ms: a.latency_ms, error: a.error }));

/** An outcome whose sentence names the answers to `named` (default every probe request of the check). */
const outcome = (
  id: ProbeCheckId,
  verdict: Outcome['verdict'],
  code: EvidenceFacts['code'],
  rs: readonly ProbeResult[],
  params: EvidenceFacts['params'] = {},
  named: readonly ProbeResult[] = rs,
): Outcome => ({
  id,
  verdict,
  ...said(id, named.length ? { code, params, heard: heard(named) } : { code, params }),
  notification_ids: ids(rs),
  answers: rs.map((r) => r.answer),
});

export const skipped = (id: ProbeCheckId, facts: EvidenceFacts): Outcome => ({
  id,
  verdict: 'skipped',
  ...said(id, facts),
  notification_ids: [],
  answers: [],
});

/** A probe that must be acknowledged (200 or 203 within the timeout): pass, else fail. `params` name what it sent. */
export const acknowledged = (id: ProbeCheckId, r: ProbeResult, params: EvidenceFacts['params'] = {}): Outcome =>
  r.delivered ? outcome(id, 'pass', 'acknowledged', [r], params) : outcome(id, 'fail', 'not_acknowledged', [r], params);

/**
 * A probe that must be refused: fail when acknowledged (the shop may have applied it), pass when
 * answered with anything else; no HTTP answer at all tells nothing, so it is skipped.
 */
export function refused(id: ProbeCheckId, r: ProbeResult): Outcome {
  if (r.delivered) return outcome(id, 'fail', 'not_refused', [r]);
  if (r.answer.status === null) return outcome(id, 'skipped', 'no_http_answer', [r]);
  return outcome(id, 'pass', 'refused', [r]);
}

/** A late rejection: pass when acknowledged (the advice says never to undo the payment), warn when refused. */
export const lateRejection = (paid: ProbeResult, late: ProbeResult): Outcome =>
  late.delivered
    ? outcome('late_rejection_acknowledged', 'pass', 'late_acknowledged', [paid, late])
    : outcome('late_rejection_acknowledged', 'warn', 'late_not_acknowledged', [paid, late]);

/** An answer with every value the notification carried blanked out, so an echo of trans_ID or signature does not tell answers apart. */
function blanked(r: ProbeResult): string {
  const values = Object.values(r.fields)
    .filter((v) => v.length >= 2)
    .sort((a, b) => b.length - a.length);
  let body = r.answer.body_excerpt;
  for (const v of values) body = body.split(v).join('');
  return `${r.answer.status} ${body}`;
}

/** `rejection_told_apart`: the answers to a success and a rejection, echoed values blanked, must differ. */
export function toldApart(success: ProbeResult, rejection: ProbeResult): Outcome {
  const rs = [success, rejection];
  if (success.answer.status === null || rejection.answer.status === null)
    return outcome('rejection_told_apart', 'skipped', 'nothing_to_compare', rs);
  return blanked(success) === blanked(rejection)
    ? outcome('rejection_told_apart', 'warn', 'same_answer', rs, {}, [rejection])
    : outcome('rejection_told_apart', 'pass', 'different_answers', rs);
}

/** `answers_fast` over every probe request sent: fail on a timeout, warn on an acknowledgement of 3 s or more. */
export function speed(results: readonly ProbeResult[]): Outcome {
  const timedOut = results.filter((r) => r.answer.error?.startsWith('timeout'));
  if (timedOut.length)
    return outcome(
      'answers_fast',
      'fail',
      'timed_out',
      results,
      { n: timedOut.length, of: results.length, error: timedOut[0]!.answer.error! },
      [],
    );
  const acked = results.filter((r) => r.delivered && r.answer.latency_ms !== null);
  if (acked.length === 0)
    return { ...skipped('answers_fast', { code: 'none_acknowledged', params: {} }), answers: results.map((r) => r.answer) };
  const slowest = Math.max(...acked.map((r) => r.answer.latency_ms!));
  const slow = acked.filter((r) => r.answer.latency_ms! >= SLOW_MS);
  return slow.length
    ? outcome('answers_fast', 'warn', 'slow', results, { n: slow.length, of: acked.length, slowest }, [])
    : outcome('answers_fast', 'pass', 'fast', results, { n: acked.length, slowest }, []);
}
