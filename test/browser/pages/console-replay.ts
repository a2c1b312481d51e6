import type { Page } from 'playwright-core';

/** Page module of the console's Replay screen: every selector its browser tests use lives here. */
export function replayPage(page: Page) {
  const tid = (id: string) => page.getByTestId(id);
  return {
    page: () => tid('replay-page'),
    drop: () => tid('replay-drop'),
    harFile: () => tid('replay-har-file'),
    harName: () => tid('replay-har-name'),
    notificationsFile: () => tid('replay-notifications-file'),
    run: () => tid('replay-run'),
    /** The progress bar once the live stream reported entries done. */
    report: () => tid('replay-report'),
    summary: () => tid('replay-summary'),
    entries: () => tid('replay-entry'),
    driftedEntries: () => page.locator('[data-testid="replay-entry"]:not([data-drift="0"])'),
    entry: (index: number) => page.locator(`[data-testid="replay-entry"][data-index="${index}"]`),
    driftToggle: (index: number) => page.locator(`[data-testid="replay-entry"][data-index="${index}"] [data-testid="replay-drift-toggle"]`),
    driftItems: () => tid('replay-drift-item'),
    operationLink: (index: number) => page.locator(`[data-testid="replay-entry"][data-index="${index}"] [data-testid="replay-operation"]`),
    outcomes: () => tid('replay-outcome'),
    exportJson: () => tid('replay-export-json'),
    exportMarkdown: () => tid('replay-export-md'),
    keptItems: () => tid('replay-kept-item'),
    driftOnly: () => tid('replay-drift-only'),
    sandboxAnswer: (index: number) => page.locator(`[data-testid="replay-entry"][data-index="${index}"] [data-testid="replay-sandbox"]`),
    productionAnswer: (index: number) =>
      page.locator(`[data-testid="replay-entry"][data-index="${index}"] [data-testid="replay-production"]`),
    skipText: (index: number) => page.locator(`[data-testid="replay-entry"][data-index="${index}"] [data-testid="replay-skip"]`),
    bodies: () => tid('replay-body'),
    rejectionCodes: () => tid('replay-rejection-code'),
  };
}
