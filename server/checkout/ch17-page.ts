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
import { type ActionInput, type ActionOutcome, type PageModule, type PageView } from './view.js';
import type { Say } from './lang.js';
import { detailString, saveState } from './flow-state.js';
import { formatAmount } from './format.js';
import { changeButton } from './method-choice.js';

const BANKS = 'colombia-ch17-bank-codes.json';

const METHOD_ICONS = { bankredirect: 'BAN', wallet_push: 'APP', bank_page: 'WEB', instant_qr: 'QR', instant_key: 'KEY' } as const;
type Method = keyof typeof METHOD_ICONS;

/** Each method's name and line, in the page's language. */
const methodText = (m: Method, say: Say): { name: string; text: string } =>
  ({
    bankredirect: {
      name: say('Banca en línea', 'Online banking'),
      text: say('Paga desde la cuenta de tu banco', 'Pay from your bank account'),
    },
    wallet_push: {
      name: say('Billetera (notificación push)', 'Wallet (push notification)'),
      text: say('Aprueba el cobro en tu app de billetera', 'Approve the charge in your wallet app'),
    },
    bank_page: {
      name: say('Página del banco', "Bank's payment page"),
      text: say('Paga en la página de pagos de tu banco', "Pay on your bank's payment page"),
    },
    instant_qr: {
      name: say('QR de pago inmediato', 'Instant payment QR'),
      text: say('Escanea con cualquier app bancaria', 'Scan with any banking app'),
    },
    instant_key: {
      name: say('Llave de pago inmediato', 'Instant payment key'),
      text: say('Transfiere el monto exacto a una llave', 'Transfer the exact amount to a key'),
    },
  })[m];
const isMethod = (m: string | null | undefined): m is Method => !!m && Object.hasOwn(METHOD_ICONS, m);

const defaultSteps = (say: Say) => [
  {
    step_number: 1,
    title: say('Abre tu app', 'Open your app'),
    description: say('Abre la app de tu billetera en el celular registrado.', 'Open your wallet app on the registered phone.'),
  },
  {
    step_number: 2,
    title: say('Revisa la notificación', 'Check the notification'),
    description: say('Verás una solicitud de cobro de este comercio.', 'You will see a payment request from this merchant.'),
  },
  {
    step_number: 3,
    title: say('Aprueba el pago', 'Approve the payment'),
    description: say('Confirma el pago en la app antes de que expire.', 'Confirm the payment in the app before it expires.'),
  },
];
const StepsSchema = z.array(z.object({ step_number: z.number(), title: z.string(), description: z.string() }));

const waiting = (text: string): Html =>
  html`<div class="waiting" data-testid="waiting"><span class="spinner"></span><span>${text}</span></div>`;

function walletPush(v: PageView): Html {
  const parsed = StepsSchema.safeParse(v.op.details.steps);
  const { say } = v;
  const steps = parsed.success && parsed.data.length ? parsed.data : defaultSteps(say);
  return html`<h1>${say('Aprueba el pago en tu billetera', 'Approve the payment in your wallet')}</h1>
<p class="lead">${say(
    'Enviamos una solicitud de cobro a tu app. Esta página se actualizará sola cuando la apruebes.',
    'We sent a payment request to your app. This page updates by itself once you approve it.',
  )}</p>
<ol class="steps" data-testid="wallet-steps">${steps.map((s) => html`<li><span><b>${s.title}</b>${s.description}</span></li>`)}</ol>
${waiting(say('Esperando la aprobación en tu billetera…', 'Waiting for the approval in your wallet…'))}`;
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
  const { say } = v;
  return html`<h1>${say('Escanea el código QR', 'Scan the QR code')}</h1>
<p class="lead">${say(
    'Abre la app de tu banco o billetera compatible con pagos inmediatos y escanea el código.',
    'Open your bank or wallet app that supports instant payments and scan the code.',
  )}</p>
<div class="qr">${await qrSvg(value)}</div>
${waiting(say('Esperando la confirmación del pago…', 'Waiting for the payment confirmation…'))}`;
}

function instantKey(v: PageView): Html {
  const key = detailString(v.op, 'key_value') ?? SANDBOX_INSTANT_KEY;
  const amount = formatAmount(v.op.amount, v.op.currency);
  const { say } = v;
  return html`<h1>${say('Transfiere a la llave', 'Transfer to the key')}</h1>
<p class="lead">${say('Desde tu app bancaria, envía', 'From your banking app, send')} <b>${say('exactamente', 'exactly')}</b> ${say(
    'el monto indicado a esta llave. Un monto distinto no se aplicará.',
    'the amount shown to this key. Any other amount is not applied.',
  )}</p>
<label>${say('Llave', 'Key')}</label>${copyValue(v, 'instant-key', key)}
<label>${say('Monto exacto', 'Exact amount')}</label>${copyValue(v, 'exact-amount', amount, v.op.amount)}
${waiting(say('Esperando la transferencia…', 'Waiting for the transfer…'))}`;
}

