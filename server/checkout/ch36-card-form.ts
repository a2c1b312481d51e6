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
 * The sandbox card rules (spec, channel 36): the number must be well formed; expiry later than the
 * current month of the sandbox clock; CVV of 3 digits, or 4 for the 4-digit scheme. Then only the
 * listed test cards succeed; listed failing cards give their code and any other number is declined.
 */
export function checkCard(input: CardInput, now: number, cards: TestCards = testCards()): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return { ok: false, field: 'number', message: 'El número de tarjeta no es válido.' };
  const listed = cards.cards.find((c) => c.number === digits);
  const brand = listed?.brand ?? brandOf(digits);
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.exp);
  const month = exp ? Number(exp[1]) : 0;
  if (!exp || month < 1 || month > 12) return { ok: false, field: 'exp', message: 'Escribe la fecha de vencimiento como MM/AA.' };
  const year = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  const today = new Date(now);
  if (year * 12 + month <= today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
    return { ok: false, field: 'exp', message: 'La fecha de vencimiento debe ser posterior al mes actual.' };
  }
  const cvvLength = cards.schemes.find((s) => s.brand === brand)?.cvv_length ?? 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(input.cvv.trim())) {
    return { ok: false, field: 'cvv', message: `El código de seguridad (CVV) debe tener ${cvvLength} dígitos para esta tarjeta.` };
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
  holder: z.string().trim().min(1, 'escribe el nombre del titular').max(100),
  number: z.string().max(40),
  exp: z.string().max(10),
  cvv: z.string().max(8),
});

/** Pays with the card form: a failure rejects with its code; a success stores the masked card and an authorization. */
export function payWithCard(a: ActionInput): ActionOutcome {
  const f = formOf(CardFormSchema, a.form);
  const check = checkCard(f, a.ctx.clock.now());
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

/** The hosted card form. */
export function cardForm(v: PageView): Html {
  const input = (name: string, label: string, attrs: Html) => {
    const field = html`<input type="text" id="${name}" name="${name}" ${attrs} data-testid="card-${name}">`;
    return html`<div><label for="${name}">${label}</label>${field}</div>`;
  };
  const number = html`autocomplete="cc-number" inputmode="numeric" required maxlength="23" placeholder="4111 1111 1111 1111"`;
  const exp = html`autocomplete="cc-exp" required maxlength="7" placeholder="MM/AA" value="${v.form.exp ?? ''}"`;
  const cvv = html`autocomplete="cc-csc" inputmode="numeric" required maxlength="4" placeholder="123"`;
  return actionForm(
    v,
    'card_pay',
    html`<div class="stack">
${input('holder', 'Nombre del titular', html`autocomplete="cc-name" required maxlength="100" value="${v.form.holder ?? ''}"`)}
${input('number', 'Número de tarjeta', number)}
<div class="row keep">${input('exp', 'Vencimiento', exp)}${input('cvv', 'CVV', cvv)}</div>
<button class="btn block" type="submit" data-testid="card-submit">Pagar</button>
<p class="hint">Tarjetas de prueba: ver la página de valores de prueba (resources/test-values/cards.json).</p>
</div>`,
    'card-form',
  );
}
