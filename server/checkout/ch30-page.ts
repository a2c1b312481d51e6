import { numericReference } from '../channels/common.js';
import { html } from './escape.js';
import { copyValue } from './parts.js';
import { cancelButton } from './panel.js';
import { bankActions, bankPage } from './simulated-bank.js';
import { pageUrl, type PageModule } from './view.js';
import { formatAmount } from './format.js';

/** Channel 30: bank transfer in Peru with a payment code for online banking. */
export const page30: PageModule = {
  title: () => 'Transferencia bancaria',
  render(v) {
    if (v.mode === 'bank') return html`${bankPage(v, 'Banca por internet')}<div class="actions">${cancelButton(v)}</div>`;
    const code = numericReference(v.op.token, 9, 'cip');
    const toBank = html`<a class="btn" href="${pageUrl(v.op, { m: 'bank' })}" data-testid="go-bank">Ir a la banca por internet</a>`;
    return html`<h1>Paga por transferencia bancaria</h1>
<p class="lead">Paga en tu banca por internet o en agencia con este código de pago.</p>
<label>Código de pago</label>${copyValue('payment-code', code)}
<ol class="steps">
<li><span><b>Entra a tu banca por internet</b>Elige «Pagar servicios».</span></li>
<li><span><b>Busca «Pasarela»</b>Ingresa el código de pago.</span></li>
<li><span><b>Confirma ${formatAmount(v.op.amount, v.op.currency)}</b>El comercio recibe la confirmación al instante.</span></li>
</ol>
<div class="actions">${toBank}${cancelButton(v)}</div>`;
  },
  actions: bankActions((a) => a.form.get('m') === 'bank'),
};
