import { z } from 'zod';
import { bankList } from '../channels/banks.js';
import { SANDBOX_INSTANT_KEY } from '../channels/ch17.js';
import { sampleQrPayload } from '../channels/common.js';
import { actionForm } from './layout.js';
import { html, type Html } from './escape.js';
import { bankSelect, copyValue, optionFace } from './parts.js';
import { cancelButton, formOf } from './panel.js';
import { qrSvg } from './qr.js';
import { bankActions, bankPage, chooseBank } from './simulated-bank.js';
import { type PageModule, type PageView } from './view.js';
import { detailString, saveState } from './flow-state.js';
import { formatAmount } from './format.js';

const BANKS = 'colombia-ch17-bank-codes.json';

const METHODS = {
  bankredirect: { name: 'Banca en línea', text: 'Paga desde la cuenta de tu banco', ico: 'BAN' },
  wallet_push: { name: 'Billetera (notificación push)', text: 'Aprueba el cobro en tu app de billetera', ico: 'APP' },
  bank_page: { name: 'Página del banco', text: 'Paga en la página de pagos de tu banco', ico: 'WEB' },
  instant_qr: { name: 'QR de pago inmediato', text: 'Escanea con cualquier app bancaria', ico: 'QR' },
  instant_key: { name: 'Llave de pago inmediato', text: 'Transfiere el monto exacto a una llave', ico: 'KEY' },
} as const;
type Method = keyof typeof METHODS;
const isMethod = (m: string | null | undefined): m is Method => !!m && Object.hasOwn(METHODS, m);

const DEFAULT_STEPS = [
  { step_number: 1, title: 'Abre tu app', description: 'Abre la app de tu billetera en el celular registrado.' },
  { step_number: 2, title: 'Revisa la notificación', description: 'Verás una solicitud de cobro de este comercio.' },
  { step_number: 3, title: 'Aprueba el pago', description: 'Confirma el pago en la app antes de que expire.' },
];
const StepsSchema = z.array(z.object({ step_number: z.number(), title: z.string(), description: z.string() }));

const waiting = (text: string): Html =>
  html`<div class="waiting" data-testid="waiting"><span class="spinner"></span><span>${text}</span></div>`;

function walletPush(v: PageView): Html {
  const parsed = StepsSchema.safeParse(v.op.details.steps);
  const steps = parsed.success && parsed.data.length ? parsed.data : DEFAULT_STEPS;
  return html`<h1>Aprueba el pago en tu billetera</h1>
<p class="lead">Enviamos una solicitud de cobro a tu app. Esta página se actualizará sola cuando la apruebes.</p>
<ol class="steps" data-testid="wallet-steps">${steps.map((s) => html`<li><span><b>${s.title}</b>${s.description}</span></li>`)}</ol>
${waiting('Esperando la aprobación en tu billetera…')}`;
}

async function instantQr(v: PageView): Promise<Html> {
  const value =
    detailString(v.op, 'qr_value') ??
    sampleQrPayload({
      scheme: 'CO.SANDBOX.INSTANT',
      merchantName: v.merchant.name,
      city: 'BOGOTA',
      country: 'CO',
      currencyNumeric: '170',
      amount: v.op.amount,
      reference: v.op.token.slice(0, 25),
    });
  return html`<h1>Escanea el código QR</h1>
<p class="lead">Abre la app de tu banco o billetera compatible con pagos inmediatos y escanea el código.</p>
<div class="qr">${await qrSvg(value)}</div>
${waiting('Esperando la confirmación del pago…')}`;
}

function instantKey(v: PageView): Html {
  const key = detailString(v.op, 'key_value') ?? SANDBOX_INSTANT_KEY;
  const amount = formatAmount(v.op.amount, v.op.currency);
  return html`<h1>Transfiere a la llave</h1>
<p class="lead">Desde tu app bancaria, envía <b>exactamente</b> el monto indicado a esta llave. Un monto distinto no se aplicará.</p>
<label>Llave</label>${copyValue('instant-key', key)}
<label>Monto exacto</label>${copyValue('exact-amount', amount, v.op.amount)}
${waiting('Esperando la transferencia…')}`;
}

