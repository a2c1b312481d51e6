import { z } from 'zod';
import { bankList } from '../channels/banks.js';
import { transition } from '../domain/operations.js';
import { actionForm } from './layout.js';
import { html, type Html } from './escape.js';
import { optionFace } from './parts.js';
import { cancelButton, errorReasonSelect, formOf } from './panel.js';
import { bankActions, bankPage, chooseBank } from './simulated-bank.js';
import { bankCredentials } from './test-credentials.js';
import { type ActionInput, type ActionOutcome, type PageModule, type PageView } from './view.js';
import { saveState } from './flow-state.js';

const CH5 = 'chile-ch5.json';
const CH11 = 'chile-ch11-institutions.json';
const TEST_BANK = 'cl_test';
const STEPS = ['login', 'account', 'activation', 'coordinates', 'sms'] as const;
type Step = (typeof STEPS)[number];

const BankSchema = z.object({ bank: z.string().max(64) });

/** The bank list: one button per bank. */
function bankChoice(v: PageView, list: { code: string; name: string }[], action: string, heading: string): Html {
  const item = (b: { code: string; name: string }) => {
    const face = optionFace(b.name.replace(/^Banco (de |del )?/, '').charAt(0), b.name, b.code);
    const featured = b.code === TEST_BANK ? ' featured' : '';
    const button = html`<button class="option${featured}" type="submit" data-testid="bank-${b.code}">${face}</button>`;
    return html`<li>${actionForm(v, action, html`<input type="hidden" name="bank" value="${b.code}">${button}`)}</li>`;
  };
  return html`<h1>${heading}</h1><p class="lead">Serás dirigido a la banca en línea para autorizar la transferencia.</p>
<ul class="options" data-testid="bank-list">${list.map(item)}</ul><div class="actions">${cancelButton(v)}</div>`;
}

const stepOf = (v: { state: Record<string, string> }): Step =>
  (STEPS as readonly string[]).includes(v.state.step ?? '') ? (v.state.step as Step) : 'login';

/** The test bank's screens: sign-in, account, then the three codes. */
function testBankStep(v: PageView): Html {
  const creds = bankCredentials();
  const step = stepOf(v);
  const field = (name: string, label: string, type = 'text', extra = '') => {
    const numeric = extra ? html`inputmode="numeric"` : '';
    const attrs = html`required autocomplete="off" ${numeric} value="${v.form[name] ?? ''}"`;
    const input = html`<input type="${type}" id="${name}" name="${name}" ${attrs} data-testid="field-${name}">`;
    return html`<div><label for="${name}">${label}</label>${input}</div>`;
  };
  const submit = (label: string) => html`<button class="btn block" type="submit" data-testid="bank-continue">${label}</button>`;
  const account = (a: { id: string; label: string; number: string }, i: number) => {
    const radio = html`<input type="radio" name="account" value="${a.id}" ${i === 0 ? html`checked` : ''} data-testid="account-${a.id}">`;
    return html`<label class="option">${radio}<span class="txt"><b>${a.label}</b><small>${a.number}</small></span></label>`;
  };
  const coordinates = Object.keys(creds.coordinates).map((c) => field(`coord_${c}`, c, 'text', 'num'));
  const forms: Record<Step, Html> = {
    login: actionForm(
      v,
      'login',
      html`<div class="stack">${field('rut', 'RUT')}${field('password', 'Clave de internet', 'password')}${submit('Ingresar')}</div>`,
      'bank-login',
    ),
    account: actionForm(
      v,
      'choose_account',
      html`<div class="stack"><p class="lead" style="margin:0">Elige la cuenta de cargo:</p>${creds.accounts.map(account)}${submit(
        'Continuar',
      )}</div>`,
    ),
    activation: actionForm(
      v,
      'activation',
      html`<div class="stack">${field('code', 'Código de activación', 'text', 'num')}${submit('Validar')}</div>`,
    ),
    coordinates: actionForm(
      v,
      'coordinates',
      html`<div class="stack"><p class="lead" style="margin:0">Ingresa los valores de tu tarjeta de coordenadas:</p>
<div class="coords">${coordinates}</div>${submit('Validar')}</div>`,
    ),
    sms: actionForm(
      v,
      'sms',
      html`<div class="stack">${field('code', 'Código enviado por SMS', 'text', 'num')}${submit('Confirmar transferencia')}</div>`,
    ),
  };
  const titles: Record<Step, string> = {
    login: 'Ingresa a tu banco',
    account: 'Selecciona una cuenta',
    activation: 'Paso 1 de 3 · Código de activación',
    coordinates: 'Paso 2 de 3 · Tarjeta de coordenadas',
    sms: 'Paso 3 de 3 · Código SMS',
  };
  return html`<div class="bankpage" data-testid="test-bank" data-step="${step}">
<div class="bankpage-head"><span>${creds.bank_name}</span><small>Banca en línea</small></div>
<div class="bankpage-body"><h2 style="margin-top:0" data-testid="bank-step-title">${titles[step]}</h2>${forms[step]}
<p class="hint">Valores de prueba en la página de valores de prueba de la consola.</p></div></div>`;
}

