import type { CheckResult, ProbeCheckId } from '../../contract/checks.js';
import type { ProbeResult } from './probes.js';

/** Latency from which `answers_fast` warns. */
export const SLOW_MS = 3000;

/** A check's result before its title and advice are added. */
export type Outcome = Omit<CheckResult, 'title' | 'advice'>;

const ids = (rs: readonly ProbeResult[]) => rs.flatMap((r) => (r.notification_id === null ? [] : [r.notification_id]));
const outcome = (id: ProbeCheckId, verdict: Outcome['verdict'], evidence: string, rs: readonly ProbeResult[]): Outcome => ({
  id,
  verdict,
  evidence,
  notification_ids: ids(rs),
  answers: rs.map((r) => r.answer),
});

/** How a probe was answered, in words: `HTTP 500 in 12 ms`, `timeout: … after 10000 ms`. */
export function answered(r: ProbeResult): string {
  const a = r.answer;
  const ms = a.latency_ms === null ? '' : ` in ${a.latency_ms} ms`;
  return a.status !== null ? `HTTP ${a.status}${ms}` : `${a.error ?? 'no answer'}${ms}`;
}

export const skipped = (id: ProbeCheckId, reason: string): Outcome => ({
  id,
  verdict: 'skipped',
  evidence: `skipped: ${reason}`,
  notification_ids: [],
  answers: [],
});

/** A probe that must be acknowledged (200 or 203 within the timeout): pass, else fail. */
export const acknowledged = (id: ProbeCheckId, r: ProbeResult, what: string, rs: readonly ProbeResult[] = [r]): Outcome =>
  outcome(
    id,
    r.delivered ? 'pass' : 'fail',
    `${what}: ${answered(r)}${r.delivered ? ', acknowledged' : ', not acknowledged (only 200 or 203 within 10 s count)'}.`,
    rs,
  );

/**
 * A probe that must be refused: fail when acknowledged (the shop may have applied it), pass when
 * answered with anything else; no HTTP answer at all tells nothing, so it is skipped.
 */
export function refused(id: ProbeCheckId, r: ProbeResult, what: string, risk: string): Outcome {
  if (r.delivered) return outcome(id, 'fail', `${what}: ${answered(r)}, acknowledged. ${risk}`, [r]);
  if (r.answer.status === null)
    return outcome(
      id,
      'skipped',
      `skipped: ${what}: ${answered(r)}; without an HTTP answer it cannot tell whether your handler refuses it.`,
      [r],
    );
  return outcome(id, 'pass', `${what}: ${answered(r)}, refused.`, [r]);
}

/** A late rejection: pass when acknowledged (the advice says never to undo the payment), warn when refused. */
export function lateRejection(paid: ProbeResult, late: ProbeResult): Outcome {
  const before = `The success before it: ${answered(paid)}. A rejection for the same trans_ID after it: ${answered(late)}`;
  return late.delivered
    ? outcome('late_rejection_acknowledged', 'pass', `${before}, acknowledged.`, [paid, late])
    : outcome('late_rejection_acknowledged', 'warn', `${before}, not acknowledged; the real service would keep retrying it.`, [paid, late]);
}

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
    return outcome('rejection_told_apart', 'skipped', 'skipped: the success or the rejection probe got no HTTP answer to compare.', rs);
  const same = blanked(success) === blanked(rejection);
  return same
    ? outcome(
        'rejection_told_apart',
        'warn',
        `The success and the rejection got the same answer (${answered(rejection)}, values echoed from each notification ` +
          'blanked): your handler answers a rejection exactly as a payment; make sure it never marks the order paid.',
        rs,
      )
    : outcome(
        'rejection_told_apart',
        'pass',
        `The success (${answered(success)}) and the rejection (${answered(rejection)}) got different answers.`,
        rs,
      );
}

/** `answers_fast` over every probe request sent: fail on a timeout, warn on an acknowledgement of 3 s or more. */
export function speed(results: readonly ProbeResult[]): Outcome {
  const timedOut = results.filter((r) => r.answer.error?.startsWith('timeout'));
  if (timedOut.length)
    return outcome(
      'answers_fast',
      'fail',
      `${timedOut.length} of ${results.length} probes timed out (${timedOut[0]!.answer.error}).`,
      results,
    );
  const acked = results.filter((r) => r.delivered && r.answer.latency_ms !== null);
  if (acked.length === 0)
    return {
      ...skipped('answers_fast', 'no probe was acknowledged, so there is no answer time to judge'),
      answers: results.map((r) => r.answer),
    };
  const slowest = Math.max(...acked.map((r) => r.answer.latency_ms!));
  const slow = acked.filter((r) => r.answer.latency_ms! >= SLOW_MS);
  return slow.length
    ? outcome(
        'answers_fast',
        'warn',
        `${slow.length} of ${acked.length} acknowledged probes took 3 s or more (slowest ${slowest} ms).`,
        results,
      )
    : outcome('answers_fast', 'pass', `All ${acked.length} acknowledged probes answered under 3 s (slowest ${slowest} ms).`, results);
}
