import type { Page } from 'playwright-core';

/** Selectors of the payouts screen and the merchant editor's payout login (selectors live only here). */
export function payoutsPage(page: Page) {
  const row = (id: number) => page.locator(`[data-testid="payout-row"][data-id="${id}"]`);
  return {
    row,
    transferStatus: (id: number) => row(id).getByTestId('payout-transfer-status'),
    transferStatusIs: (id: number, n: number) =>
      page.locator(`[data-testid="payout-row"][data-id="${id}"] [data-testid="payout-transfer-status"][data-transfer-status="${n}"]`),
    forceValue: (id: number) => row(id).getByTestId('payout-force-value'),
    force: (id: number) => row(id).getByTestId('payout-force'),
    warningCount: (id: number) => row(id).getByTestId('payout-warning-count'),
    expand: (id: number) => row(id).getByTestId('payout-expand'),
    warnings: () => page.getByTestId('payout-warnings'),
    editUsername: () => page.getByTestId('edit-payout-username'),
    editPassword: () => page.getByTestId('edit-payout-password'),
    editSave: () => page.getByTestId('edit-save'),
  };
}

/** The edit button of one merchant card. */
export const merchantEdit = (page: Page, publicKey: string) =>
  page.locator(`[data-testid="merchant"][data-public-key="${publicKey}"] [data-testid="merchant-edit"]`);