/** Moves the test bank flow one step on when `ok`; a wrong value leaves it where it was. */
function step(expected: Step, check: (a: ActionInput) => string | null, next: (a: ActionInput) => ActionOutcome) {
  return (a: ActionInput): ActionOutcome => {
    if ((a.state.bank ?? a.op.method) !== TEST_BANK || stepOf(a) !== expected) {
      return { ok: false, message: 'Ese paso no corresponde: continúa desde la pantalla actual.' };
    }
    const error = check(a);
    return error ? { ok: false, message: error } : next(a);
  };
}
const goTo =
  (s: Step) =>
  (a: ActionInput): ActionOutcome => (saveState(a.ctx, a.op, { step: s }), { ok: true });
const field = (a: ActionInput, name: string) => (a.form.get(name) ?? '').trim();
const rutKey = (rut: string) => rut.replace(/[.\-\s]/g, '').toUpperCase();

const ch5Actions = {
  select_bank: (a: ActionInput): ActionOutcome => {
    const { bank } = formOf(BankSchema, a.form);
    if (a.op.method) return { ok: false, message: 'Este pago está dirigido a un banco; no se puede elegir otro.' };
    if (!bankList(CH5).some((b) => b.code === bank)) return { ok: false, message: 'Elige un banco de la lista.' };
    saveState(a.ctx, a.op, { bank, step: null });
    return { ok: true };
  },
  login: step(
    'login',
    (a) => {
      const c = bankCredentials();
      return rutKey(field(a, 'rut')) === rutKey(c.rut) && field(a, 'password') === c.password
        ? null
        : 'RUT o clave incorrectos. Intenta nuevamente.';
    },
    goTo('account'),
  ),
  choose_account: step(
    'account',
    (a) => (bankCredentials().accounts.some((x) => x.id === field(a, 'account')) ? null : 'Elige una de tus cuentas.'),
    (a) => {
      saveState(a.ctx, a.op, { step: 'activation', account: field(a, 'account') });
      return { ok: true };
    },
  ),
  activation: step(
    'activation',
    (a) => (field(a, 'code') === bankCredentials().activation_code ? null : 'Código de activación incorrecto. Intenta nuevamente.'),
    goTo('coordinates'),
  ),
  coordinates: step(
    'coordinates',
    (a) =>
      Object.entries(bankCredentials().coordinates).every(([k, val]) => field(a, `coord_${k}`) === val)
        ? null
        : 'Coordenadas incorrectas. Revisa tu tarjeta e intenta nuevamente.',
    goTo('sms'),
  ),
  sms: step(
    'sms',
    (a) => (field(a, 'code') === bankCredentials().sms_code ? null : 'Código SMS incorrecto. Intenta nuevamente.'),
    (a) => {
      transition(a.ctx, a.op.id, {
        to: 'confirmed',
        actor: 'shopper_page',
        details: { via: 'test_bank', bank: TEST_BANK, account: a.state.account ?? null },
      });
      return { ok: true };
    },
  ),
  ...bankActions((a) => {
    const bank = a.op.method ?? a.state.bank;
    return !!bank && bank !== TEST_BANK;
  }),
};

export const page5: PageModule = {
  title: () => 'Transferencia bancaria',
  render(v) {
    const bank = v.op.method ?? v.state.bank;
    if (!bank) return bankChoice(v, bankList(CH5), 'select_bank', 'Elige tu banco');
    if (bank === TEST_BANK) return html`${testBankStep(v)}<div class="actions">${cancelButton(v)}</div>`;
    const name = bankList(CH5).find((b) => b.code === bank)?.name ?? bank;
    const hint = 'Para recorrer el inicio de sesión y los tres pasos de seguridad, elige el Banco de Pruebas (cl_test).';
    return html`<h1>Transferencia bancaria</h1>${bankPage(v, name, hint)}<div class="actions">${cancelButton(v)}</div>`;
  },
  actions: ch5Actions,
};

export const page11: PageModule = {
  title: () => 'Transferencia bancaria',
  render(v) {
    const code = v.op.user_bank_code ?? v.state.bank;
    if (!code) return bankChoice(v, bankList(CH11), 'select_institution', 'Elige tu banco o billetera');
    const name = bankList(CH11).find((b) => b.code === code)?.name ?? code;
    return html`<h1>Transferencia bancaria</h1>${bankPage(v, name)}<div class="actions">${cancelButton(v)}</div>`;
  },
  actions: {
    select_institution: (a) => {
      const { bank } = formOf(BankSchema, a.form);
      if (a.op.user_bank_code) return { ok: false, message: 'Este pago está dirigido a una institución; no se puede elegir otra.' };
      if (!bankList(CH11).some((b) => b.code === bank)) return { ok: false, message: 'Elige una institución de la lista.' };
      return chooseBank(a, bank, '');
    },
    ...bankActions((a) => !!(a.op.user_bank_code ?? a.state.bank)),
  },
  panelExtras: () => errorReasonSelect(),
};
