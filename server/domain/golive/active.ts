import type { CheckId, CheckResult } from '../../contract/checks.js';
import type { SandboxContext } from '../../context.js';
import type { DeliveryMerchant } from '../../store/notifications.js';
import {
  deliverProbe,
  forged,
  form,
  payoutProbeBody,
  probeOperation,
  rejectionBody,
  successBody,
  tampered,
  UNKNOWN_FIELD,
  withUnknownField,
  type ProbeResult,
} from './probes.js';
import { CHECK_TEXTS } from './texts.js';

/** Latency from which `answers_fast` warns (contract §11). */
export const SLOW_MS = 3000;

type Outcome = Omit<CheckResult, 'title' | 'advice'>;
/** How a probe was answered, in words: `HTTP 500 in 12 ms`, `timeout: …`. */
export function answered(r: ProbeResult): string {
  const ms = r.latency_ms === null ? '' : ` in ${Math.round(r.latency_ms)} ms`;
  if (r.status !== null) return `HTTP ${r.status}${ms}${r.delivered ? '' : r.error && !r.error.startsWith('HTTP') ? ` (${r.error})` : ''}`;
  return `${r.error ?? 'no answer'}${ms}`;
}

const acknowledged = (id: CheckId, r: ProbeResult, what: string): Outcome => ({
  id,
  verdict: r.delivered ? 'pass' : 'fail',
  evidence: `${what}: ${answered(r)}${r.delivered ? ', acknowledged' : ', not acknowledged (only 200 or 203 within 10 s count)'}.`,
  notification_ids: [r.notification_id],
});

/** A probe that must be refused: pass when refused with an HTTP answer; warn when acknowledged. */
function refused(id: CheckId, r: ProbeResult, what: string): Outcome {
  const ids = [r.notification_id];
  if (r.delivered)
    return {
      id,
      verdict: 'warn',
      evidence:
        `${what}: ${answered(r)}, acknowledged. The sandbox cannot tell whether your shop applied it; verify ` +
        'the signature and refuse.',
      notification_ids: ids,
    };
  if (r.status === null)
    return {
      id,
      verdict: 'skipped',
      evidence: `${what}: ${answered(r)}. No HTTP answer, so it cannot tell whether your handler refuses it.`,
      notification_ids: ids,
    };
  return { id, verdict: 'pass', evidence: `${what}: ${answered(r)}, refused.`, notification_ids: ids };
}

const skipped = (id: CheckId, reason: string): Outcome => ({ id, verdict: 'skipped', evidence: reason, notification_ids: [] });

/**
 * Runs the requested probes against the merchant's URLs (contract §11). Probes that do not depend on
 * each other run at once; a duplicate follows its original, a late rejection its success.
 */
