import { z } from 'zod';
import { CARD_FAILURE_CODES, CARD_FAILURES, CH11_ERROR_REASONS } from '../contract/checkout.js';
import { cardFailureText } from './rejection-texts.js';
import { transition, type FinalStatus } from '../domain/operations.js';
import { SandboxError } from '../contract/errors.js';
import { actionForm, hidden } from './layout.js';
import { html, type Html } from './escape.js';
import type { ActionInput, ActionOutcome, PageModule, PageView } from './view.js';

/**
 * Parses a page form with a zod schema; bad input is a VALIDATION_ERROR shown on the page, in the
 * shopper's language, naming the fields (the page's own forms never send such input).
 */
export function formOf<T extends z.ZodType>(schema: T, a: Pick<ActionInput, 'form' | 'say'>): z.output<T> {
  const r = schema.safeParse(Object.fromEntries(a.form));
  if (!r.success) {
    const fields = [...new Set(r.error.issues.map((i) => i.path.join('.') || '—'))].join(', ');
    throw new SandboxError('VALIDATION_ERROR', `${a.say('Datos no válidos en el formulario', 'Invalid form data')}: ${fields}`);
  }
  return r.data;
}

const PanelSchema = z.object({
  outcome: z.enum(['confirmed', 'rejected', 'cancelled', 'expired']),
  error_reason: z.union([z.literal(''), z.enum(CH11_ERROR_REASONS)]).optional(),
  card_failure_code: z.union([z.literal(''), z.enum(CARD_FAILURE_CODES)]).optional(),
  rejection_code: z
    .string()
    .max(64)
    .regex(/^[\w.-]*$/, 'letters, digits, dot, dash')
    .optional(),
  rejection_message: z.string().max(500).optional(),
});

/** The sandbox panel's outcome: a transition by the shopper page, marked as coming from the panel. */
function sandboxOutcome(a: ActionInput): ActionOutcome {
  const f = formOf(PanelSchema, a);
  const details: Record<string, string> = { via: 'sandbox_panel' };
  if (f.outcome === 'rejected') {
    if (f.error_reason) details.error_reason = f.error_reason;
    if (f.card_failure_code) {
      details.card_failure_code = f.card_failure_code;
      details.rejection_code = f.card_failure_code;
      details.rejection_message = CARD_FAILURES[f.card_failure_code];
    }
    if (f.rejection_code) details.rejection_code = f.rejection_code;
    if (f.rejection_message) details.rejection_message = f.rejection_message;
  }
  transition(a.ctx, a.op.id, { to: f.outcome satisfies FinalStatus, actor: 'shopper_page', details });
  return { ok: true };
}

/** The shopper gives up on the payment page. */
function cancel(a: ActionInput): ActionOutcome {
  transition(a.ctx, a.op.id, { to: 'cancelled', actor: 'shopper_page', details: { via: 'shopper' } });
  return { ok: true };
}

/** Actions every checkout page has. */
export const commonActions: Record<string, (a: ActionInput) => ActionOutcome> = {
  sandbox_outcome: sandboxOutcome,
  cancel,
};

export const cancelButton = (v: PageView, label = v.say('Cancelar pago', 'Cancel payment')): Html =>
  actionForm(v, 'cancel', html`<button class="btn danger" type="submit" data-testid="shopper-cancel">${label}</button>`);

/** Channel 11's failure reasons for the panel. */
export const errorReasonSelect = (v: PageView): Html => html`<label for="error_reason">${v.say(
  'error_reason al rechazar',
  'error_reason when rejecting',
)}</label>
<select id="error_reason" name="error_reason" data-testid="panel-error-reason">${none(v)}${CH11_ERROR_REASONS.map(
  (r) => html`<option value="${r}">${r}</option>`,
)}</select>`;

const none = (v: PageView) => html`<option value="">${v.say('(ninguno)', '(none)')}</option>`;

/** Channel 36's card failure codes for the panel, with their texts in the page's language. */
export function cardCodeSelect(v: PageView): Html {
  const options = CARD_FAILURE_CODES.map((c) => html`<option value="${c}">${c} · ${cardFailureText(c, v.lang)}</option>`);
  return html`<label for="card_failure_code">${v.say('Código de tarjeta al rechazar', 'Card code when rejecting')}</label>
<select id="card_failure_code" name="card_failure_code" data-testid="panel-card-code">${none(v)}${options}</select>`;
}

/** The clearly marked sandbox panel: pick the outcome the way a tester would. */
export function sandboxPanel(v: PageView, mod: PageModule): Html {
  const button = (outcome: string, label: string, tone: string) =>
    html`<button class="btn ${tone}" type="submit" name="outcome" value="${outcome}" data-testid="panel-${outcome}">${label}</button>`;
  const { say } = v;
  const outcomes = [
    button('confirmed', say('Aprobar', 'Approve'), 'ok'),
    button('rejected', say('Rechazar', 'Reject'), 'bad'),
    button('cancelled', say('Cancelar', 'Cancel'), 'neutral'),
    button('expired', say('Expirar', 'Expire'), 'neutral'),
  ];
  return html`<aside class="panel" data-testid="sandbox-panel">
<h2><span class="tag">SANDBOX</span>${say('Elegir el resultado', 'Choose the outcome')}</h2>
<p>${say(
    'Solo existe en el entorno de pruebas: simula lo que haría el banco o el proveedor con este pago.',
    'Only in the test environment: simulates what the bank or provider would do with this payment.',
  )}</p>
<form method="post" action="/check-out/actions">${hidden(v, 'sandbox_outcome')}
<div class="outcomes">${outcomes}</div>
${mod.panelExtras ? mod.panelExtras(v) : ''}
<details><summary>${say('Código y mensaje de rechazo', 'Rejection code and message')}</summary>
<label for="rejection_code">rejection_code</label><input type="text" id="rejection_code" name="rejection_code" maxlength="64">
<label for="rejection_message">rejection_message</label><input type="text" id="rejection_message" name="rejection_message" maxlength="500">
</details>
</form>
${mod.panelForms ? mod.panelForms(v) : ''}
</aside>`;
}
