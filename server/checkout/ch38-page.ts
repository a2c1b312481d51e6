import { html } from './escape.js';
import { cancelButton } from './panel.js';
import type { PageModule } from './view.js';
import { voucherReference, voucherSection } from './cash-voucher.js';

const WHERE = 'cualquier tienda de conveniencia o sucursal participante';

/** Channel 38: cash at a store in Mexico. */
export const page38: PageModule = {
  title: () => 'Pago en efectivo',
  render: (v) => html`${voucherSection(v, voucherReference(v.op), WHERE)}<div class="actions">${cancelButton(v)}</div>`,
  hasVoucher: () => true,
};