export async function runProbes(
  ctx: SandboxContext,
  m: DeliveryMerchant,
  reportId: string,
  wanted: ReadonlySet<CheckId>,
): Promise<CheckResult[]> {
  const want = (id: CheckId) => wanted.has(id);
  const out: Outcome[] = [];
  const results: ProbeResult[] = [];
  const probe = async (check: CheckId, p: Omit<Parameters<typeof deliverProbe>[1], 'merchantId' | 'check'>) => {
    const r = await deliverProbe(ctx, { ...p, merchantId: m.id, check });
    results.push(r);
    return r;
  };
  const success = (check: CheckId, tag: string, edit: (f: ReturnType<typeof successBody>) => ReturnType<typeof successBody> = (f) => f) => {
    const op = probeOperation(ctx, m.id, reportId, tag, 'confirmed');
    return probe(check, { operationId: op.id, kind: 'success', url: m.success_url!, body: form(edit(successBody(op, m))) });
  };
  const noSuccessUrl = 'skipped: the merchant has no success URL (set success_url)';
  const noRejectionUrl = 'skipped: the merchant has no rejection URL (set rejection_url; rejections are sent only where one is set)';
  const tasks: Promise<void>[] = [];

  if (want('success_acknowledged') || want('duplicate_acknowledged') || want('answers_fast')) {
    tasks.push(
      (async () => {
        if (!m.success_url) {
          for (const id of ['success_acknowledged', 'duplicate_acknowledged'] as const) if (want(id)) out.push(skipped(id, noSuccessUrl));
          return;
        }
        const first = await success('success_acknowledged', 'success');
        if (want('success_acknowledged')) out.push(acknowledged('success_acknowledged', first, 'A success notification'));
        if (!want('duplicate_acknowledged')) return;
        const row = ctx.store.notifications.get(first.notification_id);
        const again = await probe('duplicate_acknowledged', {
          operationId: row?.operation_id ?? null,
          kind: 'success',
          url: m.success_url,
          body: row?.body ?? '',
          headerId: first.header_id,
          parentId: first.notification_id,
        });
        out.push(acknowledged('duplicate_acknowledged', again, `The same notification again (id ${first.header_id})`));
      })(),
    );
  }
  /** A probe that sends one success notification (edited): skipped without a success URL. */
  const single = (id: CheckId, run: () => Promise<Outcome>) => {
    if (!want(id)) return;
    if (!m.success_url) {
      out.push(skipped(id, noSuccessUrl));
      return;
    }
    tasks.push(run().then((o) => void out.push(o)));
  };
  single('forged_signature_refused', async () =>
    refused(
      'forged_signature_refused',
      await success('forged_signature_refused', 'forged', forged),
      'A success with a wrong, well-formed signature',
    ),
  );
  single('tampered_amount_refused', async () =>
    refused(
      'tampered_amount_refused',
      await success('tampered_amount_refused', 'tampered', tampered),
      'A success with the amount raised by 1000.00 and the original signature',
    ),
  );
  single('unknown_fields_tolerated', async () =>
    acknowledged(
      'unknown_fields_tolerated',
      await success('unknown_fields_tolerated', 'extra', withUnknownField),
      `A correctly signed success with an extra field ${UNKNOWN_FIELD.name}`,
    ),
  );
  if (want('rejection_acknowledged')) {
    if (!m.rejection_url) out.push(skipped('rejection_acknowledged', noRejectionUrl));
    else
      tasks.push(
        (async () => {
          const op = probeOperation(ctx, m.id, reportId, 'rejection', 'rejected');
          const r = await probe('rejection_acknowledged', {
            operationId: op.id,
            kind: 'rejection',
            url: m.rejection_url!,
            body: form(rejectionBody(op, m)),
          });
          out.push(acknowledged('rejection_acknowledged', r, 'A channel 17 rejection notification'));
        })(),
      );
  }
  if (want('late_rejection_acknowledged')) {
    if (!m.rejection_url) out.push(skipped('late_rejection_acknowledged', noRejectionUrl));
    else if (!m.success_url) out.push(skipped('late_rejection_acknowledged', noSuccessUrl));
    else
      tasks.push(
        (async () => {
          const op = probeOperation(ctx, m.id, reportId, 'late', 'confirmed');
          const paid = await probe('late_rejection_acknowledged', {
            operationId: op.id,
            kind: 'success',
            url: m.success_url!,
            body: form(successBody(op, m)),
          });
          const late = await probe('late_rejection_acknowledged', {
            operationId: op.id,
            kind: 'rejection',
            url: m.rejection_url!,
            body: form(rejectionBody({ ...op, status: 'rejected' }, m)),
            parentId: paid.notification_id,
          });
          const ids = [paid.notification_id, late.notification_id];
          const before = `The success before it: ${answered(paid)}. `;
          out.push(
            late.delivered
              ? {
                  id: 'late_rejection_acknowledged',
                  verdict: 'pass',
                  evidence: `${before}A rejection for the same trans_ID after it: ${answered(late)}, acknowledged.`,
                  notification_ids: ids,
                }
              : {
                  id: 'late_rejection_acknowledged',
                  verdict: 'warn',
                  evidence:
                    `${before}A rejection for the same trans_ID after it: ${answered(late)}, not acknowledged; the real ` +
                    'service would keep retrying it.',
                  notification_ids: ids,
                },
          );
        })(),
      );
  }
  if (want('payout_notification_acknowledged')) {
    if (!m.payout_url) out.push(skipped('payout_notification_acknowledged', 'skipped: the merchant has no payout URL (set payout_url)'));
    else
      tasks.push(
        (async () => {
          const r = await probe('payout_notification_acknowledged', {
            operationId: null,
            kind: 'payout_notification',
            url: m.payout_url!,
            body: payoutProbeBody(reportId, ctx.clock.now()),
            json: true,
          });
          out.push(acknowledged('payout_notification_acknowledged', r, 'A payout status change (transfer_status 2)'));
        })(),
      );
  }
  await Promise.all(tasks);
  if (want('answers_fast')) out.push(speed(results));
  return out.map((o) => ({ ...o, title: CHECK_TEXTS[o.id].title, advice: CHECK_TEXTS[o.id].advice }));
}

/** `answers_fast` over every probe sent: fail on a timeout, warn on an acknowledgement of 3 s or more. */
function speed(results: ProbeResult[]): Outcome {
  const ids = results.map((r) => r.notification_id);
  const timedOut = results.filter((r) => r.error?.startsWith('timeout'));
  if (timedOut.length)
    return {
      id: 'answers_fast',
      verdict: 'fail',
      evidence: `${timedOut.length} of ${results.length} probes timed out (${timedOut[0]!.error}).`,
      notification_ids: ids,
    };
  const acked = results.filter((r) => r.delivered && r.latency_ms !== null);
  if (acked.length === 0) return skipped('answers_fast', 'skipped: no probe was acknowledged, so there is no answer time to judge');
  const slowest = Math.max(...acked.map((r) => r.latency_ms!));
  const slow = acked.filter((r) => r.latency_ms! >= SLOW_MS);
  return slow.length
    ? {
        id: 'answers_fast',
        verdict: 'warn',
        evidence: `${slow.length} of ${acked.length} acknowledged probes took 3 s or more (slowest ${Math.round(slowest)} ms).`,
        notification_ids: ids,
      }
    : {
        id: 'answers_fast',
        verdict: 'pass',
        evidence: `All ${acked.length} acknowledged probes answered under 3 s (slowest ${Math.round(slowest)} ms).`,
        notification_ids: ids,
      };
}
