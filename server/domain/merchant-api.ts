import { STATUS_NUMBERS } from '../contract/common.js';
import type { OperationQueryRow } from '../contract/payments.js';
import type { SandboxContext } from '../context.js';
import { SandboxError } from '../contract/errors.js';
import type { MerchantRecord } from '../store/merchants.js';
import type { OperationRecord } from '../store/operations.js';
import { readDetails } from '../contract/operation-details.js';
import { requireFields } from './creation-checks.js';
import { transition } from './operations.js';
import { signatureMatches } from './secrets.js';
import { notifySignature, querySignature } from './signature.js';

const DESCRIPTIONS: Record<OperationRecord['status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** The merchant named by public_key whose signature matches (same codes as creation). */
function signedMerchant(
  ctx: SandboxContext,
  publicKey: string,
  signature: string,
  expected: (m: MerchantRecord) => string,
): MerchantRecord {
  const merchant = ctx.store.merchants.byPublicKey(publicKey);
  if (!merchant) throw new SandboxError('INVALID_MERCHANT', 'no merchant matches public_key');
  if (!signatureMatches(signature, expected(merchant))) throw new SandboxError('INVALID_SIGNATURE', 'signature does not match');
  if (!merchant.enabled) throw new SandboxError('MERCHANT_DISABLED', 'the merchant account is not active');
  return merchant;
}

/** A reference the provider would give the shopper (voucher, consumer code…), when the channel has one. */
const paymentReference = (op: OperationRecord): string | null => {
  const d = readDetails(op.details);
  return d.consumer_code ?? d.voucher_reference ?? d.payment_reference ?? null;
};

export function queryRow(op: OperationRecord): OperationQueryRow {
  return {
    id: op.id,
    mid_id: op.merchant_id,
    amount: op.amount,
    currency: op.currency,
    channel: op.channel,
    created_at: new Date(op.created_at).toISOString(),
    trans_id: op.trans_id,
    time_expired: Math.round((op.expires_at - op.created_at) / 60_000),
    cod_operation_partner: op.token,
    cod_payment_partner: paymentReference(op),
    cod_transaction_partner: op.status === 'confirmed' ? `SBX-TX-${op.id}` : null,
    status: STATUS_NUMBERS[op.status],
    status_description: DESCRIPTIONS[op.status],
    user_bank_code: op.user_bank_code,
  };
}

/** Operation query: the merchant's operations with a trans_id, oldest first. */
export function queryOperations(ctx: SandboxContext, q: Record<string, string | undefined>): OperationQueryRow[] {
  requireFields(q, ['public_key', 'time', 'mid_id', 'trans_id', 'signature']);
  const f = { public_key: q.public_key!, time: q.time!, mid_id: q.mid_id!, trans_id: q.trans_id! };
  const merchant = signedMerchant(ctx, f.public_key, q.signature!, (m) => querySignature(f, m.secret_key));
  if (f.mid_id.trim() !== String(merchant.id))
    throw new SandboxError('INVALID_MERCHANT', `mid_id ${f.mid_id.slice(0, 20)} does not belong to public_key`);
  return ctx.store.operations.byMerchantAndTransId(merchant.id, f.trans_id).map(queryRow);
}

/** Manual notify (sandbox only): confirms the newest pending operation with the trans_id. */
export function manualNotify(ctx: SandboxContext, f: Record<string, string>): OperationRecord {
  requireFields(f, ['public_key', 'trans_id', 'signature']);
  const merchant = signedMerchant(ctx, f.public_key!, f.signature!, (m) =>
    notifySignature({ public_key: f.public_key!, trans_id: f.trans_id! }, m.secret_key),
  );
  const pending = ctx.store.operations.byMerchantAndTransId(merchant.id, f.trans_id!).filter((op) => op.status === 'pending');
  const newest = pending[pending.length - 1];
  if (!newest) throw new SandboxError('NOT_FOUND', `no pending operation with trans_id ${f.trans_id!.slice(0, 255)}`);
  return transition(ctx, newest.id, { to: 'confirmed', actor: 'manual_notify' });
}
