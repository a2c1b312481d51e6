import { z } from 'zod';
import { bankList } from '../channels/banks.js';
import { actionForm } from './layout.js';
import { storeVoucherReference, voucherReference, voucherSection } from './cash-voucher.js';
import { cardForm, payWithCard } from './ch36-card-form.js';
import { html, type Html } from './escape.js';
import { bankSelect } from './parts.js';
import { cancelButton, cardCodeSelect, formOf } from './panel.js';
import { bankActions, bankPage, chooseBank } from './simulated-bank.js';
import { pageUrl, type ActionInput, type PageModule, type PageView } from './view.js';
import { detailString, saveState } from './flow-state.js';

/** The online-bank (PSE-style) list: Colombian banks, as on channel 17. */
const BANKS = 'colombia-ch17-bank-codes.json';
const TABS = { card: 'Tarjeta', bank: 'Banca en línea', cash: 'Efectivo' } as const;
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
  return html`<h1>Paga con tu cuenta bancaria</h1>
<p class="lead">Selecciona tu banco; te llevaremos a su página para autorizar el débito.</p>
${actionForm(
  v,
  'pse_select',
  html`<div class="stack">
<div><label>Tipo de persona</label><div class="row keep">
<label class="option"><input type="radio" name="person_type" value="natural" checked data-testid="person-natural"> Natural</label>
<label class="option"><input type="radio" name="person_type" value="juridica" data-testid="person-juridica"> Jurídica</label></div></div>
<div><label for="bank">Banco</label>${bankSelect(bankList(BANKS), 'Selecciona tu banco…')}</div>
<div><label for="email">Correo electrónico</label>${emailField}</div>
<button class="btn block" type="submit" data-testid="bank-continue">Ir al banco</button></div>`,
  'bank-selection',
)}`;
}

function cashTab(v: PageView): Html {
  if (detailString(v.op, 'voucher_reference') || v.op.method === 'cash') {
    return voucherSection(v, voucherReference(v.op), 'cualquier punto de pago o tienda aliada');
  }
  return html`<h1>Paga en efectivo</h1>
<p class="lead">Genera un cupón con código de barras y págalo en un punto aliado antes de la fecha límite.</p>
${actionForm(v, 'choose_cash', html`<button class="btn block" type="submit" data-testid="choose-cash">Generar cupón de pago</button>`)}`;
}

function tabsBar(v: PageView, active: Tab): Html {
  const order: Tab[] = v.op.method === 'link' ? ['cash', 'card', 'bank'] : ['card', 'bank', 'cash'];
  const tab = (t: Tab) => {
    const note = v.op.method === 'link' && t === 'cash' ? ' · recomendado' : '';
    return html`<a class="tab${t === active ? ' on' : ''}" href="${pageUrl(v.op, { m: t })}" data-testid="tab-${t}">${TABS[t]}${note}</a>`;
  };
  return html`<nav class="tabs" data-testid="method-tabs">${order.map(tab)}</nav>`;
}

/** An action belongs to the tab the page was showing when the shopper posted it. */
const allowed = (a: ActionInput, tab: Tab) => tabOf({ op: a.op, mode: a.form.get('m') }) === tab;

export const page36: PageModule = {
  title: (op) =>
    op.method === 'card'
      ? 'Pago con tarjeta'
      : op.method === 'cash'
        ? 'Pago en efectivo'
        : op.method === 'bank_account'
          ? 'Banca en línea'
          : 'Elige cómo pagar',
  render(v) {
    const tab = tabOf(v);
    const body =
      tab === 'card'
        ? html`<h1>Paga con tarjeta</h1><p class="lead">Crédito o débito. Tus datos viajan cifrados.</p>${cardForm(v)}`
        : tab === 'bank'
          ? bankSelection(v)
          : cashTab(v);
    return html`${unified(v.op) ? tabsBar(v, tab) : ''}${body}<div class="actions">${cancelButton(v)}</div>`;
  },
  actions: {
    card_pay: (a) =>
      allowed(a, 'card') ? payWithCard(a) : { ok: false, message: 'El pago con tarjeta no está disponible para esta operación.' },
    pse_select: (a) => {
      if (!allowed(a, 'bank')) return { ok: false, message: 'La banca en línea no está disponible para esta operación.' };
      const f = formOf(z.object({ bank: z.string().max(8), person_type: z.enum(['natural', 'juridica']) }), a.form);
      if (!bankList(BANKS).some((b) => b.code === f.bank)) return { ok: false, message: 'Selecciona tu banco de la lista.' };
      saveState(a.ctx, a.op, { person_type: f.person_type });
      return chooseBank(a, f.bank, 'bank');
    },
    choose_cash: (a) => {
      if (!allowed(a, 'cash')) return { ok: false, message: 'El pago en efectivo no está disponible para esta operación.' };
      storeVoucherReference(a.ctx, a.op);
      return { ok: true, mode: 'cash' };
    },
    ...bankActions((a) => allowed(a, 'bank') && !!a.state.bank),
  },
  panelExtras: () => cardCodeSelect(),
  bankSelectionPage: true,
  hasVoucher: (op) => detailString(op, 'voucher_reference') !== null || op.method === 'cash',
};
