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
  title: (_op, say) => say('Transferencia SPEI', 'SPEI transfer'),
  render(v) {
    const { say } = v;
    const amount = formatAmount(v.op.amount, v.op.currency);
    const rfc = v.op.rfc ?? v.op.doc_number ?? '';
    const rfcShown = rfc ? html`: <b data-testid="shopper-rfc">${rfc}</b>` : '';
    return html`<h1>${say('Paga con transferencia SPEI', 'Pay by SPEI transfer')}</h1>
<p class="lead">${say(
      'Desde la app o banca en línea de tu banco, transfiere el monto exacto a esta cuenta CLABE.',
      "From your bank's app or online banking, transfer the exact amount to this CLABE account.",
    )}</p>
<label>CLABE</label>
${copyValue(v, 'clabe', groupClabe(v.merchant.clabe), v.merchant.clabe)}
<dl class="kv">
<dt>${say('Banco receptor', 'Receiving bank')}</dt><dd data-testid="receiving-bank">${SANDBOX_SPEI_BANK.name}</dd>
<dt>${say('Beneficiario', 'Beneficiary')}</dt><dd data-testid="account-holder">${v.merchant.name}</dd>
<dt>${say('Monto exacto', 'Exact amount')}</dt><dd data-testid="spei-amount">${amount}</dd>
</dl>
<div class="countdown" data-countdown style="margin:16px 0"><span>${say(
      'Tiempo restante para transferir',
      'Time left to transfer',
    )}</span><b>—</b></div>
<h2>${say('Instrucciones', 'Instructions')}</h2>
<ol class="steps" data-testid="spei-instructions">
<li><span><b>${say('Da de alta la CLABE', 'Register the CLABE')}</b>${say('Con', 'With')} ${v.merchant.name} ${say(
      'como beneficiario.',
      'as the beneficiary.',
    )}</span></li>
<li><span><b>${say('Transfiere exactamente', 'Transfer exactly')} ${amount}</b>${say(
      'Incluidos los centavos: otro monto no se aplica.',
      'Cents included: any other amount is not applied.',
    )}</span></li>
<li><span><b>${say('Usa una cuenta a tu nombre', 'Use an account in your name')}</b>${say(
      'El pago se identifica por el RFC del titular',
      "The payment is identified by the account holder's RFC",
    )}${rfcShown}.</span></li>
<li><span><b>${say('Espera en esta página', 'Wait on this page')}</b>${say(
      'Se actualizará sola cuando llegue la transferencia.',
      'It updates by itself when the transfer arrives.',
    )}</span></li>
</ol>
<div class="waiting"><span class="spinner"></span><span>${say('Esperando tu transferencia…', 'Waiting for your transfer…')}</span></div>
<div class="actions">${cancelButton(v)}</div>`;
  },
  panelForms(v) {
    const amount = formatAmount(v.op.amount, v.op.currency);
    const attrs = html`type="submit" data-testid="panel-spei" style="margin-top:10px"`;
    const button = html`<button class="btn block" ${attrs}>${v.say(
      'Simular transferencia SPEI exacta',
      'Simulate the exact SPEI transfer',
    )}</button>`;
    return actionForm(
      v,
      'spei_transfer',
      html`${button}
<p>${v.say(
        `Envía ${amount} desde el RFC ${v.op.rfc ?? '—'} a la CLABE, por el mismo camino que POST /sandbox/v1/spei/transfers.`,
        `Sends ${amount} from RFC ${v.op.rfc ?? '—'} to the CLABE, the same way as POST /sandbox/v1/spei/transfers.`,
      )}</p>`,
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
          ? a.say(
              `La transferencia se aplicó a la operación #${t.matched_operation_id}: con el mismo RFC y el mismo monto, ` +
                'se paga primero la operación pendiente más antigua.',
              `The transfer was applied to operation #${t.matched_operation_id}: ` +
                'with the same RFC and amount, the oldest pending operation is paid first.',
            )
          : `${a.say('La transferencia no coincidió con ningún pago', 'The transfer matched no payment')}: ${t.reason}`,
      };
    },
  },
};
