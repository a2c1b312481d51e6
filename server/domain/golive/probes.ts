import { ANSWER_EXCERPT_CHARS, probeLabel, type ProbeAnswer, type ProbeCheckId } from '../../contract/checks.js';
import { CHANNEL_CURRENCIES, type ChannelId } from '../../contract/common.js';
import type { SandboxContext } from '../../context.js';
import { enqueueNotification } from '../../delivery/outbox.js';
import { brokenSignature, formEncode, rejectionFields, rejectionNotified, successFields, type Fields } from '../../delivery/payload.js';
import { wireHeaders } from '../../delivery/wire.js';
import type { DeliveryMerchant } from '../../store/notifications.js';
import type { OperationRecord } from '../../store/operations.js';
import type { PayoutRecord } from '../../store/payouts.js';
import { publicPayoutView } from '../payouts/views.js';
import { checkoutToken } from '../random-hex.js';
import type { OrderSpec } from './orders.js';
import { FORM_TYPE, JSON_TYPE } from '../../contract/body-encoding.js';

/** What one probe request produced, as the verdicts read it. */
export interface ProbeResult {
  /** The notification row (null for the GET probe, which is no notification). */
  notification_id: number | null;
  /** The notification id header sent (a duplicate repeats the first one's). */
  header_id: string;
  delivered: boolean;
  answer: ProbeAnswer;
  /** The fields sent, for blanking what a handler echoes. */
  fields: Fields;
}

/** The one channel whose failed payments are notified (to the rejection URL). */
const REJECTION_CHANNEL = 17 satisfies ChannelId;

/** The field a probe adds that the service never sends: a tolerant handler ignores it. */
export const UNKNOWN_FIELD = { name: 'sandbox_probe_extra', value: 'ignore-me' };

/**
 * One probe operation for one of the merchant's orders (its trans_id, amount, currency and channel),
 * written straight to the store and finished at once: no creation request, no expiry, no automatic notification.
 * Labelled with the report id and the check (`golive:<id>`), so the control API and the console show
 * it as the check's and the merchant's counts and lists leave it out.
 */
export function probeOperation(
  ctx: SandboxContext,
  merchantId: number,
  reportId: string,
  check: ProbeCheckId,
  order: OrderSpec,
  status: 'confirmed' | 'rejected',
): OperationRecord {
  const shape = status === 'rejected' ? rejectionShape(order) : order;
  return ctx.store.tx(() => {
    const now = ctx.clock.now();
    const op = ctx.store.operations.insert({
      merchant_id: merchantId,
      token: checkoutToken(now),
      trans_id: order.trans_id,
      channel: shape.channel,
      amount: shape.amount,
      amount_cents: shape.amount_cents,
      currency: shape.currency,
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
      details: { golive_check: reportId, probe: check },
      created_at: now,
      expires_at: now,
    });
    const label = probeLabel(check);
    ctx.store.operations.markCheck(op.id, reportId, label);
    ctx.store.operations.finish(op.id, status, now);
    return { ...op, status, check_report: reportId, test_label: label };
  });
}

/** A rejection is notified on channel 17 only: an order of another channel is rejected there, in its currency if it has it. */
function rejectionShape(order: OrderSpec): OrderSpec {
  if (rejectionNotified(order.channel)) return order;
  const currencies = CHANNEL_CURRENCIES[REJECTION_CHANNEL];
  return { ...order, channel: REJECTION_CHANNEL, currency: currencies.includes(order.currency) ? order.currency : currencies[0]! };
}

export const successBody = (op: OperationRecord, m: DeliveryMerchant): Fields => successFields(op, m, op.updated_at);
export const rejectionBody = (op: OperationRecord, m: DeliveryMerchant): Fields =>
  rejectionFields(op, m, op.updated_at, 'rejected', { rejection_code: 'GOLIVE_PROBE', rejection_message: 'Go-live check probe' });
export const forged = (f: Fields): Fields => ({ ...f, signature: brokenSignature(f) });
/** The amount raised by 1,000.00, the signature left as it was. */
export const tampered = (f: Fields): Fields => ({ ...f, amount: (Number(f.amount) + 1000).toFixed(2) });
export const withUnknownField = (f: Fields): Fields => ({ ...f, [UNKNOWN_FIELD.name]: UNKNOWN_FIELD.value });

