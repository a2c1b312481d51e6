import { z } from 'zod';
import { actionForm } from './layout.js';
import { html, type Html } from './escape.js';
import { cancelButton, formOf } from './panel.js';
import { bankActions, bankPage } from './simulated-bank.js';
import { type PageModule, type PageView } from './view.js';
import { saveState } from './flow-state.js';

function phoneForm(v: PageView): Html {
  const attrs = html`required maxlength="15" placeholder="9 1234 5678" value="${v.form.phone ?? ''}"`;
  const input = html`<input type="tel" id="phone" name="phone" ${attrs} data-testid="wallet-phone">`;
  const field = html`<div><label for="phone">${v.say('Celular', 'Mobile phone')}</label>${input}</div>`;
  const button = html`<button class="btn block" type="submit" data-testid="wallet-continue">${v.say('Continuar', 'Continue')}</button>`;
  return html`<div class="stack">${field}${button}</div>`;
}

/** Channel 22: wallet. The shopper signs in with the phone number, then approves in the wallet. */
export const page22: PageModule = {
  title: (_op, say) => say('Paga con tu billetera', 'Pay with your wallet'),
  render(v) {
    const { say } = v;
    const body = v.state.phone
      ? bankPage(
          v,
          say('Billetera móvil', 'Mobile wallet'),
          `${say('Solicitud enviada al celular', 'Request sent to the phone')} ${v.state.phone}.`,
        )
      : html`<h1>${say('Paga con tu billetera', 'Pay with your wallet')}</h1>
<p class="lead">${say(
          'Ingresa el celular asociado a tu billetera; te enviaremos la solicitud de pago.',
          'Enter the phone number of your wallet; we will send it the payment request.',
        )}</p>
${actionForm(v, 'wallet_login', phoneForm(v))}`;
    return html`${body}<div class="actions">${cancelButton(v)}</div>`;
  },
  actions: {
    wallet_login: (a) => {
      const { phone } = formOf(z.object({ phone: z.string().trim().max(20) }), a);
      if (!/^\+?\d[\d\s]{7,14}$/.test(phone))
        return {
          ok: false,
          message: a.say('Escribe un número de celular válido (8 a 15 dígitos).', 'Enter a valid mobile number (8 to 15 digits).'),
        };
      saveState(a.ctx, a.op, { phone: phone.replace(/\s/g, '') });
      return { ok: true };
    },
    ...bankActions((a) => !!a.state.phone),
  },
};
