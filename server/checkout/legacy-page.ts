import { z } from 'zod';
import { bankList } from '../channels/banks.js';
import { CHOOSER_METHODS, LEGACY_CHANNEL_METHODS, type LegacyChannel, type LegacyMethod } from '../contract/protocol.js';
import type { OperationRecord } from '../store/operations.js';
import { cashChoice, storeVoucherReference, voucherReference, voucherSection } from './cash-voucher.js';
import { cardForm, payWithCard } from './ch36-card-form.js';
import { html, type Html } from './escape.js';
import { actionForm } from './layout.js';
import { changeButton, changeMethod, choices, type Choice } from './method-choice.js';
import { bankSelect } from './parts.js';
import { cancelButton, cardCodeSelect, formOf } from './panel.js';
import { bankActions, bankPage, chooseBank } from './simulated-bank.js';
import { saveState, stateOf } from './flow-state.js';
import type { ActionInput, ActionOutcome, PageModule, PageView } from './view.js';
import type { Both, Say } from './lang.js';

/*
 * The hosted pages of the older dialects' channels 0–4 (an operation created by a merchant on the
 * legacy protocol): 0 offers the three methods below, 1 an online bank transfer from a bank list,
 * 2 a cash voucher, 3 the card form with the test cards, 4 a wallet approval. The parts are the
 * current channels' own (card form, voucher, simulated bank).
 */

/** The bank list of an online transfer, by currency (Chile's or Colombia's, the lists the sandbox ships). */
const bankFile = (op: OperationRecord) => (op.currency === 'CLP' ? 'chile-ch5.json' : 'colombia-ch17-bank-codes.json');

const CHOICES: Record<Exclude<LegacyMethod, 'wallet'>, Choice> = {
  bank: {
    value: 'bank',
    name: ['Transferencia bancaria en línea', 'Online bank transfer'],
    text: ['Paga desde la página de tu banco', "Pay on your bank's page"],
    ico: 'BAN',
  },
  cash: {
    value: 'cash',
    name: ['Efectivo', 'Cash'],
    text: ['Genera un cupón y paga en un punto aliado', 'Get a voucher and pay at a partner store'],
    ico: '$',
  },
  card: { value: 'card', name: ['Tarjeta', 'Card'], text: ['Crédito o débito', 'Credit or debit'], ico: 'CARD' },
};
const CHOOSER: Choice[] = CHOOSER_METHODS.map((m) => CHOICES[m as Exclude<LegacyMethod, 'wallet'>]);

/** The method the page shows: the channel's own, or what the shopper chose on channel 0's page. */
function methodOf(op: OperationRecord, state: Record<string, string>): LegacyMethod | null {
  const own = LEGACY_CHANNEL_METHODS[op.channel as LegacyChannel]?.method ?? null;
  if (own) return own;
  const chosen = state.method;
  return CHOOSER_METHODS.find((m) => m === chosen) ?? null;
}
const chooser = (op: OperationRecord) => LEGACY_CHANNEL_METHODS[op.channel as LegacyChannel]?.method === null;

function bankTransfer(v: PageView): Html {
  const { say } = v;
  if (v.state.bank) {
    const name = bankList(bankFile(v.op)).find((b) => b.code === v.state.bank)?.name ?? v.state.bank;
    return bankPage(v, name);
  }
  const select = bankSelect(bankList(bankFile(v.op)), say('Selecciona tu banco…', 'Choose your bank…'));
  const form = html`<div class="stack"><div><label for="bank">${say('Banco', 'Bank')}</label>${select}</div>
<button class="btn block" type="submit" data-testid="bank-continue">${say('Ir al banco', 'Go to the bank')}</button></div>`;
  return html`<h1>${say('Transferencia bancaria en línea', 'Online bank transfer')}</h1>
<p class="lead">${say(
    'Selecciona tu banco; te llevaremos a su página para autorizar la transferencia.',
    'Choose your bank; we will take you to its page to authorise the transfer.',
  )}</p>
${actionForm(v, 'select_bank', form, 'bank-selection')}`;
}

function cash(v: PageView): Html {
  const { say } = v;
  if (chooser(v.op) && !v.op.details.voucher_reference) return cashChoice(v);
  return voucherSection(v, voucherReference(v.op), say('cualquier punto de pago aliado', 'any partner payment point'));
}