/**
 * A payout status change exactly as the merchant's payout URL receives one: the item view the
 * service sends (publicPayoutView) of an approved item made up for the probe, never stored.
 */
export function payoutProbeBody(reportId: string, at: number, order: OrderSpec): string {
  const ref = `GOLIVE-${reportId.slice(4, 14)}`;
  const item: PayoutRecord = {
    id: 0,
    payroll_id: 0,
    merchant_id: 0,
    order_id: order.trans_id,
    credit_note: ref,
    item: {
      account_id: '000000000',
      account_type: 'savings',
      bank: 1007,
      vat_id: '900000000',
      vat_id_type: 'NIT',
      name: 'Go-live check',
    },
    amount: order.amount,
    channel_url: '',
    callback_held: false,
    status: 'approved',
    transfer_status: 2,
    warnings: [],
    warning_details: [],
    decided_by: null,
    reference: ref,
    otp_code: '000000',
    created_at: at,
    processed_at: at,
    updated_at: at,
  };
  return JSON.stringify(publicPayoutView(item));
}

export interface ProbeDelivery {
  merchantId: number;
  operationId: number | null;
  kind: 'success' | 'rejection' | 'payout_notification';
  url: string;
  fields: Fields;
  /** The body as sent; default the fields form-encoded. */
  body?: string;
  json?: boolean;
  check: ProbeCheckId;
  /** Repeat this notification id header (a duplicate); default the row's own. */
  headerId?: string;
  parentId?: number;
}

const answerOf = (
  method: ProbeAnswer['method'],
  url: string,
  a: { status: number | null; latency_ms: number | null; body: string | null; error: string | null },
): ProbeAnswer => ({
  method,
  url,
  status: a.status,
  latency_ms: a.latency_ms === null ? null : Math.round(a.latency_ms),
  body_excerpt: (a.body ?? '').slice(0, ANSWER_EXCERPT_CHARS),
  error: a.status === null ? (a.error ?? 'no answer') : null,
});

/**
 * Sends one probe through the delivery worker as a one-shot test row (no retries), labelled
 * `golive:<check id>`, waits for its answer (bounded by the notification timeout) and reads the attempt back.
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
        content_type: p.json ? JSON_TYPE : FORM_TYPE,
        body: p.body ?? formEncode(p.fields),
      },
      { test_label: probeLabel(p.check), parent_id: p.parentId ?? null, header_id: p.headerId ?? null },
    ),
  );
  await ctx.delivery.deliverNow(id, true);
  const row = ctx.store.notifications.get(id);
  const attempt = ctx.store.notifications.attemptsOf([id]).get(id)?.at(-1);
  return {
    notification_id: id,
    header_id: row?.header_id ?? row?.public_id ?? '',
    delivered: row?.status === 'delivered',
    fields: p.fields,
    answer: answerOf('POST', attempt?.url ?? p.url, {
      status: attempt?.response_status ?? null,
      latency_ms: attempt?.latency_ms ?? null,
      body: attempt?.response_body ?? null,
      error: attempt ? attempt.error : 'not sent (the sandbox was reset or is stopping)',
    }),
  };
}

/** The URL with the fields added to its query string (what a link or an image tag would request). */
export function withQuery(url: string, fields: Fields): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(fields)) u.searchParams.append(k, v);
  return u.toString();
}

/** A GET to the success URL with the fields of a forged success in the query string; no notification row. */
export async function getProbe(ctx: SandboxContext, successUrl: string, fields: Fields): Promise<ProbeResult> {
  const url = withQuery(successUrl, fields);
  const headers = wireHeaders({ content_type: FORM_TYPE, header_id: null, public_id: `golive-get-${fields.trans_ID ?? ''}` }, ctx.version);
  delete headers['Content-Type'];
  const r = await ctx.delivery.send({ url, headers, body: '', method: 'GET' });
  return {
    notification_id: null,
    header_id: headers['X-Sandbox-Notification-Id']!,
    delivered: r.delivered,
    fields,
    answer: answerOf('GET', url, { status: r.response_status, latency_ms: r.latency_ms, body: r.response_body, error: r.error }),
  };
}
