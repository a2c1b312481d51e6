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
  {
    value: 'cash',
    name: ['Efectivo en punto de pago', 'Cash at a payment point'],
    text: ['Paga con una referencia en un comercio aliado', 'Pay with a reference at a partner store'],
    ico: '$',
  },
  {
    value: 'bank',
    name: ['Transferencia bancaria', 'Bank transfer'],
    text: ['Paga desde tu banca en línea', 'Pay from your online banking'],
    ico: 'BAN',
  },
];

/** Channel 16: alternative payment methods (cash reference or online bank). */
export const page16: PageModule = {
  title: (_op, say) => say('Medios de pago alternativos', 'Alternative payment methods'),
  render(v) {
    const { say } = v;
    const m = v.state.method;
    let body: Html;
    if (m === 'cash') {
      // The reference creation stored (ch16.ts), the one the notification sends; derived for old rows without it.
      const ref = detailString(v.op, 'payment_reference') ?? numericReference(v.op.token, 12, 'apm');
      body = html`<h1>${say('Paga con tu referencia', 'Pay with your reference')}</h1><p class="lead">${say(
        'Indica esta referencia y el monto en cualquier punto de pago aliado.',
        'Give this reference and the amount at any partner payment point.',
      )}</p>
<label>${say('Referencia de pago', 'Payment reference')}</label>${copyValue(v, 'payment-reference', ref)}
<dl class="kv"><dt>${say('Monto', 'Amount')}</dt><dd>${formatAmount(v.op.amount, v.op.currency)}</dd></dl>
<div class="waiting"><span class="spinner"></span><span>${say(
        'El comercio recibirá la confirmación cuando pagues.',
        'The merchant is notified once you pay.',
      )}</span></div>`;
    } else if (m === 'bank') body = bankPage(v, say('Tu banco', 'Your bank'));
    else
      body = choices(
        v,
        say('¿Cómo quieres pagar?', 'How do you want to pay?'),
        say('Elige un medio de pago.', 'Choose a payment method.'),
        CH16,
      );
    return html`${body}<div class="actions">${m ? changeButton(v) : ''}${cancelButton(v)}</div>`;
  },
  actions: { choose_method: chooseFrom(CH16), change_method: changeMethod, ...bankActions((a) => a.state.method === 'bank') },
};
