import { html } from './escape.js';
import { cancelButton } from './panel.js';
import { bankActions, bankPage } from './simulated-bank.js';
import type { PageModule } from './view.js';
import { changeButton, changeMethod, chooseFrom, choices, type Choice } from './method-choice.js';

const CH33: Choice[] = [
  { value: '29', name: 'Transferencia bancaria en línea', text: 'Método 29 · débito desde tu cuenta', ico: '29' },
  { value: '48', name: 'Botón de pago bancario', text: 'Método 48 · paga en la página de tu banco', ico: '48' },
  { value: 'wallet-a', name: 'Billetera digital', text: 'Próximamente', ico: '—', soon: true },
  { value: 'wallet-b', name: 'Billetera móvil', text: 'Próximamente', ico: '—', soon: true },
];

/** Channel 33: multi-method checkout with methods 29 and 48. */
export const page33: PageModule = {
  title: () => 'Elige cómo pagar',
  render(v) {
    const m = v.state.method;
    const chosen = CH33.find((c) => c.value === m && !c.soon);
    const body = chosen
      ? bankPage(v, chosen.name, chosen.text)
      : choices(v, '¿Cómo quieres pagar?', 'Elige uno de los medios disponibles.', CH33);
    return html`${body}<div class="actions">${chosen ? changeButton(v) : ''}${cancelButton(v)}</div>`;
  },
  actions: {
    choose_method: chooseFrom(CH33),
    change_method: changeMethod,
    ...bankActions((a) => a.state.method === '29' || a.state.method === '48'),
  },
};
