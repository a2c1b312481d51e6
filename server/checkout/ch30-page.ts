import { numericReference } from '../channels/common.js';
import { html } from './escape.js';
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
    return html`<h1>Paga por transferencia bancaria</h1><p class="lead">Paga en tu banca por internet o en agencia con este código de pago.</p>
<label>Código de pago</label><div class="big-value"><code data-testid="payment-code">${code}</code><button type="button" class="copy" data-copy="${code}">Copiar</button></div>
<ol class="steps"><li><span><b>Entra a tu banca por internet</b>Elige «Pagar servicios».</span></li><li><span><b>Busca «Pasarela»</b>Ingresa el código de pago.</span></li><li><span><b>Confirma ${formatAmount(v.op.amount, v.op.currency)}</b>El comercio recibe la confirmación al instante.</span></li></ol>
<div class="actions"><a class="btn" href="${pageUrl(v.op, { m: 'bank' })}" data-testid="go-bank">Ir a la banca por internet</a>${cancelButton(v)}</div>`;
  },
  actions: bankActions((a) => a.form.get('m') === 'bank'),
};
