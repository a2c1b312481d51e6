import type { SandboxContext } from '../../context.js';
import { enqueueNotification } from '../../delivery/outbox.js';
import { brokenSignature, formEncode, rejectionFields, successFields, type Fields } from '../../delivery/payload.js';
import type { DeliveryMerchant } from '../../store/notifications.js';
import type { OperationRecord } from '../../store/operations.js';
import { checkoutToken } from '../random-hex.js';

/** What one probe delivery produced, as the verdicts read it. */
export interface ProbeResult {
  notification_id: number;
  /** The notification id header sent (a duplicate repeats the first one's). */
  header_id: string;
  delivered: boolean;
  status: number | null;
  error: string | null;
  latency_ms: number | null;
}

/** Probe operations: channel 17 (the one channel with rejection notifications), COP. */
const PROBE_CHANNEL = 17;
const PROBE_CENTS = 5_000_000;
const FORM = 'application/x-www-form-urlencoded' as const;

/** The field a probe adds that no spec lists: a tolerant handler ignores it. */
export const UNKNOWN_FIELD = { name: 'sandbox_probe_extra', value: 'ignore-me' };

/**
 * One probe operation, written straight to the store: no creation request, no expiry timer, no
 * automatic notification. Labelled with the report id, so the control API and the console show it
 * as the check's and the merchant's counts leave it out.
 */
export function probeOperation(ctx: SandboxContext, merchantId: number, reportId: string, tag: string, status: 'confirmed' | 'rejected') {
  return ctx.store.tx(() => {
    const now = ctx.clock.now();
    const op = ctx.store.operations.insert({
      merchant_id: merchantId,
      token: checkoutToken(now),
      trans_id: `GOLIVE-${reportId.slice(4, 14)}-${tag}`,
      channel: PROBE_CHANNEL,
      amount: String(PROBE_CENTS / 100),
      amount_cents: PROBE_CENTS,
      currency: 'COP',
      method: null,
      user_bank_code: null,
      direct_integration: false,
      url_ok: 'https://golive.invalid/ok',
      url_error: 'https://golive.invalid/error',
      shopper: {},
      doc_number: null,
      email: null,
      rfc: null,
      request: {},
      details: { golive_check: reportId, probe: tag },
      created_at: now,
      expires_at: now,
    });
    ctx.store.operations.markCheck(op.id, reportId);
    ctx.store.operations.finish(op.id, status, now);
    return { ...op, status, check_report: reportId } satisfies OperationRecord;
  });
}

export const successBody = (op: OperationRecord, m: DeliveryMerchant): Fields => successFields(op, m, op.updated_at);
export const rejectionBody = (op: OperationRecord, m: DeliveryMerchant): Fields =>
  rejectionFields(op, m, op.updated_at, 'rejected', { rejection_code: 'GOLIVE_PROBE', rejection_message: 'Go-live check probe' });
export const forged = (f: Fields): Fields => ({ ...f, signature: brokenSignature(f) });
/** The amount raised by 1,000.00, the signature left as it was. */
export const tampered = (f: Fields): Fields => ({ ...f, amount: (Number(f.amount) + 1000).toFixed(2) });
export const withUnknownField = (f: Fields): Fields => ({ ...f, [UNKNOWN_FIELD.name]: UNKNOWN_FIELD.value });

/** A payout status change (contract §5), shaped as the merchant's payout URL receives it. */
export function payoutProbeBody(reportId: string, at: number): string {
  const iso = new Date(at).toISOString();
  return JSON.stringify({
    id: 0,
    payroll: 0,
    order_id: `GOLIVE-${reportId.slice(4, 14)}`,
    credit_note: `GOLIVE-${reportId.slice(4, 14)}`,
    amount: 1000,
    account_id: '000000000',
    account_type: 'savings',
    bank: 1007,
    vat_id: '900000000',
    vat_id_type: 'NIT',
    name: 'Go-live check',
    status: 'approved',
    transfer_status: 2,
    transfer_status_description: 'Approved',
    reference: `GOLIVE-${reportId.slice(4, 14)}`,
    otp_code: null,
    created_at: iso,
    updated_at: iso,
    warnings: [],
  });
}

export interface ProbeDelivery {
  merchantId: number;
  operationId: number | null;
  kind: 'success' | 'rejection' | 'payout_notification';
  url: string;
  body: string;
  json?: boolean;
  /** The check it belongs to: the row's label (`check:<id>`). */
  check: string;
  /** Repeat this notification id header (a duplicate); default the row's own. */
  headerId?: string;
  parentId?: number;
}

/**
 * Sends one probe through the delivery worker as a one-shot test row (no retries), waits for its
 * answer (bounded by the notification timeout) and reads the attempt back.
 */
export async function deliverProbe(ctx: SandboxContext, p: ProbeDelivery): Promise<ProbeResult> {
  const id = ctx.store.tx(() =>
    enqueueNotification(
      ctx,
      {
        merchant_id: p.merchantId,
        operation_id: p.operationId,
        kind: p.kind,
        url: p.url,
        content_type: p.json ? 'application/json' : FORM,
        body: p.body,
      },
      { test_label: `check:${p.check}`, parent_id: p.parentId ?? null, header_id: p.headerId ?? null },
    ),
  );
  await ctx.delivery.deliverNow(id, true);
  const row = ctx.store.notifications.get(id);
  const attempt = ctx.store.notifications.attemptsOf([id]).get(id)?.at(-1);
  return {
    notification_id: id,
    header_id: row?.header_id ?? row?.public_id ?? '',
    delivered: row?.status === 'delivered',
    status: attempt?.response_status ?? null,
    error: attempt ? attempt.error : 'not sent (the sandbox was reset or is stopping)',
    latency_ms: attempt?.latency_ms ?? null,
  };
}

export const form = formEncode;
