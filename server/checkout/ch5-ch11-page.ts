import { z } from 'zod';
import { bankList } from '../channels/banks.js';
import { transition } from '../domain/operations.js';
import { actionForm } from './layout.js';
import { html, type Html } from './escape.js';
import { optionFace } from './parts.js';
import { cancelButton, errorReasonSelect, formOf } from './panel.js';
import { bankActions, bankPage, chooseBank } from './simulated-bank.js';
import { bankCredentials } from './test-values.js';
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
  const lead = v.say(
    'Serás dirigido a la banca en línea para autorizar la transferencia.',
    'You will be taken to online banking to authorise the transfer.',
  );
  return html`<h1>${heading}</h1><p class="lead">${lead}</p>
<ul class="options" data-testid="bank-list">${list.map(item)}</ul><div class="actions">${cancelButton(v)}</div>`;
}

const stepOf = (v: { state: Record<string, string> }): Step =>
  (STEPS as readonly string[]).includes(v.state.step ?? '') ? (v.state.step as Step) : 'login';

/** The test bank's screens: sign-in, account, then the three codes. */
function testBankStep(v: PageView): Html {
  const creds = bankCredentials();
  const step = stepOf(v);
  const { say } = v;
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
      html`<div class="stack">${field('rut', 'RUT')}${field('password', say('Clave de internet', 'Internet password'), 'password')}${submit(
        say('Ingresar', 'Sign in'),
      )}</div>`,
      'bank-login',
    ),
    account: actionForm(
      v,
      'choose_account',
      html`<div class="stack"><p class="lead" style="margin:0">${say(
        'Elige la cuenta de cargo:',
        'Choose the account to debit:',
      )}</p>${creds.accounts.map(account)}${submit(say('Continuar', 'Continue'))}</div>`,
    ),
    activation: actionForm(
      v,
      'activation',
      html`<div class="stack">${field('code', say('Código de activación', 'Activation code'), 'text', 'num')}${submit(
        say('Validar', 'Verify'),
      )}</div>`,
    ),
    coordinates: actionForm(
      v,
      'coordinates',
      html`<div class="stack"><p class="lead" style="margin:0">${say(
        'Ingresa los valores de tu tarjeta de coordenadas:',
        'Enter the values of your coordinates card:',
      )}</p>
<div class="coords">${coordinates}</div>${submit(say('Validar', 'Verify'))}</div>`,
    ),
    sms: actionForm(
      v,
      'sms',
      html`<div class="stack">${field('code', say('Código enviado por SMS', 'Code sent by SMS'), 'text', 'num')}${submit(
        say('Confirmar transferencia', 'Confirm transfer'),
      )}</div>`,
    ),
  };
  const titles: Record<Step, string> = {
    login: say('Ingresa a tu banco', 'Sign in to your bank'),
    account: say('Selecciona una cuenta', 'Choose an account'),
    activation: say('Paso 1 de 3 · Código de activación', 'Step 1 of 3 · Activation code'),
    coordinates: say('Paso 2 de 3 · Tarjeta de coordenadas', 'Step 2 of 3 · Coordinates card'),
    sms: say('Paso 3 de 3 · Código SMS', 'Step 3 of 3 · SMS code'),
  };
  return html`<div class="bankpage" data-testid="test-bank" data-step="${step}">
<div class="bankpage-head"><span>${creds.bank_name}</span><small>${say('Banca en línea', 'Online banking')}</small></div>
<div class="bankpage-body"><h2 style="margin-top:0" data-testid="bank-step-title">${titles[step]}</h2>${forms[step]}
<p class="hint">${say(
    'Los valores de prueba están en la consola del sandbox: Herramientas → Valores de prueba.',
    'The test values are in the sandbox console: Tools → Test values.',
  )}</p></div></div>`;
}

