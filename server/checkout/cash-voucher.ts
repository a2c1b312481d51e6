import { voucherReferenceOf } from '../channels/common.js';
import { rulesOf } from '../channels/registry.js';
import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';
import { barcodeSvg } from './barcode.js';
import { html, type Html } from './escape.js';
import { actionForm } from './layout.js';
import { type PageView } from './view.js';
import { detailString, saveDetails } from './flow-state.js';
import { formatAmount, formatDeadline } from './format.js';

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

/** The printable cash voucher: reference, barcode, amount, deadline, where to pay, PDF link. */
export function voucherSection(v: PageView, reference: string, where: string): Html {
  const pdf = `/check-out/voucher.pdf?tokenID=${encodeURIComponent(v.op.token)}&lang=${v.lang}`;
  const { say } = v;
  return html`<h1>${say('Paga en efectivo', 'Pay in cash')}</h1>
<p class="lead">${say('Presenta este cupón en', 'Show this voucher at')} ${where} ${say(
    'antes de la fecha límite. El pago se confirma al comercio cuando el punto de pago lo registra.',
    'before the deadline. The merchant gets the confirmation once the payment point records it.',
  )}</p>
<div class="voucher" data-testid="voucher">
<dl class="kv">
<dt>${say('Comercio', 'Merchant')}</dt><dd>${v.merchant.name}</dd>
<dt>${say('Monto', 'Amount')}</dt><dd>${formatAmount(v.op.amount, v.op.currency)}</dd>
<dt>${say(
    'Pagar antes de',
    'Pay before',
  )}</dt><dd data-testid="voucher-deadline">${formatDeadline(v.op.expires_at, v.op.currency, v.lang)}</dd>
</dl>
${barcodeSvg(reference)}
<p class="ref" data-testid="voucher-reference">${reference}</p>
</div>
<div class="actions"><a class="btn" href="${pdf}" data-testid="voucher-pdf" download>${say(
    'Descargar cupón (PDF)',
    'Download voucher (PDF)',
  )}</a></div>`;
}

/** Before a voucher exists on a page that offers cash among other methods: what it is, and the button that makes it. */
export function cashChoice(v: PageView): Html {
  const { say } = v;
  const button = html`<button class="btn block" type="submit" data-testid="choose-cash">${say(
    'Generar cupón de pago',
    'Make a payment voucher',
  )}</button>`;
  return html`<h1>${say('Paga en efectivo', 'Pay in cash')}</h1>
<p class="lead">${say(
    'Genera un cupón con código de barras y págalo en un punto aliado antes de la fecha límite.',
    'Make a voucher with a barcode and pay it at a partner point before the deadline.',
  )}</p>
${actionForm(v, 'choose_cash', button)}`;
}
