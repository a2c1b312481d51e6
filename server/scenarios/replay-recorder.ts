import { skipReason } from '../contract/record-skips.js';
import { z } from 'zod';
import { SandboxError } from '../contract/errors.js';
import { ReplayReportSchema, ReplaySentSchema } from '../contract/replays.js';
import type { ScenarioInput } from '../contract/scenario-schema.js';
import type { SandboxContext } from '../context.js';
import { errorOf, recordedSettings, type Recording } from './recorder.js';

type StepIn = ScenarioInput['steps'][number];

const encodingOf = (type: string | null): 'form' | 'json' | 'multipart' =>
  type?.includes('json') ? 'json' : type?.includes('multipart') ? 'multipart' : 'form';

/**
 * Turns a kept replay into a scenario file, so a production incident becomes a regression test:
 * its creations, manual notifies and payout batches as the sandbox was sent them, then the outcomes
 * the production notifications drove, each step expecting what the replay saw. Signatures are left
 * to the scenario's own merchant (the runner signs).
 */
export function recordReplay(ctx: SandboxContext, id: number): Recording {
  const kept = ctx.store.replays.get(id);
  if (!kept) throw new SandboxError('NOT_FOUND', `no replay ${id}`);
  const report = ReplayReportSchema.parse(kept.report);
  const sent = z.array(ReplaySentSchema).parse(kept.sent);
  const merchant = ctx.store.merchants.get(kept.merchant_id);
  const steps: StepIn[] = [];
  const skipped: Recording['skipped'] = report.entries
    .filter((e) => e.action === 'skipped')
    .map((e) => ({
      id: e.index,
      method: e.method,
      path: e.path,
      reason: e.skip_reason ?? 'skipped by the replay',
      reason_code: null,
      reason_params: null,
    }));
  const aliasOf = new Map<number, string>();
  const byTrans = new Map<string, string>();
  /** Payout id → `<batch alias>.<index>`, for the payout callbacks production's shop received. */
  const payoutRefs = new Map<number, string>();

  for (const s of sent) {
    if (s.kind === 'creation' && s.fields) {
      const channel = Number(s.fields.channel);
      if (!Number.isInteger(channel)) {
        skipped.push({ id: s.index, method: s.method, path: s.path, ...skipReason('no_channel') });
        continue;
      }
      // A refusal production gave for the credentials stays one: the spoiled key or signature is kept as sent.
      const keepKey = s.refusal === 'INVALID_MERCHANT';
      const keepSignature = keepKey || s.refusal === 'INVALID_SIGNATURE' || !s.fields.signature;
      const fields = Object.fromEntries(
        Object.entries(s.fields).filter(([k]) => (k !== 'public_key' || keepKey) && (k !== 'signature' || keepSignature)),
      );
      const step: StepIn = {
        action: 'create_payment',
        channel,
        title: `entry ${s.index}: create ${s.fields.trans_id ?? ''} on channel ${channel}`,
        encoding: encodingOf(s.content_type),
        fields,
        ...(keepSignature ? { sign: false } : {}),
      };
      if (s.status === 200 && s.operation_id !== null) {
        const alias = `op${s.index}`;
        step.as = alias;
        step.expect = { status: 'pending' };
        aliasOf.set(s.operation_id, alias);
        if (s.fields.trans_id) byTrans.set(s.fields.trans_id, alias);
      } else step.expect = errorOf(s);
      steps.push(step);
    } else if (s.kind === 'manual_notify') {
      const alias = byTrans.get(s.fields?.trans_id ?? '');
      if (s.refusal)
        skipped.push({
          id: s.index,
          method: s.method,
          path: s.path,
          ...skipReason('notify_refused', { refusal: s.refusal }),
        });
      else if (!alias) skipped.push({ id: s.index, method: s.method, path: s.path, ...skipReason('notify_not_replayed') });
      else steps.push({ action: 'manual_notify', operation: alias, ...(s.status !== 200 ? { expect: errorOf(s) } : {}) });
    } else if (s.kind === 'payout_batch' && s.method === 'POST') {
      let items: unknown;
      try {
        items = JSON.parse(s.body ?? '');
      } catch {
        items = undefined;
      }
      if (!Array.isArray(items)) skipped.push({ id: s.index, method: s.method, path: s.path, ...skipReason('payout_body_not_array') });
      else if (s.authorization === 'expired')
        skipped.push({
          id: s.index,
          method: s.method,
          path: s.path,
          ...skipReason('token_expired'),
        });
      else {
        steps.push({
          action: 'create_payouts',
          as: `batch${s.index}`,
          items: items as Record<string, unknown>[],
          auth: s.authorization,
          ...(s.status !== 201 ? { expect: errorOf(s) } : {}),
        });
        if (s.status === 201) createdIds(s.response_body).forEach((pid, i) => payoutRefs.set(pid, `batch${s.index}.${i}`));
      }
    } else skipped.push({ id: s.index, method: s.method, path: s.path, ...skipReason('replay_read') });
  }

  for (const o of report.outcomes) {
    if (o.outcome === 'approved') {
      const ref = o.payout_id !== undefined ? payoutRefs.get(o.payout_id) : undefined;
      if (o.applied && ref) steps.push({ action: 'approve_payout', title: `production payout callback ${o.index}`, payout: ref });
      continue;
    }
    const alias = o.operation_id !== null ? aliasOf.get(o.operation_id) : undefined;
    if (!o.applied || !alias) continue;
    steps.push({
      action: o.outcome === 'confirmed' ? 'confirm' : 'reject',
      title: `production notification ${o.index}: ${o.outcome}`,
      operation: alias,
      ...(o.outcome === 'rejected' ? { body: rejectionOf(o) } : {}),
      expect: { status: o.outcome },
    });
  }

  return {
    scenario: {
      format: 'pasarela-scenario',
      version: 1,
      name: `replay-${id}`,
      title: `Incident replay ${id}${report.source ? ` (${report.source})` : ''}`,
      description:
        `Recorded from replay ${id} of a HAR${report.source ? ` exported by ${report.source}` : ''}, merchant ${report.merchant}. ` +
        'Each step expects what the replay saw; the outcomes come from the production notifications.',
      tags: ['recording', 'replay'],
      merchant: merchant ? { settings: recordedSettings(merchant) } : {},
      steps: steps.length ? steps : [{ action: 'note', title: 'nothing in this replay changes the sandbox' }],
    },
    entries: report.entries.length,
    skipped,
  };
}

/** The payout ids of a batch answer, in order. */
function createdIds(body: string): number[] {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    return Array.isArray(data) ? data.map((x) => Number((x as { id?: unknown })?.id)) : [];
  } catch {
    return [];
  }
}

/** The reject body of an outcome: the production notification's code and message, when it had them. */
function rejectionOf(o: { rejection_code?: string; rejection_message?: string }): Record<string, string> {
  const body: Record<string, string> = {};
  if (o.rejection_code) body.rejection_code = o.rejection_code;
  if (o.rejection_message) body.rejection_message = o.rejection_message;
  return body;
}
