import { PROBE_CHECK_IDS, type CheckResult, type ProbeCheckId, type ProbeOrder } from '../../contract/checks.js';
import type { UrlSetting } from '../../contract/golive-evidence.js';
import type { SandboxContext } from '../../context.js';
import type { Fields } from '../../delivery/payload.js';
import type { DeliveryMerchant } from '../../store/notifications.js';
import { ordersUsed, type OrderRole, type OrderSpec } from './orders.js';
import {
  deliverProbe,
  forged,
  getProbe,
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
import { acknowledged, lateRejection, refused, skipped, speed, toldApart, type Outcome } from './verdicts.js';

/** What a probe may use: the merchant, its orders, and the probes other checks share. */
interface ProbeEnv {
  ctx: SandboxContext;
  m: DeliveryMerchant;
  reportId: string;
  /** The order of a role, noted as used by `check` (the report's `orders`). */
  order(check: ProbeCheckId, role: OrderRole): OrderSpec;
  /** A success notification for an order, its fields edited by `edit`; sent as `check`'s probe. */
  success(check: ProbeCheckId, role: OrderRole, edit?: (f: Fields) => Fields): Promise<ProbeResult>;
  /** The one plain success and the one rejection, shared by the checks that read them. */
  firstSuccess(): Promise<ProbeResult>;
  firstRejection(): Promise<ProbeResult>;
  /** Every probe request sent so far (`answers_fast` runs once all the others are done). */
  results: ProbeResult[];
}

interface Probe {
  /** The merchant URLs it sends to: one missing skips it. */
  needs: readonly UrlSetting[];
  run(env: ProbeEnv): Promise<Outcome>;
}

/** The active checks, each with what it needs and what it sends; the report lists them in PROBE_CHECK_IDS order. */
const PROBES: Record<ProbeCheckId, Probe> = {
  success_acknowledged: {
    needs: ['success_url'],
    run: async (env) => acknowledged('success_acknowledged', await env.firstSuccess()),
  },
  answers_fast: {
    needs: ['success_url'],
    run: async (env) => {
      await env.firstSuccess();
      return speed(env.results);
    },
  },
  duplicate_acknowledged: {
    needs: ['success_url'],
    run: async (env) => {
      const first = await env.firstSuccess();
      const row = first.notification_id === null ? undefined : env.ctx.store.notifications.get(first.notification_id);
      env.order('duplicate_acknowledged', 'success_acknowledged');
      const again = await send(env, 'duplicate_acknowledged', {
        operationId: row?.operation_id ?? null,
        kind: 'success',
        url: env.m.success_url!,
        fields: first.fields,
        body: row?.body,
        headerId: first.header_id,
        parentId: first.notification_id ?? undefined,
      });
      return acknowledged('duplicate_acknowledged', again, { id: first.header_id });
    },
  },
  forged_signature_refused: {
    needs: ['success_url'],
    run: async (env) =>
      refused('forged_signature_refused', await env.success('forged_signature_refused', 'forged_signature_refused', forged)),
  },
  tampered_amount_refused: {
    needs: ['success_url'],
    run: async (env) =>
      refused('tampered_amount_refused', await env.success('tampered_amount_refused', 'tampered_amount_refused', tampered)),
  },
  get_forged_refused: {
    needs: ['success_url'],
    run: async (env) => {
      const op = probeOperation(
        env.ctx,
        env.m.id,
        env.reportId,
        'get_forged_refused',
        env.order('get_forged_refused', 'get_forged_refused'),
        'confirmed',
      );
      const r = await getProbe(env.ctx, env.m.success_url!, forged(successBody(op, env.m)));
      env.results.push(r);
      return refused('get_forged_refused', r);
    },
  },
  unknown_fields_tolerated: {
    needs: ['success_url'],
    run: async (env) =>
      acknowledged(
        'unknown_fields_tolerated',
        await env.success('unknown_fields_tolerated', 'unknown_fields_tolerated', withUnknownField),
        { field: UNKNOWN_FIELD.name },
      ),
  },
  rejection_acknowledged: {
    needs: ['rejection_url'],
    run: async (env) => acknowledged('rejection_acknowledged', await env.firstRejection()),
  },
  rejection_told_apart: {
    needs: ['success_url', 'rejection_url'],
    run: async (env) => toldApart(await env.firstSuccess(), await env.firstRejection()),
  },
  late_rejection_acknowledged: {
    needs: ['success_url', 'rejection_url'],
    run: async (env) => {
      const order = env.order('late_rejection_acknowledged', 'late_rejection_acknowledged');
      const op = probeOperation(env.ctx, env.m.id, env.reportId, 'late_rejection_acknowledged', order, 'confirmed');
      const paid = await send(env, 'late_rejection_acknowledged', {
        operationId: op.id,
        kind: 'success',
        url: env.m.success_url!,
        fields: successBody(op, env.m),
      });
      const late = await send(env, 'late_rejection_acknowledged', {
        operationId: op.id,
        kind: 'rejection',
        url: env.m.rejection_url!,
        fields: rejectionBody({ ...op, status: 'rejected', channel: 17 }, env.m),
        parentId: paid.notification_id ?? undefined,
      });
      return lateRejection(paid, late);
    },
  },
  payout_notification_acknowledged: {
    needs: ['payout_url'],
    run: async (env) => {
      const order = env.order('payout_notification_acknowledged', 'payout_notification_acknowledged');
      const body = payoutProbeBody(env.reportId, env.ctx.clock.now(), order);
      const r = await send(env, 'payout_notification_acknowledged', {
        operationId: null,
        kind: 'payout_notification',
        url: env.m.payout_url!,
        fields: { order_id: order.trans_id },
        body,
        json: true,
      });
      return acknowledged('payout_notification_acknowledged', r);
    },
  },
};

async function send(env: ProbeEnv, check: ProbeCheckId, p: Omit<Parameters<typeof deliverProbe>[1], 'merchantId' | 'check'>) {
  const r = await deliverProbe(env.ctx, { ...p, merchantId: env.m.id, check });
  env.results.push(r);
  return r;
}

/**
 * Runs the requested probes against the merchant's URLs, about the merchant's orders. Probes that do
 * not depend on each other run at once; a duplicate follows its original, a late rejection its
 * success, and `answers_fast` reads them all.
 */
export async function runProbes(
  ctx: SandboxContext,
  m: DeliveryMerchant,
  reportId: string,
  orders: Record<OrderRole, OrderSpec>,
  wanted: ReadonlySet<ProbeCheckId>,
): Promise<{ checks: CheckResult[]; orders: ProbeOrder[] }> {
  const used = new Map<ProbeCheckId, OrderRole>();
  const once = <T>(f: () => Promise<T>) => {
    let p: Promise<T> | null = null;
    return () => (p ??= f());
  };
  const env: ProbeEnv = {
    ctx,
    m,
    reportId,
    order: (check, role) => (used.set(check, role), orders[role]),
    success: async (check, role, edit = (f) => f) => {
      const op = probeOperation(ctx, m.id, reportId, check, env.order(check, role), 'confirmed');
      const fields = edit(successBody(op, m));
      return send(env, check, { operationId: op.id, kind: 'success', url: m.success_url!, fields });
    },
    firstSuccess: once(() => env.success('success_acknowledged', 'success_acknowledged')),
    firstRejection: once(async () => {
      const op = probeOperation(
        ctx,
        m.id,
        reportId,
        'rejection_acknowledged',
        env.order('rejection_acknowledged', 'rejection_acknowledged'),
        'rejected',
      );
      return send(env, 'rejection_acknowledged', {
        operationId: op.id,
        kind: 'rejection',
        url: m.rejection_url!,
        fields: rejectionBody(op, m),
      });
    }),
    results: [],
  };
  const outcomes = new Map<ProbeCheckId, Promise<Outcome>>();
  const start = (id: ProbeCheckId) => {
    const missing = PROBES[id].needs.find((u) => !m[u]);
    outcomes.set(id, missing ? Promise.resolve(skipped(id, { code: 'no_url', params: { url: missing } })) : PROBES[id].run(env));
  };
  for (const id of PROBE_CHECK_IDS) if (wanted.has(id) && id !== 'answers_fast') start(id);
  await Promise.allSettled(outcomes.values());
  if (wanted.has('answers_fast')) start('answers_fast');
  const checks: CheckResult[] = [];
  for (const id of PROBE_CHECK_IDS) {
    const o = outcomes.get(id);
    if (!o) continue;
    const { verdict, evidence, evidence_facts, notification_ids, answers } = await o;
    const { title, advice } = CHECK_TEXTS[id];
    checks.push({ id, verdict, title, evidence, advice, notification_ids, answers, evidence_facts });
  }
  return { checks, orders: ordersUsed(orders, used) };
}
