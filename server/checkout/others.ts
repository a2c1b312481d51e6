import { z } from 'zod';
import { numericReference } from '../channels/common.js';
import { actionForm } from './layout.js';
import { html, type Html } from './escape.js';
import { cancelButton, formOf } from './panel.js';
import { bankActions, bankPage } from './simulated-bank.js';
import { detailString, formatAmount, pageUrl, saveState, type ActionInput, type ActionOutcome, type PageModule, type PageView } from './view.js';

interface Choice {
  value: string;
  name: string;
  text: string;
  ico: string;
  soon?: boolean;
}

/** A list of payment options; each posts `choose_method` with its value. */
function choices(v: PageView, heading: string, lead: string, list: Choice[]): Html {
  return html`<h1>${heading}</h1><p class="lead">${lead}</p><ul class="options" data-testid="method-list">${list.map((c) =>
    c.soon
      ? html`<li><div class="option soon"><span class="ico">${c.ico}</span><span class="txt"><b>${c.name}</b><small>${c.text}</small></span></div></li>`
      : html`<li>${actionForm(v, 'choose_method', html`<input type="hidden" name="method" value="${c.value}"><button class="option" type="submit" data-testid="method-${c.value}"><span class="ico">${c.ico}</span><span class="txt"><b>${c.name}</b><small>${c.text}</small></span></button>`)}</li>`,
  )}</ul>`;
}

/** `choose_method` limited to the available values of a list. */
const chooseFrom = (list: Choice[]) => (a: ActionInput): ActionOutcome => {
  const { method } = formOf(z.object({ method: z.string().max(32) }), a.form);
  if (!list.some((c) => c.value === method && !c.soon)) return { ok: false, message: 'Elige un medio de pago disponible.' };
  saveState(a.ctx, a.op, { method });
  return { ok: true };
};
const changeMethod = (a: ActionInput): ActionOutcome => (saveState(a.ctx, a.op, { method: null }), { ok: true });
const changeButton = (v: PageView) => actionForm(v, 'change_method', html`<button class="btn ghost" type="submit" data-testid="change-method">Cambiar medio de pago</button>`);

const CH16: Choice[] = [
  { value: 'cash', name: 'Efectivo en punto de pago', text: 'Paga con una referencia en un comercio aliado', ico: '$' },
  { value: 'bank', name: 'Transferencia bancaria', text: 'Paga desde tu banca en línea', ico: 'BAN' },
];

/** Channel 16: alternative payment methods (cash reference or online bank). */
export const channel16: PageModule = {
  title: () => 'Medios de pago alternativos',
  render(v) {
    const m = v.state.method;
    let body: Html;
    if (m === 'cash') {
      // The reference creation stored (ch16.ts), the one the notification sends; derived for old rows without it.
      const ref = detailString(v.op, 'payment_reference') ?? numericReference(v.op.token, 12, 'apm');
      body = html`<h1>Paga con tu referencia</h1><p class="lead">Indica esta referencia y el monto en cualquier punto de pago aliado.</p>
<label>Referencia de pago</label><div class="big-value"><code data-testid="payment-reference">${ref}</code><button type="button" class="copy" data-copy="${ref}">Copiar</button></div>
<dl class="kv"><dt>Monto</dt><dd>${formatAmount(v.op.amount, v.op.currency)}</dd></dl>
<div class="waiting"><span class="spinner"></span><span>El comercio recibirá la confirmación cuando pagues.</span></div>`;
    } else if (m === 'bank') body = bankPage(v, 'Tu banco');
    else body = choices(v, '¿Cómo quieres pagar?', 'Elige un medio de pago.', CH16);
    return html`${body}<div class="actions">${m ? changeButton(v) : ''}${cancelButton(v)}</div>`;
  },
  actions: { choose_method: chooseFrom(CH16), change_method: changeMethod, ...bankActions((a) => a.state.method === 'bank') },
};

/** Channel 22: wallet. The shopper signs in with the phone number, then approves in the wallet. */
export const channel22: PageModule = {
  title: () => 'Paga con tu billetera',
  render(v) {
    const body = v.state.phone
      ? bankPage(v, 'Billetera móvil', `Solicitud enviada al celular ${v.state.phone}.`)
      : html`<h1>Paga con tu billetera</h1><p class="lead">Ingresa el celular asociado a tu billetera; te enviaremos la solicitud de pago.</p>
${actionForm(v, 'wallet_login', html`<div class="stack"><div><label for="phone">Celular</label><input type="tel" id="phone" name="phone" required maxlength="15" placeholder="9 1234 5678" value="${v.form.phone ?? ''}" data-testid="wallet-phone"></div><button class="btn block" type="submit" data-testid="wallet-continue">Continuar</button></div>`)}`;
    return html`${body}<div class="actions">${cancelButton(v)}</div>`;
  },
  actions: {
    wallet_login: (a) => {
      const { phone } = formOf(z.object({ phone: z.string().trim().max(20) }), a.form);
      if (!/^\+?\d[\d\s]{7,14}$/.test(phone)) return { ok: false, message: 'Escribe un número de celular válido (8 a 15 dígitos).' };
      saveState(a.ctx, a.op, { phone: phone.replace(/\s/g, '') });
      return { ok: true };
    },
    ...bankActions((a) => !!a.state.phone),
  },
};

/** Channel 30: bank transfer in Peru with a payment code for online banking. */
export const channel30: PageModule = {
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

const CH33: Choice[] = [
  { value: '29', name: 'Transferencia bancaria en línea', text: 'Método 29 · débito desde tu cuenta', ico: '29' },
  { value: '48', name: 'Botón de pago bancario', text: 'Método 48 · paga en la página de tu banco', ico: '48' },
  { value: 'wallet-a', name: 'Billetera digital', text: 'Próximamente', ico: '—', soon: true },
  { value: 'wallet-b', name: 'Billetera móvil', text: 'Próximamente', ico: '—', soon: true },
];

/** Channel 33: multi-method checkout with methods 29 and 48. */
export const channel33: PageModule = {
  title: () => 'Elige cómo pagar',
  render(v) {
    const m = v.state.method;
    const chosen = CH33.find((c) => c.value === m && !c.soon);
    const body = chosen ? bankPage(v, chosen.name, chosen.text) : choices(v, '¿Cómo quieres pagar?', 'Elige uno de los medios disponibles.', CH33);
    return html`${body}<div class="actions">${chosen ? changeButton(v) : ''}${cancelButton(v)}</div>`;
  },
  actions: { choose_method: chooseFrom(CH33), change_method: changeMethod, ...bankActions((a) => a.state.method === '29' || a.state.method === '48') },
};