function wallet(v: PageView): Html {
  const { say } = v;
  const note = say('Solicitud de pago enviada a tu billetera.', 'Payment request sent to your wallet.');
  return html`<h1>${say('Paga con tu billetera', 'Pay with your wallet')}</h1>
<p class="lead">${say('Aprueba el pago en tu billetera UniPay.', 'Approve the payment in your UniPay wallet.')}</p>${bankPage(
    v,
    'Billetera UniPay',
    note,
  )}`;
}

const card = (v: PageView): Html =>
  html`<h1>${v.say('Paga con tarjeta', 'Pay by card')}</h1><p class="lead">${v.say(
    'Crédito o débito. Tus datos viajan cifrados.',
    'Credit or debit. Your details travel encrypted.',
  )}</p>${cardForm(v)}`;

const BODY: Record<LegacyMethod, (v: PageView) => Html> = { bank: bankTransfer, cash, card, wallet };

const TITLES: Record<LegacyMethod, Both> = {
  bank: ['Transferencia bancaria en línea', 'Online bank transfer'],
  cash: ['Pago en efectivo', 'Cash payment'],
  card: ['Pago con tarjeta', 'Card payment'],
  wallet: ['Paga con tu billetera', 'Pay with your wallet'],
};

const unavailable = (say: Say): ActionOutcome => ({
  ok: false,
  message: say('Este medio de pago no está disponible para esta operación.', 'This payment method is not available for this operation.'),
});
const fixed = (say: Say): ActionOutcome => ({
  ok: false,
  message: say('Esta operación tiene un medio de pago fijo.', 'This operation has a fixed payment method.'),
});

/** An action of one method, accepted only while the page shows that method. */
const when =
  (method: LegacyMethod, run: (a: ActionInput) => ActionOutcome) =>
  (a: ActionInput): ActionOutcome =>
    methodOf(a.op, a.state) === method ? run(a) : unavailable(a.say);

export const legacyPage: PageModule = {
  title: (op, say) => {
    const m = methodOf(op, stateOf(op));
    return m ? say(...TITLES[m]) : say('Elige cómo pagar', 'Choose how to pay');
  },
  render(v) {
    const m = methodOf(v.op, v.state);
    const body = m
      ? BODY[m](v)
      : choices(
          v,
          v.say('¿Cómo quieres pagar?', 'How do you want to pay?'),
          v.say('Elige uno de los medios disponibles.', 'Choose one of the available methods.'),
          CHOOSER,
        );
    const change = chooser(v.op) && m ? changeButton(v) : '';
    const actions = html`<div class="actions">${change}${cancelButton(v)}</div>`;
    return html`<div data-testid="legacy-checkout" data-legacy-channel="${v.op.channel}">${body}</div>${actions}`;
  },
  actions: {
    choose_method: (a) => {
      if (!chooser(a.op)) return fixed(a.say);
      const { method } = formOf(z.object({ method: z.string().max(32) }), a);
      if (!CHOOSER.some((c) => c.value === method))
        return { ok: false, message: a.say('Elige un medio de pago disponible.', 'Choose an available payment method.') };
      saveState(a.ctx, a.op, { method });
      return { ok: true };
    },
    change_method: (a) => (chooser(a.op) ? changeMethod(a) : fixed(a.say)),
    select_bank: when('bank', (a) => {
      const { bank } = formOf(z.object({ bank: z.string().max(40) }), a);
      if (!bankList(bankFile(a.op)).some((b) => b.code === bank))
        return { ok: false, message: a.say('Selecciona tu banco de la lista.', 'Choose your bank from the list.') };
      return chooseBank(a, bank, '');
    }),
    card_pay: when('card', payWithCard),
    choose_cash: when('cash', (a) => (storeVoucherReference(a.ctx, a.op), { ok: true })),
    ...bankActions((a) => (methodOf(a.op, a.state) === 'bank' && !!a.state.bank) || methodOf(a.op, a.state) === 'wallet'),
  },
  panelExtras: (v) => (methodOf(v.op, v.state) === 'card' || chooser(v.op) ? cardCodeSelect(v) : html``),
  hasVoucher: (op) => methodOf(op, stateOf(op)) === 'cash',
};
