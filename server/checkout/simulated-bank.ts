import { shopperName, transition } from '../domain/operations.js';
import { actionForm } from './layout.js';
import { html, type Html } from './escape.js';
import type { ActionInput, ActionOutcome, PageView } from './view.js';
import { saveState } from './flow-state.js';
import { formatAmount } from './format.js';
import { BANK_REJECTED } from './rejection-texts.js';

/**
 * A simulated online-banking page: where bankredirect, bank_page, PSE and bank-app flows land.
 * The shopper authorises or refuses the debit; both are transitions by the shopper page.
 */
export function bankPage(v: PageView, bankName: string, note?: string): Html {
  const { say } = v;
  const name = shopperName(v.op);
  const greeting = name ? html`${say('Hola', 'Hello')}, <b>${name}</b>. ` : '';
  const amount = formatAmount(v.op.amount, v.op.currency);
  // "Comercio Demo S.A. de C.V." ends its own sentence: no second full stop.
  const stop = v.merchant.name.trimEnd().endsWith('.') ? '' : '.';
  const account = v.op.token.replace(/\D/g, '').slice(-4).padStart(4, '0');
  return html`<div class="bankpage" data-testid="bank-page">
<div class="bankpage-head"><span>${bankName}</span><small>${say('Banca en línea · simulada', 'Online banking · simulated')}</small></div>
<div class="bankpage-body">
<p class="lead">${greeting}${say('Autoriza el pago de', 'Authorise the payment of')} <b>${amount}</b> ${say(
    'a',
    'to',
  )} <b>${v.merchant.name}</b>${stop}</p>
<dl class="kv" style="margin-bottom:16px">
<dt>${say('Cuenta de origen', 'From account')}</dt><dd>${say('Cuenta de ahorros', 'Savings account')} ****${account}</dd>
<dt>${say('Referencia', 'Reference')}</dt><dd>${v.op.trans_id}</dd>
</dl>
${note ? html`<p class="hint">${note}</p>` : ''}
<div class="actions">
${actionForm(
  v,
  'bank_approve',
  html`<button class="btn" type="submit" data-testid="bank-approve">${say('Autorizar pago', 'Authorise payment')}</button>`,
)}
${actionForm(
  v,
  'bank_reject',
  html`<button class="btn ghost" type="submit" data-testid="bank-reject">${say('Rechazar', 'Refuse')}</button>`,
)}
</div></div></div>`;
}

function approve(a: ActionInput): ActionOutcome {
  transition(a.ctx, a.op.id, {
    to: 'confirmed',
    actor: 'shopper_page',
    details: { via: 'simulated_bank', ...(a.state.bank ? { bank: a.state.bank } : {}) },
  });
  return { ok: true };
}

function reject(a: ActionInput): ActionOutcome {
  transition(a.ctx, a.op.id, {
    to: 'rejected',
    actor: 'shopper_page',
    details: {
      via: 'simulated_bank',
      rejection_code: BANK_REJECTED.code,
      rejection_message: BANK_REJECTED.message,
      ...(a.state.bank ? { bank: a.state.bank } : {}),
    },
  });
  return { ok: true };
}

const offPage = (a: ActionInput): ActionOutcome => ({
  ok: false,
  message: a.say('La página del banco no está abierta para este pago.', 'The bank page is not open for this payment.'),
});

/** Shopper actions of the simulated bank page, accepted only while the page shows it (`open`). */
export const bankActions = (open: (a: ActionInput) => boolean) => ({
  bank_approve: (a: ActionInput) => (open(a) ? approve(a) : offPage(a)),
  bank_reject: (a: ActionInput) => (open(a) ? reject(a) : offPage(a)),
});

/** Remembers the shopper's choice of bank (validated by the caller) and moves to the bank page. */
export function chooseBank(a: ActionInput, code: string, mode: string): ActionOutcome {
  saveState(a.ctx, a.op, { bank: code });
  return { ok: true, mode };
}
