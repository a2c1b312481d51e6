import { numericReference } from '../channels/common.js';
import { html, type Html } from './escape.js';
import { copyValue } from './parts.js';
import { cancelButton } from './panel.js';
import { bankActions, bankPage } from './simulated-bank.js';
import { type PageModule } from './view.js';
import { detailString } from './flow-state.js';
import { formatAmount } from './format.js';
import { changeButton, changeMethod, chooseFrom, choices, type Choice } from './method-choice.js';

const CH16: Choice[] = [
  { value: 'cash', name: 'Efectivo en punto de pago', text: 'Paga con una referencia en un comercio aliado', ico: '$' },
  { value: 'bank', name: 'Transferencia bancaria', text: 'Paga desde tu banca en línea', ico: 'BAN' },
];

/** Channel 16: alternative payment methods (cash reference or online bank). */
export const page16: PageModule = {
  title: () => 'Medios de pago alternativos',
  render(v) {
    const m = v.state.method;
    let body: Html;
    if (m === 'cash') {
      // The reference creation stored (ch16.ts), the one the notification sends; derived for old rows without it.
      const ref = detailString(v.op, 'payment_reference') ?? numericReference(v.op.token, 12, 'apm');
      body = html`<h1>Paga con tu referencia</h1><p class="lead">Indica esta referencia y el monto en cualquier punto de pago aliado.</p>
<label>Referencia de pago</label>${copyValue('payment-reference', ref)}
<dl class="kv"><dt>Monto</dt><dd>${formatAmount(v.op.amount, v.op.currency)}</dd></dl>
<div class="waiting"><span class="spinner"></span><span>El comercio recibirá la confirmación cuando pagues.</span></div>`;
    } else if (m === 'bank') body = bankPage(v, 'Tu banco');
    else body = choices(v, '¿Cómo quieres pagar?', 'Elige un medio de pago.', CH16);
    return html`${body}<div class="actions">${m ? changeButton(v) : ''}${cancelButton(v)}</div>`;
  },
  actions: { choose_method: chooseFrom(CH16), change_method: changeMethod, ...bankActions((a) => a.state.method === 'bank') },
};
