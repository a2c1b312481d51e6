import { z } from 'zod';
import type { CARD_FAILURE_CODES, TestCards } from '../contract/checkout.js';
import { brandOf, luhn, maskCard } from '../channels/card.js';
import type { OperationDetails } from '../contract/operation-details.js';
import { numericReference } from '../channels/common.js';
import { transition } from '../domain/operations.js';
import { actionForm } from './layout.js';
import { html, type Html } from './escape.js';
import { formOf } from './panel.js';
import { testCards } from './test-credentials.js';
import type { ActionInput, ActionOutcome, PageView } from './view.js';
import { sayIn, type Say } from './lang.js';
import { cardFailureText } from './rejection-texts.js';

export interface CardInput {
  number: string;
  /** MM/YY or MM/YYYY */
  exp: string;
  cvv: string;
}

export type CardCheck =
  | { ok: false; field: 'number' | 'exp' | 'cvv'; message: string }
  | { ok: true; brand: string; masked: string; failure: { code: (typeof CARD_FAILURE_CODES)[number]; message: string } | null };

/**
 * The service's sandbox card rules for channel 36: the number must be well formed; expiry later than the
 * current month of the sandbox clock; CVV of 3 digits, or 4 for the 4-digit scheme. Then only the
 * listed test cards succeed; listed failing cards give their code and any other number is declined.
 */
export function checkCard(input: CardInput, now: number, cards: TestCards = testCards(), say: Say = sayIn('es')): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits))
    return { ok: false, field: 'number', message: say('El número de tarjeta no es válido.', 'The card number is not valid.') };
  const listed = cards.cards.find((c) => c.number === digits);
  const brand = listed?.brand ?? brandOf(digits);
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.exp);
  const month = exp ? Number(exp[1]) : 0;
  if (!exp || month < 1 || month > 12)
    return { ok: false, field: 'exp', message: say('Escribe la fecha de vencimiento como MM/AA.', 'Write the expiry date as MM/YY.') };
  const year = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  const today = new Date(now);
  if (year * 12 + month <= today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
    return {
      ok: false,
      field: 'exp',
      message: say('La fecha de vencimiento debe ser posterior al mes actual.', 'The expiry date must be after the current month.'),
    };
  }
  const cvvLength = cards.schemes.find((s) => s.brand === brand)?.cvv_length ?? 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(input.cvv.trim())) {
    return {
      ok: false,
      field: 'cvv',
      message: say(
        `El código de seguridad (CVV) debe tener ${cvvLength} dígitos para esta tarjeta.`,
        `The security code (CVV) must have ${cvvLength} digits for this card.`,
      ),
    };
  }
  const failure =
    listed?.result === 'success'
      ? null
      : listed?.code
        ? { code: listed.code, message: listed.message ?? cards.other_numbers.message }
        : { code: cards.other_numbers.code, message: cards.other_numbers.message };
  return { ok: true, brand, masked: maskCard(digits), failure };
}

const CardFormSchema = z.object({
  holder: z.string().trim().min(1).max(100),
  number: z.string().max(40),
  exp: z.string().max(10),
  cvv: z.string().max(8),
});

/** Pays with the card form: a failure rejects with its code; a success stores the masked card and an authorization. */
export function payWithCard(a: ActionInput): ActionOutcome {
  const f = formOf(CardFormSchema, a);
  const check = checkCard(f, a.ctx.clock.now(), testCards(), a.say);
  if (!check.ok) return { ok: false, message: check.message };
  const card: NonNullable<OperationDetails['card']> = { masked_number: check.masked, brand: check.brand, holder: f.holder };
  a.ctx.store.tx(() => {
    const fresh = a.ctx.store.operations.get(a.op.id)!;
    if (check.failure) {
      a.ctx.store.operations.setDetails(
        a.op.id,
        { ...fresh.details, card: { ...card, status: 'declined', code: check.failure.code } },
        a.ctx.clock.now(),
      );
      transition(a.ctx, a.op.id, {
        to: 'rejected',
        actor: 'shopper_page',
        details: {
          via: 'card_form',
          card_failure_code: check.failure.code,
          rejection_code: check.failure.code,
          rejection_message: check.failure.message,
          brand: check.brand,
          masked_number: check.masked,
        },
      });
    } else {
      const authorization_code = numericReference(`${a.op.token}:${check.masked}`, 6, 'auth');
      a.ctx.store.operations.setDetails(
        a.op.id,
        { ...fresh.details, card: { ...card, status: 'approved', authorization_code } },
        a.ctx.clock.now(),
      );
      transition(a.ctx, a.op.id, {
        to: 'confirmed',
        actor: 'shopper_page',
        details: { via: 'card_form', brand: check.brand, masked_number: check.masked, authorization_code },
      });
    }
  });
  return { ok: true };
}

/** The test cards, listed under the form so a class can pay (the console's Test values page has them too). */
function testCardList(v: PageView): Html {
  const { say } = v;
  const cards = testCards().cards;
  const row = (c: (typeof cards)[number]) => {
    const outcome =
      c.result === 'success' ? say('se aprueba', 'approved') : `${c.code} · ${cardFailureText(c.code ?? '', v.lang) ?? c.message}`;
    return html`<li><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${c.brand} · ${outcome}</li>`;
  };
  return html`<details class="hint" data-testid="test-cards"><summary>${say('Tarjetas de prueba', 'Test cards')}</summary>
<p>${say(
    'Vencimiento: cualquier mes posterior al actual. CVV: 3 dígitos (4 en American Express). ' +
      'Cualquier otro número válido se rechaza con 3001.',
    'Expiry: any month after the current one. CVV: 3 digits (4 for American Express). Any other valid number is declined with 3001.',
  )}</p>
<ul>${cards.map(row)}</ul></details>`;
}

/** The hosted card form. */
export function cardForm(v: PageView): Html {
  const { say } = v;
  const input = (name: string, label: string, attrs: Html) => {
    const field = html`<input type="text" id="${name}" name="${name}" ${attrs} data-testid="card-${name}">`;
    return html`<div><label for="${name}">${label}</label>${field}</div>`;
  };
  const number = html`autocomplete="cc-number" inputmode="numeric" required maxlength="23" placeholder="4111 1111 1111 1111"`;
  const exp = html`autocomplete="cc-exp" required maxlength="7" placeholder="${say('MM/AA', 'MM/YY')}" value="${v.form.exp ?? ''}"`;
  const cvv = html`autocomplete="cc-csc" inputmode="numeric" required maxlength="4" placeholder="123"`;
  return actionForm(
    v,
    'card_pay',
    html`<div class="stack">
${input(
  'holder',
  say('Nombre del titular', 'Cardholder name'),
  html`autocomplete="cc-name" required maxlength="100" value="${v.form.holder ?? ''}"`,
)}
${input('number', say('Número de tarjeta', 'Card number'), number)}
<div class="row keep">${input('exp', say('Vencimiento', 'Expiry'), exp)}${input('cvv', 'CVV', cvv)}</div>
<button class="btn block" type="submit" data-testid="card-submit">${say('Pagar', 'Pay')}</button>
${testCardList(v)}
</div>`,
    'card-form',
  );
}
