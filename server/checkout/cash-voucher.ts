import { voucherReferenceOf } from '../channels/common.js';
import { rulesOf } from '../channels/registry.js';
import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';
import { barcodeSvg } from './barcode.js';
import { html, type Html } from './escape.js';
import { type PageView } from './view.js';
import { detailString, saveDetails } from './flow-state.js';
import { formatAmount } from './format.js';

/**
 * The voucher reference, without writing: the one stored (by creation or the shopper's choice of
 * cash), else the channel's own derivation, so a GET shows what a later store would keep.
 */
export function voucherReference(op: OperationRecord): string {
  const digits = rulesOf(op.channel)?.voucherDigits ?? 12;
  return detailString(op, 'voucher_reference') ?? voucherReferenceOf(op.token, digits);
}

/** Stores the voucher reference (only a shopper's POST does: GET pages never write). */
export function storeVoucherReference(ctx: SandboxContext, op: OperationRecord): void {
  if (!detailString(op, 'voucher_reference')) saveDetails(ctx, op.id, { voucher_reference: voucherReference(op) });
}

const CONFIRMED_WHEN = 'El pago se confirma al comercio cuando el punto de pago lo registra.';
const expiryText = (t: number) => new Date(t).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** The printable cash voucher: reference, barcode, amount, deadline, where to pay, PDF link. */
export function voucherSection(v: PageView, reference: string, where: string): Html {
  const pdf = `/check-out/voucher.pdf?tokenID=${encodeURIComponent(v.op.token)}`;
  return html`<h1>Paga en efectivo</h1>
<p class="lead">Presenta este cupón en ${where} antes de la fecha límite. ${CONFIRMED_WHEN}</p>
<div class="voucher" data-testid="voucher">
<dl class="kv">
<dt>Comercio</dt><dd>${v.merchant.name}</dd>
<dt>Monto</dt><dd>${formatAmount(v.op.amount, v.op.currency)}</dd>
<dt>Pagar antes de</dt><dd>${expiryText(v.op.expires_at)}</dd>
</dl>
${barcodeSvg(reference)}
<p class="ref" data-testid="voucher-reference">${reference}</p>
</div>
<div class="actions"><a class="btn" href="${pdf}" data-testid="voucher-pdf" download>Descargar cupón (PDF)</a></div>`;
}
