import { isoTime, isRecord, twoDecimals } from '../contract/common.js';
import { rfcHasSeparators } from '../channels/shopper-documents.js';
import type { SpeiReasonCode, Transfer } from '../contract/spei.js';
import type { SandboxContext } from '../context.js';
import type { TransferRecord } from '../store/spei.js';
import { transition } from './operations.js';

/** A match result's reason: its words, and the code and values the console words it from. */
interface Reason {
  text: string;
  code: SpeiReasonCode;
  params: Record<string, string>;
}
const reason = (code: SpeiReasonCode, params: Record<string, string | number>, text: string): Reason => ({
  text,
  code,
  params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
});

/** Why a transfer's RFC can never match: RFCs are compared as written, without separators. */
const separatorsReason = (rfc: string) =>
  reason(
    'rfc_separators',
    { rfc },
    `RFC ${rfc} contains separators; transfers are only matched on an RFC written without spaces, hyphens or dots`,
  );

export interface TransferInput {
  clabe: string;
  amount_cents: number;
  rfc: string;
  sender_name?: string;
}

/**
 * Applies an incoming SPEI transfer: one transaction records it in the ledger, finds the
 * oldest pending channel-41 operation of the CLABE's merchant with the sender's RFC and the exact
 * amount, and confirms it. Operations past their expiry are expired first, never paid.
 * Two transfers racing for one operation serialize on the write lock: the second sees it confirmed
 * and moves to the next candidate or stays unmatched.
 */
export function applyTransfer(ctx: SandboxContext, input: TransferInput): TransferRecord {
  const { store } = ctx;
  const result = store.tx(() => {
    const now = ctx.clock.now();
    const merchant = store.merchants.byClabe(input.clabe);
    const id = store.spei.insert({
      clabe: input.clabe,
      amount_cents: input.amount_cents,
      rfc: input.rfc,
      sender_name: input.sender_name ?? null,
      received_at: now,
      merchant_id: merchant?.id ?? null,
      matched_operation_id: null,
      result: 'unmatched',
      reason: '',
      reason_code: null,
      reason_params: null,
    });
    const amount = `${twoDecimals(input.amount_cents)} MXN`;
    const settle = (opId: number | null, why: Reason) => {
      store.spei.settle(id, opId, why);
      return store.spei.get(id)!;
    };
    if (!merchant) {
      const text = `no merchant account has CLABE ${input.clabe} (each merchant has one CLABE of its own)`;
      return settle(null, reason('no_merchant', { clabe: input.clabe }, text));
    }
    if (rfcHasSeparators(input.rfc)) return settle(null, separatorsReason(input.rfc));

    for (;;) {
      const candidate = store.spei.oldestPendingMatch(merchant.id, input.rfc, input.amount_cents);
      if (!candidate) break;
      if (candidate.expires_at <= now) {
        // Its expiry timer has not fired yet; time is up, so it expires rather than being paid late.
        transition(ctx, candidate.id, { to: 'expired', actor: 'clock', details: { expired_at: isoTime(candidate.expires_at) } });
        continue;
      }
      transition(ctx, candidate.id, {
        to: 'confirmed',
        actor: 'spei_transfer',
        details: { transfer_id: id, clabe: input.clabe, rfc: input.rfc, sender_name: input.sender_name ?? null, amount },
      });
      return settle(
        candidate.id,
        reason(
          'matched',
          { operation: candidate.id, rfc: input.rfc, amount },
          `matched operation ${candidate.id}: RFC ${input.rfc} and exact amount ${amount} ` +
            '(the oldest pending operation with this RFC and amount is paid first)',
        ),
      );
    }
    return settle(null, explainUnmatched(ctx, merchant.id, input, amount));
  });
  ctx.events.emit('spei.transfer', { id: result.id, matched_operation_id: result.matched_operation_id });
  return result;
}

/** Words for an unmatched transfer, naming the rule that stopped it. */
function explainUnmatched(ctx: SandboxContext, merchantId: number, input: TransferInput, amount: string): Reason {
  const { rfc } = input;
  const ops = ctx.store.spei.operationsOfRfc(merchantId, input.rfc);
  const sameAmount = ops.filter((o) => o.amount_cents === input.amount_cents);
  const closed = sameAmount.find((o) => o.status === 'cancelled' || o.status === 'expired');
  if (closed) {
    const at = isoTime(closed.status === 'expired' ? Math.min(closed.expires_at, closed.updated_at) : closed.updated_at);
    return reason(
      'operation_closed',
      { rfc, amount, operation: closed.id, status: closed.status, at },
      `no pending operation for RFC ${rfc} and amount ${amount}: operation ${closed.id} was ${closed.status} at ${at}; ` +
        'a transfer after that is not applied',
    );
  }
  const pendingOther = ops.filter((o) => o.status === 'pending');
  if (pendingOther.length > 0) {
    const list = pendingOther
      .slice(0, 5)
      .map((o) => `${o.id} (${o.amount} MXN)`)
      .join(', ');
    return reason(
      'amount_differs',
      { rfc, amount, pending: list, count: String(pendingOther.length) },
      `no pending operation for RFC ${rfc} and amount ${amount}; this RFC has pending operations ` +
        `${list} — the amount must match exactly, cents included`,
    );
  }
  const paid = sameAmount.find((o) => o.status === 'confirmed');
  if (paid) {
    const text = `no pending operation for RFC ${rfc} and amount ${amount}: operation ${paid.id} is already confirmed`;
    return reason('already_paid', { rfc, amount, operation: paid.id }, text);
  }
  return reason(
    'no_pending',
    { rfc, amount },
    `no pending operation for RFC ${rfc} and amount ${amount} (a transfer from another RFC ` +
      'or of another amount is not applied, and nothing is notified)',
  );
}

export function transferView(ctx: SandboxContext, t: TransferRecord): Transfer {
  return {
    id: t.id,
    clabe: t.clabe,
    amount: twoDecimals(t.amount_cents),
    rfc: t.rfc,
    sender_name: t.sender_name,
    received_at: isoTime(t.received_at),
    mid_id: t.merchant_id,
    matched_operation_id: t.matched_operation_id,
    result: t.result,
    ...reasonView(t),
  };
}

/** A transfer's reason: its words, and its code and values when it has them (rows older than the codes have words only). */
export function reasonView(t: TransferRecord): Pick<Transfer, 'reason' | 'reason_code' | 'reason_params'> {
  let params: Record<string, string> | null = null;
  if (t.reason_params !== null) {
    const parsed: unknown = JSON.parse(t.reason_params);
    if (isRecord(parsed)) params = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  return { reason: t.reason, reason_code: t.reason_code, reason_params: params };
}
