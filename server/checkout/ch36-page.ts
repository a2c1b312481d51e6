import { z } from 'zod';
import { bankList } from '../channels/banks.js';
import { actionForm } from './layout.js';
import { cashChoice, storeVoucherReference, voucherReference, voucherSection } from './cash-voucher.js';
import { cardForm, payWithCard } from './ch36-card-form.js';
import { html, type Html } from './escape.js';
import { bankSelect } from './parts.js';
import { cancelButton, cardCodeSelect, formOf } from './panel.js';
import { bankActions, bankPage, chooseBank } from './simulated-bank.js';
import { pageUrl, type ActionInput, type PageModule, type PageView } from './view.js';
import { detailString, saveState } from './flow-state.js';
import type { Both } from './lang.js';

/** The online-bank (PSE-style) list: Colombian banks, as on channel 17. */
const BANKS = 'colombia-ch17-bank-codes.json';
const TABS: Record<'card' | 'bank' | 'cash', Both> = {
  card: ['Tarjeta', 'Card'],
  bank: ['Banca en línea', 'Online banking'],
  cash: ['Efectivo', 'Cash'],
};
type Tab = keyof typeof TABS;
const isTab = (m: string | null | undefined): m is Tab => !!m && Object.hasOwn(TABS, m);

/** Which part of channel 36 the page shows: fixed by filter_by, else the shopper's tab. */
function tabOf(v: { op: PageView['op']; mode: string | null }): Tab {
  if (v.op.method === 'card') return 'card';
  if (v.op.method === 'cash') return 'cash';
  if (v.op.method === 'bank_account') return 'bank';
  if (isTab(v.mode)) return v.mode;
  return v.op.method === 'link' ? 'cash' : 'card';
}
const unified = (op: PageView['op']) => op.method === null || op.method === '' || op.method === 'link';

function bankSelection(v: PageView): Html {
  if (v.state.bank) {
    const name = bankList(BANKS).find((b) => b.code === v.state.bank)?.name ?? v.state.bank;
    return bankPage(v, name);
  }
  const email = typeof v.op.shopper.email === 'string' ? v.op.shopper.email : '';
  const emailAttrs = html`value="${v.form.email ?? email}" maxlength="255"`;
  const emailField = html`<input type="email" id="email" name="email" ${emailAttrs} data-testid="pse-email">`;
  const { say } = v;
  return html`<h1>${say('Paga con tu cuenta bancaria', 'Pay from your bank account')}</h1>
<p class="lead">${say(
    'Selecciona tu banco; te llevaremos a su página para autorizar el débito.',
    'Choose your bank; we will take you to its page to authorise the debit.',
  )}</p>
${actionForm(
  v,
  'pse_select',
  html`<div class="stack">
<div><label>${say('Tipo de persona', 'Account holder')}</label><div class="row keep">
<label class="option"><input type="radio" name="person_type" value="natural" checked data-testid="person-natural"> ${say(
    'Natural',
    'Individual',
  )}</label>
<label class="option"><input type="radio" name="person_type" value="juridica" data-testid="person-juridica"> ${say(
    'Jurídica',
    'Company',
  )}</label></div></div>
<div><label for="bank">${say('Banco', 'Bank')}</label>${bankSelect(bankList(BANKS), say('Selecciona tu banco…', 'Choose your bank…'))}</div>
<div><label for="email">${say('Correo electrónico', 'Email')}</label>${emailField}</div>
<button class="btn block" type="submit" data-testid="bank-continue">${say('Ir al banco', 'Go to the bank')}</button></div>`,
  'bank-selection',
)}`;
}

function cashTab(v: PageView): Html {
  if (detailString(v.op, 'voucher_reference') || v.op.method === 'cash') {
    return voucherSection(
      v,
      voucherReference(v.op),
      v.say('cualquier punto de pago o tienda aliada', 'any partner payment point or store'),
    );
  }
  return cashChoice(v);
}

function tabsBar(v: PageView, active: Tab): Html {
  const order: Tab[] = v.op.method === 'link' ? ['cash', 'card', 'bank'] : ['card', 'bank', 'cash'];
  const tab = (t: Tab) => {
    const note = v.op.method === 'link' && t === 'cash' ? v.say(' · recomendado', ' · recommended') : '';
    const href = pageUrl(v.op, { m: t });
    return html`<a class="tab${t === active ? ' on' : ''}" href="${href}" data-testid="tab-${t}">${v.say(...TABS[t])}${note}</a>`;
  };
  return html`<nav class="tabs" data-testid="method-tabs">${order.map(tab)}</nav>`;
}

/** An action belongs to the tab the page was showing when the shopper posted it. */
const allowed = (a: ActionInput, tab: Tab) => tabOf({ op: a.op, mode: a.form.get('m') }) === tab;

export const page36: PageModule = {
  title: (op, say) =>
    op.method === 'card'
      ? say('Pago con tarjeta', 'Card payment')
      : op.method === 'cash'
        ? say('Pago en efectivo', 'Cash payment')
        : op.method === 'bank_account'
          ? say('Banca en línea', 'Online banking')
          : say('Elige cómo pagar', 'Choose how to pay'),
  render(v) {
    const tab = tabOf(v);
    const body =
      tab === 'card'
        ? html`<h1>${v.say('Paga con tarjeta', 'Pay by card')}</h1><p class="lead">${v.say(
            'Crédito o débito. Tus datos viajan cifrados.',
            'Credit or debit. Your details travel encrypted.',
          )}</p>${cardForm(v)}`
        : tab === 'bank'
          ? bankSelection(v)
          : cashTab(v);
    return html`${unified(v.op) ? tabsBar(v, tab) : ''}${body}<div class="actions">${cancelButton(v)}</div>`;
  },
  actions: {
    card_pay: (a) =>
      allowed(a, 'card')
        ? payWithCard(a)
        : {
            ok: false,
            message: a.say(
              'El pago con tarjeta no está disponible para esta operación.',
              'Card payment is not available for this operation.',
            ),
          },
    pse_select: (a) => {
      if (!allowed(a, 'bank'))
        return {
          ok: false,
          message: a.say(
            'La banca en línea no está disponible para esta operación.',
            'Online banking is not available for this operation.',
          ),
        };
      const f = formOf(z.object({ bank: z.string().max(8), person_type: z.enum(['natural', 'juridica']) }), a);
      if (!bankList(BANKS).some((b) => b.code === f.bank))
        return { ok: false, message: a.say('Selecciona tu banco de la lista.', 'Choose your bank from the list.') };
      saveState(a.ctx, a.op, { person_type: f.person_type });
      return chooseBank(a, f.bank, 'bank');
    },
    choose_cash: (a) => {
      if (!allowed(a, 'cash'))
        return {
          ok: false,
          message: a.say(
            'El pago en efectivo no está disponible para esta operación.',
            'Cash payment is not available for this operation.',
          ),
        };
      storeVoucherReference(a.ctx, a.op);
      return { ok: true, mode: 'cash' };
    },
    ...bankActions((a) => allowed(a, 'bank') && !!a.state.bank),
  },
  panelExtras: (v) => cardCodeSelect(v),
  bankSelectionPage: true,
  hasVoucher: (op) => detailString(op, 'voucher_reference') !== null || op.method === 'cash',
};
