import { isoTime, twoDecimals } from '../../contract/common.js';
import type { PublicPayout } from '../../contract/payout-api.js';
import { isTransferStatus, TRANSFER_STATUSES, type Payout, type Payroll } from '../../contract/payouts.js';
import type { SandboxContext } from '../../context.js';
import { notificationsOf } from '../../delivery/outbox.js';
import type { PayoutRecord, PayrollRecord } from '../../store/payouts.js';

const textOf = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const describe = (n: number) => (isTransferStatus(n) ? TRANSFER_STATUSES[n].description : 'unknown');

/** The item as the merchant API answers it and the payout URL receives it. */
export function publicPayoutView(p: PayoutRecord): PublicPayout {
  const approved = p.status === 'approved' || p.otp_code !== null;
  return {
    id: p.id,
    payroll: p.payroll_id,
    order_id: p.order_id,
    credit_note: p.credit_note,
    amount: Number(p.amount),
    account_id: textOf(p.item.account_id),
    account_type: textOf(p.item.account_type),
    bank: Number(p.item.bank),
    vat_id: textOf(p.item.vat_id),
    vat_id_type: textOf(p.item.vat_id_type),
    name: textOf(p.item.name),
    status: p.status,
    transfer_status: p.transfer_status,
    transfer_status_description: describe(p.transfer_status),
    reference: approved ? p.reference : null,
    otp_code: approved ? p.otp_code : null,
    created_at: isoTime(p.created_at),
    updated_at: isoTime(p.updated_at),
    warnings: p.warnings,
  };
}

/** The item as the control API and the console show it: everything, with its deliveries. */
export function payoutView(ctx: SandboxContext, p: PayoutRecord, processAt?: number): Payout {
  return {
    id: p.id,
    payroll: p.payroll_id,
    mid_id: p.merchant_id,
    order_id: p.order_id,
    credit_note: p.credit_note,
    amount: p.amount,
    country: String(p.item.country ?? ''),
    channel: p.channel_url,
    status: p.status,
    transfer_status: p.transfer_status,
    transfer_status_description: describe(p.transfer_status),
    warnings: p.warnings,
    warning_details: p.warning_details,
    decided_by: p.decided_by,
    reference: p.reference,
    otp_code: p.otp_code,
    item: p.item,
    created_at: isoTime(p.created_at),
    process_at: isoTime(processAt ?? ctx.store.payouts.processAtOf(p.payroll_id) ?? p.created_at),
    processed_at: p.processed_at === null ? null : isoTime(p.processed_at),
    updated_at: isoTime(p.updated_at),
    notifications: notificationsOf(ctx, { payout_id: p.id }),
  };
}

export const payrollView = (r: PayrollRecord): Payroll => ({
  id: r.id,
  mid_id: r.merchant_id,
  created_at: isoTime(r.created_at),
  process_at: isoTime(r.process_at),
  total: r.total,
  pending: r.pending,
  approved: r.approved,
  rejected: r.rejected,
  amount_total: twoDecimals(r.amount_cents),
});
