import type { Page } from 'playwright-core';

/**
 * Page module of the scenarios, faults, test-delivery and export/import parts of the console:
 * every selector their browser tests use lives here.
 */
export function morePage(page: Page) {
  const tid = (id: string) => page.getByTestId(id);
  return {
    // scenarios
    lessonRow: (name: string) => page.locator(`[data-testid="scenario-row"][data-name="${name}"]`),
    lesson: (name: string) => page.locator(`[data-testid="lesson"][data-name="${name}"]`),
    lessonStart: () => tid('lesson-start'),
    player: () => tid('player'),
    playerNext: () => tid('player-next'),
    playerPlay: () => tid('player-play'),
    playerPause: () => tid('player-pause'),
    playerPauseMs: () => tid('player-pause-ms'),
    playerNarration: () => tid('player-narration'),
    playerLast: () => tid('player-last'),
    playerProgress: () => tid('player-progress'),
    playerResult: () => tid('player-result'),
    playerSteps: () => page.locator('[data-testid="player"] [data-testid="scenario-step"]'),
    customText: () => tid('custom-text'),
    customUpload: () => tid('custom-upload'),
    customStart: () => tid('custom-start'),
    customRunAll: () => tid('custom-run-all'),
    customError: () => tid('custom-error'),
    report: () => tid('scenario-report'),
    recordFrom: () => tid('record-from'),
    recordName: () => tid('record-name'),
    recordSubmit: () => tid('record-submit'),
    recordResult: () => tid('record-result'),
    // faults
    faultKind: () => tid('fault-kind'),
    faultMerchant: () => tid('fault-merchant'),
    faultRemaining: () => tid('fault-remaining'),
    faultLatency: () => tid('fault-latency'),
    faultAdd: () => tid('fault-add'),
    faultRows: () => tid('fault-row'),
    faultRow: (kind: string) => page.locator(`[data-testid="fault-row"][data-kind="${kind}"]`),
    faultToggle: () => tid('fault-toggle'),
    faultFired: () => tid('fault-row-fired'),
    faultDelete: () => tid('fault-delete'),
    // test deliveries
    testMenuOpen: () => tid('test-delivery-open'),
    testDelivery: (kind: 'broken_signature' | 'duplicate' | 'out_of_order' | 'changed_fields') => tid(`test-delivery-${kind}`),
    testFields: () => tid('test-fields'),
    testSend: () => tid('test-send'),
    notificationWithTest: (label: string) => page.locator(`[data-testid="notification"][data-test="${label}"]`),
    attemptTestMark: () => tid('attempt-test'),
    testLabel: () => tid('notification-test-label'),
    // export / import
    exportSecrets: () => tid('export-secrets'),
    exportButton: () => tid('export-bundle'),
    importFile: () => tid('import-file'),
    importReport: () => tid('import-report'),
    importRow: (kind: string) => page.locator(`[data-testid="import-row"][data-kind="${kind}"]`),
  };
}
export type MorePage = ReturnType<typeof morePage>;
