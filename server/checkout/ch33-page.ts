import { html } from './escape.js';
import { cancelButton } from './panel.js';
import { bankActions, bankPage } from './simulated-bank.js';
import type { PageModule } from './view.js';
import { changeButton, changeMethod, chooseFrom, choices, type Choice } from './method-choice.js';

const CH33: Choice[] = [
  {
    value: '29',
    name: ['Transferencia bancaria en línea', 'Online bank transfer'],
    text: ['Método 29 · débito desde tu cuenta', 'Method 29 · debit from your account'],
    ico: '29',
  },
  {
    value: '48',
    name: ['Botón de pago bancario', 'Bank payment button'],
    text: ['Método 48 · paga en la página de tu banco', "Method 48 · pay on your bank's page"],
    ico: '48',
  },
  { value: 'wallet-a', name: ['Billetera digital', 'Digital wallet'], text: ['Próximamente', 'Coming soon'], ico: '—', soon: true },
  { value: 'wallet-b', name: ['Billetera móvil', 'Mobile wallet'], text: ['Próximamente', 'Coming soon'], ico: '—', soon: true },
];

/** Channel 33: multi-method checkout with methods 29 and 48. */
export const page33: PageModule = {
  title: (_op, say) => say('Elige cómo pagar', 'Choose how to pay'),
  render(v) {
    const m = v.state.method;
    const chosen = CH33.find((c) => c.value === m && !c.soon);
    const body = chosen
      ? bankPage(v, v.say(...chosen.name), v.say(...chosen.text))
      : choices(
          v,
          v.say('¿Cómo quieres pagar?', 'How do you want to pay?'),
          v.say('Elige uno de los medios disponibles.', 'Choose one of the available methods.'),
          CH33,
        );
    return html`${body}<div class="actions">${chosen ? changeButton(v) : ''}${cancelButton(v)}</div>`;
  },
  actions: {
    choose_method: chooseFrom(CH33),
    change_method: changeMethod,
    ...bankActions((a) => a.state.method === '29' || a.state.method === '48'),
  },
};