/** Moves the test bank flow one step on when `ok`; a wrong value leaves it where it was. */
function step(expected: Step, check: (a: ActionInput) => string | null, next: (a: ActionInput) => ActionOutcome) {
  return (a: ActionInput): ActionOutcome => {
    if ((a.state.bank ?? a.op.method) !== TEST_BANK || stepOf(a) !== expected) {
      return {
        ok: false,
        message: a.say(
          'Ese paso no corresponde: continúa desde la pantalla actual.',
          'That step is not this one: go on from the current screen.',
        ),
      };
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
    const { bank } = formOf(BankSchema, a);
    if (a.op.method)
      return {
        ok: false,
        message: a.say(
          'Este pago está dirigido a un banco; no se puede elegir otro.',
          'This payment goes to one bank; another cannot be chosen.',
        ),
      };
    if (!bankList(CH5).some((b) => b.code === bank))
      return { ok: false, message: a.say('Elige un banco de la lista.', 'Choose a bank from the list.') };
    saveState(a.ctx, a.op, { bank, step: null });
    return { ok: true };
  },
  login: step(
    'login',
    (a) => {
      const c = bankCredentials();
      return rutKey(field(a, 'rut')) === rutKey(c.rut) && field(a, 'password') === c.password
        ? null
        : a.say('RUT o clave incorrectos. Intenta nuevamente.', 'Wrong RUT or password. Try again.');
    },
    goTo('account'),
  ),
  choose_account: step(
    'account',
    (a) =>
      bankCredentials().accounts.some((x) => x.id === field(a, 'account'))
        ? null
        : a.say('Elige una de tus cuentas.', 'Choose one of your accounts.'),
    (a) => {
      saveState(a.ctx, a.op, { step: 'activation', account: field(a, 'account') });
      return { ok: true };
    },
  ),
  activation: step(
    'activation',
    (a) =>
      field(a, 'code') === bankCredentials().activation_code
        ? null
        : a.say('Código de activación incorrecto. Intenta nuevamente.', 'Wrong activation code. Try again.'),
    goTo('coordinates'),
  ),
  coordinates: step(
    'coordinates',
    (a) =>
      Object.entries(bankCredentials().coordinates).every(([k, val]) => field(a, `coord_${k}`) === val)
        ? null
        : a.say('Coordenadas incorrectas. Revisa tu tarjeta e intenta nuevamente.', 'Wrong coordinates. Check your card and try again.'),
    goTo('sms'),
  ),
  sms: step(
    'sms',
    (a) =>
      field(a, 'code') === bankCredentials().sms_code
        ? null
        : a.say('Código SMS incorrecto. Intenta nuevamente.', 'Wrong SMS code. Try again.'),
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
  title: (_op, say) => say('Transferencia bancaria', 'Bank transfer'),
  render(v) {
    const bank = v.op.method ?? v.state.bank;
    if (!bank) return bankChoice(v, bankList(CH5), 'select_bank', v.say('Elige tu banco', 'Choose your bank'));
    if (bank === TEST_BANK) return html`${testBankStep(v)}<div class="actions">${cancelButton(v)}</div>`;
    const name = bankList(CH5).find((b) => b.code === bank)?.name ?? bank;
    const hint = v.say(
      'Para recorrer el inicio de sesión y los tres pasos de seguridad, elige el Banco de Pruebas (cl_test).',
      'To go through the sign-in and the three security steps, choose the test bank (cl_test).',
    );
    return html`<h1>${v.say(
      'Transferencia bancaria',
      'Bank transfer',
    )}</h1>${bankPage(v, name, hint)}<div class="actions">${cancelButton(v)}</div>`;
  },
  actions: ch5Actions,
};

export const page11: PageModule = {
  title: (_op, say) => say('Transferencia bancaria', 'Bank transfer'),
  render(v) {
    const code = v.op.user_bank_code ?? v.state.bank;
    if (!code)
      return bankChoice(v, bankList(CH11), 'select_institution', v.say('Elige tu banco o billetera', 'Choose your bank or wallet'));
    const name = bankList(CH11).find((b) => b.code === code)?.name ?? code;
    return html`<h1>${v.say(
      'Transferencia bancaria',
      'Bank transfer',
    )}</h1>${bankPage(v, name)}<div class="actions">${cancelButton(v)}</div>`;
  },
  actions: {
    select_institution: (a) => {
      const { bank } = formOf(BankSchema, a);
      if (a.op.user_bank_code)
        return {
          ok: false,
          message: a.say(
            'Este pago está dirigido a una institución; no se puede elegir otra.',
            'This payment goes to one institution; another cannot be chosen.',
          ),
        };
      if (!bankList(CH11).some((b) => b.code === bank))
        return { ok: false, message: a.say('Elige una institución de la lista.', 'Choose an institution from the list.') };
      return chooseBank(a, bank, '');
    },
    ...bankActions((a) => !!(a.op.user_bank_code ?? a.state.bank)),
  },
  panelExtras: (v) => errorReasonSelect(v),
};
