import { SANDBOX_SPEI_BANK } from '../domain/clabe.js';
import { applyTransfer } from '../domain/spei.js';
import { actionForm } from './layout.js';
import { html } from './escape.js';
import { copyValue } from './parts.js';
import { cancelButton } from './panel.js';
import { type PageModule } from './view.js';
import { formatAmount } from './format.js';
import { shopperName } from '../domain/operations.js';

/** 646 180 00000000001 7: bank, plaza, account, check digit, as banks print it. */
const groupClabe = (c: string) => (c.length === 18 ? `${c.slice(0, 3)} ${c.slice(3, 6)} ${c.slice(6, 17)} ${c.slice(17)}` : c);

/** Channel 41: SPEI transfer to the merchant's CLABE for the exact amount. */
export const page41: PageModule = {
  title: () => 'Transferencia SPEI',
  render(v) {
    const amount = formatAmount(v.op.amount, v.op.currency);
    const rfc = v.op.rfc ?? v.op.doc_number ?? '';
    const rfcShown = rfc ? html`: <b data-testid="shopper-rfc">${rfc}</b>` : '';
    return html`<h1>Paga con transferencia SPEI</h1>
<p class="lead">Desde la app o banca en línea de tu banco, transfiere el monto exacto a esta cuenta CLABE.</p>
<label>CLABE</label>
${copyValue('clabe', groupClabe(v.merchant.clabe), v.merchant.clabe)}
<dl class="kv">
<dt>Banco receptor</dt><dd data-testid="receiving-bank">${SANDBOX_SPEI_BANK.name}</dd>
<dt>Beneficiario</dt><dd data-testid="account-holder">${v.merchant.name}</dd>
<dt>Monto exacto</dt><dd data-testid="spei-amount">${amount}</dd>
</dl>
<div class="countdown" data-countdown style="margin:16px 0"><span>Tiempo restante para transferir</span><b>—</b></div>
<h2>Instrucciones</h2>
<ol class="steps" data-testid="spei-instructions">
<li><span><b>Da de alta la CLABE</b>Con ${v.merchant.name} como beneficiario.</span></li>
<li><span><b>Transfiere exactamente ${amount}</b>Incluidos los centavos: otro monto no se aplica.</span></li>
<li><span><b>Usa una cuenta a tu nombre</b>El pago se identifica por el RFC del titular${rfcShown}.</span></li>
<li><span><b>Espera en esta página</b>Se actualizará sola cuando llegue la transferencia.</span></li>
</ol>
<div class="waiting"><span class="spinner"></span><span>Esperando tu transferencia…</span></div>
<div class="actions">${cancelButton(v, 'Cancelar pago')}</div>`;
  },
  panelForms(v) {
    const amount = formatAmount(v.op.amount, v.op.currency);
    const attrs = html`type="submit" data-testid="panel-spei" style="margin-top:10px"`;
    const button = html`<button class="btn block" ${attrs}>Simular transferencia SPEI exacta</button>`;
    return actionForm(
      v,
      'spei_transfer',
      html`${button}
<p>Envía ${amount} desde el RFC ${v.op.rfc ?? '—'} a la CLABE, por el mismo camino que POST /sandbox/v1/spei/transfers.</p>`,
    );
  },
  actions: {
    spei_transfer: (a) => {
      const merchant = a.ctx.store.merchants.get(a.op.merchant_id)!;
      const t = applyTransfer(a.ctx, {
        clabe: merchant.clabe,
        amount_cents: a.op.amount_cents,
        rfc: a.op.rfc ?? '',
        sender_name: shopperName(a.op) || 'Sandbox',
      });
      if (t.matched_operation_id === a.op.id) return { ok: true };
      return {
        ok: false,
        message: t.matched_operation_id
          ? `La transferencia se aplicó a la operación #${t.matched_operation_id}, más antigua, con el mismo RFC y monto (regla 5).`
          : `La transferencia no coincidió con ningún pago: ${t.reason}`,
      };
    },
  },
};