function bankChoice(v: PageView): Html {
  const field = html`<div><label for="bank">Banco</label>${bankSelect(bankList(BANKS), 'Selecciona…')}</div>`;
  const button = html`<button class="btn block" type="submit" data-testid="bank-continue">Continuar al banco</button>`;
  return html`<h1>Elige tu banco</h1><p class="lead">Te llevaremos a la banca en línea de tu banco.</p>
${actionForm(v, 'choose_bank', html`<div class="stack">${field}${button}</div>`)}`;
}

function methodChoice(v: PageView): Html {
  const item = (m: Method) => {
    const { ico, name, text } = METHODS[m];
    const button = html`<button class="option" type="submit" data-testid="method-${m}">${optionFace(ico, name, text)}</button>`;
    return html`<li>${actionForm(v, 'choose_method', html`<input type="hidden" name="method" value="${m}">${button}`)}</li>`;
  };
  return html`<h1>¿Cómo quieres pagar?</h1><p class="lead">Elige un medio de pago.</p>
<ul class="options" data-testid="method-list">${(Object.keys(METHODS) as Method[]).map(item)}</ul>`;
}

async function methodView(v: PageView, method: Method): Promise<Html> {
  const bankName = (code: string | undefined) => bankList(BANKS).find((b) => b.code === code)?.name ?? `Banco ${code ?? ''}`.trim();
  switch (method) {
    case 'wallet_push':
      return walletPush(v);
    case 'instant_qr':
      return instantQr(v);
    case 'instant_key':
      return instantKey(v);
    case 'bank_page':
      return html`<h1>Página de pagos del banco</h1>${bankPage(v, 'Portal de pagos bancarios')}`;
    case 'bankredirect': {
      const code = v.op.user_bank_code ?? v.state.bank;
      if (!code) return bankChoice(v);
      return html`<h1>Banca en línea</h1>${bankPage(v, bankName(code))}`;
    }
  }
}

export const page17: PageModule = {
  title: (op) => (isMethod(op.method) ? METHODS[op.method].name : 'Elige cómo pagar'),
  async render(v) {
    const fixed = isMethod(v.op.method) ? v.op.method : null;
    const chosen = fixed ?? (isMethod(v.state.method) ? v.state.method : null);
    const back =
      !fixed && chosen
        ? actionForm(
            v,
            'change_method',
            html`<button class="btn ghost" type="submit" data-testid="change-method">Cambiar medio de pago</button>`,
          )
        : '';
    const body = chosen ? await methodView(v, chosen) : methodChoice(v);
    return html`${body}<div class="actions">${back}${cancelButton(v)}</div>`;
  },
  actions: {
    choose_method: (a) => {
      const { method } = formOf(z.object({ method: z.enum(Object.keys(METHODS) as [Method, ...Method[]]) }), a.form);
      if (a.op.method) return { ok: false, message: 'El medio de pago de esta operación ya está definido.' };
      saveState(a.ctx, a.op, { method, bank: null });
      return { ok: true };
    },
    change_method: (a) => {
      if (a.op.method) return { ok: false, message: 'El medio de pago de esta operación ya está definido.' };
      saveState(a.ctx, a.op, { method: null, bank: null });
      return { ok: true };
    },
    choose_bank: (a) => {
      const { bank } = formOf(z.object({ bank: z.string().max(8) }), a.form);
      const method = a.op.method ?? a.state.method;
      if (method !== 'bankredirect' || a.op.user_bank_code)
        return { ok: false, message: 'Este paso no corresponde al medio de pago elegido.' };
      if (!bankList(BANKS).some((b) => b.code === bank)) return { ok: false, message: 'Elige un banco de la lista.' };
      return chooseBank(a, bank, '');
    },
    ...bankActions((a) => {
      const method = a.op.method ?? a.state.method;
      return method === 'bank_page' || (method === 'bankredirect' && !!(a.op.user_bank_code ?? a.state.bank));
    }),
  },
};
