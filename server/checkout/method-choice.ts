import { z } from 'zod';
import { actionForm } from './layout.js';
import { html, type Html } from './escape.js';
import { optionFace } from './parts.js';
import { formOf } from './panel.js';
import { type ActionInput, type ActionOutcome, type PageView } from './view.js';
import { saveState } from './flow-state.js';
import type { Both } from './lang.js';

export interface Choice {
  value: string;
  name: Both;
  text: Both;
  ico: string;
  soon?: boolean;
}

/** A list of payment options; each posts `choose_method` with its value. */
export function choices(v: PageView, heading: string, lead: string, list: Choice[]): Html {
  const item = (c: Choice) => {
    const face = optionFace(c.ico, v.say(...c.name), v.say(...c.text));
    if (c.soon) return html`<li><div class="option soon">${face}</div></li>`;
    const button = html`<button class="option" type="submit" data-testid="method-${c.value}">${face}</button>`;
    return html`<li>${actionForm(v, 'choose_method', html`<input type="hidden" name="method" value="${c.value}">${button}`)}</li>`;
  };
  return html`<h1>${heading}</h1><p class="lead">${lead}</p><ul class="options" data-testid="method-list">${list.map(item)}</ul>`;
}

/** `choose_method` limited to the available values of a list. */
export const chooseFrom =
  (list: Choice[]) =>
  (a: ActionInput): ActionOutcome => {
    const { method } = formOf(z.object({ method: z.string().max(32) }), a);
    if (!list.some((c) => c.value === method && !c.soon))
      return { ok: false, message: a.say('Elige un medio de pago disponible.', 'Choose an available payment method.') };
    saveState(a.ctx, a.op, { method });
    return { ok: true };
  };
export const changeMethod = (a: ActionInput): ActionOutcome => (saveState(a.ctx, a.op, { method: null }), { ok: true });
export const changeButton = (v: PageView) =>
  actionForm(
    v,
    'change_method',
    html`<button class="btn ghost" type="submit" data-testid="change-method">${v.say(
      'Cambiar medio de pago',
      'Change payment method',
    )}</button>`,
  );
