import type { Page } from 'playwright-core';

/** Page module of a merchant's Migration screen. */
export function migrationPage(page: Page) {
  const tid = (id: string) => page.getByTestId(id);
  return {
    screen: () => tid('migration-page'),
    shapes: () => tid('migration-shape'),
    shape: (dialect: string) => page.locator(`[data-testid="migration-shape"][data-dialect="${dialect}"]`),
    change: (field: string) => page.locator(`[data-testid="migration-changes"] tr[data-field="${field}"]`),
    verified: () => tid('migration-verified'),
    exportMarkdown: () => tid('migration-export-md'),
    protocol: () => tid('migration-protocol'),
    toggleProtocol: () => tid('migration-toggle-protocol'),
    protocolLabel: () => tid('op-protocol-label'),
  };
}
