import { numericReference, sampleQrPayload } from '../channels/common.js';
import { safeHttpUrl } from '../contract/safe-url.js';
import { html, type Html } from './escape.js';
import { copyValue } from './parts.js';
import { cancelButton } from './panel.js';
import { qrSvg } from './qr.js';
import { bankActions, bankPage } from './simulated-bank.js';
import { pageUrl, type PageModule, type PageView } from './view.js';
import { detailString } from './flow-state.js';

const waiting = (text: string): Html =>
  html`<div class="waiting" data-testid="waiting"><span class="spinner"></span><span>${text}</span></div>`;

const peruQr = (v: PageView, scheme: string) =>
  detailString(v.op, 'qr_value') ??
  sampleQrPayload({
    scheme,
    merchantName: v.merchant.name,
    city: 'LIMA',
    country: 'PE',
    currencyNumeric: '604',
    amount: v.op.amount,
    reference: v.op.token.slice(0, 25),
  });

/** Channel 40: ephemeral QR (efimero, or version 2), fixed by filter_by. */
export const page40: PageModule = {
  title: (_op, say) => say('Pago con QR', 'QR payment'),
  async render(v) {
    const { say } = v;
    const v2 = v.op.method === 'efimero_v2';
    const qr = await qrSvg(peruQr(v, v2 ? 'PE.SANDBOX.EFIMERO.V2' : 'PE.SANDBOX.EFIMERO'));
    return html`<h1>${say('Escanea y paga con tu app', 'Scan and pay with your app')}</h1>
<p class="lead">${say(
      'Abre la app de tu banco o billetera, elige pagar con QR y escanea este código. Es válido solo para este pago.',
      'Open your bank or wallet app, choose to pay with QR and scan this code. It is valid for this payment only.',
    )}</p>
<div class="qr">${qr}</div>
<p class="hint" style="text-align:center" data-testid="qr-version">${say('QR efímero', 'One-time QR')}${
      v2 ? say(' · versión 2', ' · version 2') : ''
    }</p>
${waiting(say('Esperando la confirmación de tu banco…', 'Waiting for the confirmation from your bank…'))}
<div class="actions">${cancelButton(v)}</div>`;
  },
};

/**
 * Where the bank-app hop lands: the creation's deeplink into this sandbox's checkout, kept as a path
 * so the hop never leaves the page's own origin; anything else (another site, another scheme) gives
 * the simulated bank app.
 */
function deeplinkOf(v: PageView): string {
  const stored = safeHttpUrl(detailString(v.op, 'deeplink_url'));
  const url = stored === null ? null : new URL(stored);
  return url && url.pathname.startsWith('/check-out/') ? url.pathname + url.search : pageUrl(v.op, { m: 'bank' });
}

/** Channel 35: bank app or website. Mobile follows the deeplink; desktop shows instructions and a QR. */
export const page35: PageModule = {
  title: (_op, say) => say('Paga desde tu banco', 'Pay from your bank'),
  async render(v) {
    const { say } = v;
    if (v.mode === 'bank')
      return html`${bankPage(
        v,
        detailString(v.op, 'bank_channel') ?? say('App de tu banco', 'Your bank app'),
      )}<div class="actions">${cancelButton(v)}</div>`;
    const code = detailString(v.op, 'consumer_code') ?? numericReference(v.op.token, 8, 'consumer');
    const link = deeplinkOf(v);
    if (v.mobile) {
      return html`<h1>${say('Abriendo la app de tu banco…', 'Opening your bank app…')}</h1>
<p class="lead">${say(
        'Si no se abre sola, toca el botón. Tu código de pago es',
        'If it does not open by itself, tap the button. Your payment code is',
      )} <b data-testid="consumer-code">${code}</b>.</p>
<a class="btn block" href="${link}" data-autofollow data-testid="deeplink">${say('Abrir la app del banco', 'Open the bank app')}</a>
${waiting(say('Esperando la confirmación del pago…', 'Waiting for the payment confirmation…'))}
<div class="actions">${cancelButton(v)}</div>`;
    }
    return html`<h1>${say('Paga desde la web o app de tu banco', "Pay from your bank's website or app")}</h1>
<p class="lead">${say(
      'Sigue estos pasos en la banca por internet o en la app de tu banco.',
      'Follow these steps in your internet banking or bank app.',
    )}</p>
<ol class="steps" data-testid="desktop-steps">
<li><span><b>${say('Entra a tu banca por internet', 'Sign in to your internet banking')}</b>${say(
      'O abre la app de tu banco.',
      'Or open your bank app.',
    )}</span></li>
<li><span><b>${say('Elige «Pago de servicios»', 'Choose "Pay services"')}</b>${say(
      'Busca «Pasarela» en la lista de empresas.',
      'Look for "Pasarela" in the list of companies.',
    )}</span></li>
<li><span><b>${say('Ingresa tu código de pago', 'Enter your payment code')}</b>${say(
      'Confirma el monto y paga.',
      'Confirm the amount and pay.',
    )}</span></li>
</ol>
<label style="margin-top:16px">${say('Código de pago', 'Payment code')}</label>
${copyValue(v, 'consumer-code', code)}
<p class="hint">${say('¿Tienes el celular a mano? Escanea el QR para abrir tu banco.', 'Phone at hand? Scan the QR to open your bank.')}</p>
<div class="qr">${await qrSvg(new URL(link, v.ctx.baseUrl() || 'http://127.0.0.1').toString())}</div>
${waiting(say('Esperando la confirmación del pago…', 'Waiting for the payment confirmation…'))}
<div class="actions"><a class="btn ghost" href="${link}" data-testid="deeplink">${say(
      'Ir a la banca por internet',
      'Go to internet banking',
    )}</a>${cancelButton(v)}</div>`;
  },
  actions: bankActions((a) => a.form.get('m') === 'bank'),
};
