import { html } from './escape.js';
import { cancelButton } from './panel.js';
import type { PageModule } from './view.js';
import { voucherReference, voucherSection } from './cash-voucher.js';

const WHERE = ['cualquier tienda de conveniencia o sucursal participante', 'any participating convenience store or branch'] as const;

/** Channel 38: cash at a store in Mexico. */
export const page38: PageModule = {
  title: (_op, say) => say('Pago en efectivo', 'Cash payment'),
  render: (v) => html`${voucherSection(v, voucherReference(v.op), v.say(...WHERE))}<div class="actions">${cancelButton(v)}</div>`,
  hasVoucher: () => true,
};
