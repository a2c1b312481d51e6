import { numericReference } from '../channels/common.js';
import { html } from './escape.js';
import { copyValue } from './parts.js';
import { cancelButton } from './panel.js';
import { bankActions, bankPage } from './simulated-bank.js';
import { pageUrl, type PageModule } from './view.js';
import { formatAmount } from './format.js';

/** Channel 30: bank transfer in Peru with a payment code for online banking. */
export const page30: PageModule = {
  title: (_op, say) => say('Transferencia bancaria', 'Bank transfer'),
  render(v) {
    const { say } = v;
    if (v.mode === 'bank')
      return html`${bankPage(v, say('Banca por internet', 'Internet banking'))}<div class="actions">${cancelButton(v)}</div>`;
    const code = numericReference(v.op.token, 9, 'cip');
    const toBank = html`<a class="btn" href="${pageUrl(v.op, { m: 'bank' })}" data-testid="go-bank">${say(
      'Ir a la banca por internet',
      'Go to internet banking',
    )}</a>`;
    return html`<h1>${say('Paga por transferencia bancaria', 'Pay by bank transfer')}</h1>
<p class="lead">${say(
      'Paga en tu banca por internet o en agencia con este código de pago.',
      'Pay in your internet banking or at a branch with this payment code.',
    )}</p>
<label>${say('Código de pago', 'Payment code')}</label>${copyValue(v, 'payment-code', code)}
<ol class="steps">
<li><span><b>${say('Entra a tu banca por internet', 'Sign in to your internet banking')}</b>${say(
      'Elige «Pagar servicios».',
      'Choose "Pay services".',
    )}</span></li>
<li><span><b>${say('Busca «Pasarela»', 'Look for "Pasarela"')}</b>${say(
      'Ingresa el código de pago.',
      'Enter the payment code.',
    )}</span></li>
<li><span><b>${say('Confirma', 'Confirm')} ${formatAmount(v.op.amount, v.op.currency)}</b>${say(
      'El comercio recibe la confirmación al instante.',
      'The merchant gets the confirmation at once.',
    )}</span></li>
</ol>
<div class="actions">${toBank}${cancelButton(v)}</div>`;
  },
  actions: bankActions((a) => a.form.get('m') === 'bank'),
};
