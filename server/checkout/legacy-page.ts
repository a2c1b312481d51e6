import { z } from 'zod';
import { bankList } from '../channels/banks.js';
import { CHOOSER_METHODS, LEGACY_CHANNEL_METHODS, type LegacyChannel, type LegacyMethod } from '../contract/protocol.js';
import type { OperationRecord } from '../store/operations.js';
import { storeVoucherReference, voucherReference, voucherSection } from './cash-voucher.js';
import { cardForm, payWithCard } from './ch36-card-form.js';
import { html, type Html } from './escape.js';
import { actionForm } from './layout.js';
import { changeButton, changeMethod, choices, type Choice } from './method-choice.js';
import { bankSelect } from './parts.js';
import { cancelButton, cardCodeSelect, formOf } from './panel.js';
import { bankActions, bankPage, chooseBank } from './simulated-bank.js';
import { saveState, stateOf } from './flow-state.js';
import type { ActionInput, ActionOutcome, PageModule, PageView } from './view.js';

/*
 * The hosted pages of the older dialects' channels 0–4 (an operation created by a merchant on the
 * legacy protocol): 0 offers the three methods below, 1 an online bank transfer from a bank list,
 * 2 a cash voucher, 3 the card form with the test cards, 4 a wallet approval. The parts are the
 * current channels' own (card form, voucher, simulated bank).
 */

/** The bank list of an online transfer, by currency (Chile's or Colombia's, the lists the sandbox ships). */
const bankFile = (op: OperationRecord) => (op.currency === 'CLP' ? 'chile-ch5.json' : 'colombia-ch17-bank-codes.json');

const CHOICES: Record<Exclude<LegacyMethod, 'wallet'>, Choice> = {
  bank: { value: 'bank', name: 'Transferencia bancaria en línea', text: 'Paga desde la página de tu banco', ico: 'BAN' },
  cash: { value: 'cash', name: 'Efectivo', text: 'Genera un cupón y paga en un punto aliado', ico: '$' },
  card: { value: 'card', name: 'Tarjeta', text: 'Crédito o débito', ico: 'TAR' },
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
  if (v.state.bank) {
    const name = bankList(bankFile(v.op)).find((b) => b.code === v.state.bank)?.name ?? v.state.bank;
    return bankPage(v, name);
  }
  const select = bankSelect(bankList(bankFile(v.op)), 'Selecciona tu banco…');
  const form = html`<div class="stack"><div><label for="bank">Banco</label>${select}</div>
<button class="btn block" type="submit" data-testid="bank-continue">Ir al banco</button></div>`;
  return html`<h1>Transferencia bancaria en línea</h1>
<p class="lead">Selecciona tu banco; te llevaremos a su página para autorizar la transferencia.</p>
${actionForm(v, 'select_bank', form, 'bank-selection')}`;
}

function cash(v: PageView): Html {
  if (chooser(v.op) && !v.op.details.voucher_reference) {
    return html`<h1>Paga en efectivo</h1>
<p class="lead">Genera un cupón con código de barras y págalo en un punto aliado antes de la fecha límite.</p>
${actionForm(v, 'choose_cash', html`<button class="btn block" type="submit" data-testid="choose-cash">Generar cupón de pago</button>`)}`;
  }
  return voucherSection(v, voucherReference(v.op), 'cualquier punto de pago aliado');
}

const wallet = (v: PageView): Html =>
  html`<h1>Paga con tu billetera</h1><p class="lead">Aprueba el pago en tu billetera UniPay.</p>${bankPage(
    v,
    'Billetera UniPay',
    'Solicitud de pago enviada a tu billetera.',
  )}`;

const BODY: Record<LegacyMethod, (v: PageView) => Html> = {
  bank: bankTransfer,
  cash,
  card: (v) => html`<h1>Paga con tarjeta</h1><p class="lead">Crédito o débito. Tus datos viajan cifrados.</p>${cardForm(v)}`,
  wallet,
};

const TITLES: Record<LegacyMethod, string> = {
  bank: 'Transferencia bancaria en línea',
  cash: 'Pago en efectivo',
  card: 'Pago con tarjeta',
  wallet: 'Paga con tu billetera',
};

/** An action of one method, accepted only while the page shows that method. */
const when =
  (method: LegacyMethod, run: (a: ActionInput) => ActionOutcome) =>
  (a: ActionInput): ActionOutcome =>
    methodOf(a.op, a.state) === method ? run(a) : { ok: false, message: 'Este medio de pago no está disponible para esta operación.' };

export const legacyPage: PageModule = {
  title: (op) => {
    const m = methodOf(op, stateOf(op));
    return m ? TITLES[m] : 'Elige cómo pagar';
  },
  render(v) {
    const m = methodOf(v.op, v.state);
    const body = m ? BODY[m](v) : choices(v, '¿Cómo quieres pagar?', 'Elige uno de los medios disponibles.', CHOOSER);
    const change = chooser(v.op) && m ? changeButton(v) : '';
    const actions = html`<div class="actions">${change}${cancelButton(v)}</div>`;
    return html`<div data-testid="legacy-checkout" data-legacy-channel="${v.op.channel}">${body}</div>${actions}`;
  },
  actions: {
    choose_method: (a) => {
      if (!chooser(a.op)) return { ok: false, message: 'Esta operación tiene un medio de pago fijo.' };
      const { method } = formOf(z.object({ method: z.string().max(32) }), a.form);
      if (!CHOOSER.some((c) => c.value === method)) return { ok: false, message: 'Elige un medio de pago disponible.' };
      saveState(a.ctx, a.op, { method });
      return { ok: true };
    },
    change_method: (a) => (chooser(a.op) ? changeMethod(a) : { ok: false, message: 'Esta operación tiene un medio de pago fijo.' }),
    select_bank: when('bank', (a) => {
      const { bank } = formOf(z.object({ bank: z.string().max(40) }), a.form);
      if (!bankList(bankFile(a.op)).some((b) => b.code === bank)) return { ok: false, message: 'Selecciona tu banco de la lista.' };
      return chooseBank(a, bank, '');
    }),
    card_pay: when('card', payWithCard),
    choose_cash: when('cash', (a) => (storeVoucherReference(a.ctx, a.op), { ok: true })),
    ...bankActions((a) => (methodOf(a.op, a.state) === 'bank' && !!a.state.bank) || methodOf(a.op, a.state) === 'wallet'),
  },
  panelExtras: (v) => (methodOf(v.op, v.state) === 'card' || chooser(v.op) ? cardCodeSelect() : html``),
  hasVoucher: (op) => methodOf(op, stateOf(op)) === 'cash',
};
