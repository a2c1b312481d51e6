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
  title: () => 'Pago con QR',
  async render(v) {
    const v2 = v.op.method === 'efimero_v2';
    const qr = await qrSvg(peruQr(v, v2 ? 'PE.SANDBOX.EFIMERO.V2' : 'PE.SANDBOX.EFIMERO'));
    return html`<h1>Escanea y paga con tu app</h1>
<p class="lead">Abre la app de tu banco o billetera, elige pagar con QR y escanea este código. Es válido solo para este pago.</p>
<div class="qr">${qr}</div>
<p class="hint" style="text-align:center" data-testid="qr-version">QR efímero${v2 ? ' · versión 2' : ''}</p>
${waiting('Esperando la confirmación de tu banco…')}
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
  title: () => 'Paga desde tu banco',
  async render(v) {
    if (v.mode === 'bank')
      return html`${bankPage(v, detailString(v.op, 'bank_channel') ?? 'App de tu banco')}<div class="actions">${cancelButton(v)}</div>`;
    const code = detailString(v.op, 'consumer_code') ?? numericReference(v.op.token, 8, 'consumer');
    const link = deeplinkOf(v);
    if (v.mobile) {
      return html`<h1>Abriendo la app de tu banco…</h1>
<p class="lead">Si no se abre sola, toca el botón. Tu código de pago es <b data-testid="consumer-code">${code}</b>.</p>
<a class="btn block" href="${link}" data-autofollow data-testid="deeplink">Abrir la app del banco</a>
${waiting('Esperando la confirmación del pago…')}
<div class="actions">${cancelButton(v)}</div>`;
    }
    return html`<h1>Paga desde la web o app de tu banco</h1>
<p class="lead">Sigue estos pasos en la banca por internet o en la app de tu banco.</p>
<ol class="steps" data-testid="desktop-steps">
<li><span><b>Entra a tu banca por internet</b>O abre la app de tu banco.</span></li>
<li><span><b>Elige «Pago de servicios»</b>Busca «Pasarela» en la lista de empresas.</span></li>
<li><span><b>Ingresa tu código de pago</b>Confirma el monto y paga.</span></li>
</ol>
<label style="margin-top:16px">Código de pago</label>
${copyValue('consumer-code', code)}
<p class="hint">¿Tienes el celular a mano? Escanea el QR para abrir tu banco.</p>
<div class="qr">${await qrSvg(new URL(link, v.ctx.baseUrl() || 'http://127.0.0.1').toString())}</div>
${waiting('Esperando la confirmación del pago…')}
<div class="actions"><a class="btn ghost" href="${link}" data-testid="deeplink">Ir a la banca por internet</a>${cancelButton(v)}</div>`;
  },
  actions: bankActions((a) => a.form.get('m') === 'bank'),
};
