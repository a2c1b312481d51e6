import type { Page } from 'playwright-core';

/** Page module of the go-live check screen and the request log's signature diagnosis. */
export function golivePage(page: Page) {
  const tid = (id: string) => page.getByTestId(id);
  return {
    screen: () => tid('golive-page'),
    merchant: () => tid('golive-merchant'),
    run: () => tid('golive-run'),
    report: () => tid('golive-report'),
    summary: () => tid('golive-summary'),
    check: (id: string) => page.locator(`[data-testid="golive-check"][data-check="${id}"]`),
    checks: () => tid('golive-check'),
    openNotifications: (id: string) =>
      page.locator(`[data-testid="golive-check"][data-check="${id}"] [data-testid="golive-open-notifications"]`),
    probeNotifications: (id: string) =>
      page.locator(`[data-testid="golive-check"][data-check="${id}"] [data-testid="golive-notifications"]`),
    exportMarkdown: () => tid('golive-export-md'),
    exportJson: () => tid('golive-export-json'),
    missingUrls: () => tid('golive-missing-urls'),
    probeLabel: () => tid('op-check-label'),
    // request log
    requestRows: () => tid('request-row'),
    requestDiagnosis: () => tid('request-diagnosis'),
    requestDiagnosisRecipe: () => tid('request-diagnosis-recipe'),
    requestDiagnosisExpected: () => tid('request-diagnosis-expected'),
    requestDiagnosisSent: () => tid('request-diagnosis-sent'),
  };
}