function bankChoice(v: PageView): Html {
  const { say } = v;
  const field = html`<div><label for="bank">${say('Banco', 'Bank')}</label>${bankSelect(
    bankList(BANKS),
    say('Selecciona…', 'Choose…'),
  )}</div>`;
  const button = html`<button class="btn block" type="submit" data-testid="bank-continue">${say(
    'Continuar al banco',
    'Continue to the bank',
  )}</button>`;
  return html`<h1>${say('Elige tu banco', 'Choose your bank')}</h1><p class="lead">${say(
    'Te llevaremos a la banca en línea de tu banco.',
    "We will take you to your bank's online banking.",
  )}</p>
${actionForm(v, 'choose_bank', html`<div class="stack">${field}${button}</div>`)}`;
}

function methodChoice(v: PageView): Html {
  const item = (m: Method) => {
    const ico = METHOD_ICONS[m];
    const { name, text } = methodText(m, v.say);
    const button = html`<button class="option" type="submit" data-testid="method-${m}">${optionFace(ico, name, text)}</button>`;
    return html`<li>${actionForm(v, 'choose_method', html`<input type="hidden" name="method" value="${m}">${button}`)}</li>`;
  };
  return html`<h1>${v.say('¿Cómo quieres pagar?', 'How do you want to pay?')}</h1><p class="lead">${v.say(
    'Elige un medio de pago.',
    'Choose a payment method.',
  )}</p>
<ul class="options" data-testid="method-list">${(Object.keys(METHOD_ICONS) as Method[]).map(item)}</ul>`;
}

async function methodView(v: PageView, method: Method): Promise<Html> {
  const bankName = (code: string | undefined) =>
    bankList(BANKS).find((b) => b.code === code)?.name ?? `${v.say('Banco', 'Bank')} ${code ?? ''}`.trim();
  switch (method) {
    case 'wallet_push':
      return walletPush(v);
    case 'instant_qr':
      return instantQr(v);
    case 'instant_key':
      return instantKey(v);
    case 'bank_page':
      return html`<h1>${v.say('Página de pagos del banco', "The bank's payment page")}</h1>${bankPage(
        v,
        v.say('Portal de pagos bancarios', 'Bank payment portal'),
      )}`;
    case 'bankredirect': {
      const code = v.op.user_bank_code ?? v.state.bank;
      if (!code) return bankChoice(v);
      return html`<h1>${v.say('Banca en línea', 'Online banking')}</h1>${bankPage(v, bankName(code))}`;
    }
  }
}

const fixedMethod = (a: ActionInput): ActionOutcome => ({
  ok: false,
  message: a.say('El medio de pago de esta operación ya está definido.', "This operation's payment method is already set."),
});

export const page17: PageModule = {
  title: (op, say) => (isMethod(op.method) ? methodText(op.method, say).name : say('Elige cómo pagar', 'Choose how to pay')),
  async render(v) {
    const fixed = isMethod(v.op.method) ? v.op.method : null;
    const chosen = fixed ?? (isMethod(v.state.method) ? v.state.method : null);
    const back = !fixed && chosen ? changeButton(v) : '';
    const body = chosen ? await methodView(v, chosen) : methodChoice(v);
    return html`${body}<div class="actions">${back}${cancelButton(v)}</div>`;
  },
  actions: {
    choose_method: (a) => {
      const { method } = formOf(z.object({ method: z.enum(Object.keys(METHOD_ICONS) as [Method, ...Method[]]) }), a);
      if (a.op.method) return fixedMethod(a);
      saveState(a.ctx, a.op, { method, bank: null });
      return { ok: true };
    },
    change_method: (a) => {
      if (a.op.method) return fixedMethod(a);
      saveState(a.ctx, a.op, { method: null, bank: null });
      return { ok: true };
    },
    choose_bank: (a) => {
      const { bank } = formOf(z.object({ bank: z.string().max(8) }), a);
      const method = a.op.method ?? a.state.method;
      if (method !== 'bankredirect' || a.op.user_bank_code)
        return {
          ok: false,
          message: a.say('Este paso no corresponde al medio de pago elegido.', 'This step is not part of the chosen payment method.'),
        };
      if (!bankList(BANKS).some((b) => b.code === bank))
        return { ok: false, message: a.say('Elige un banco de la lista.', 'Choose a bank from the list.') };
      return chooseBank(a, bank, '');
    },
    ...bankActions((a) => {
      const method = a.op.method ?? a.state.method;
      return method === 'bank_page' || (method === 'bankredirect' && !!(a.op.user_bank_code ?? a.state.bank));
    }),
  },
};
