import type { Page } from 'playwright-core';

/**
 * Page module of the operator console: every selector the browser tests use lives here, so a
 * markup change is fixed in one place.
 */
export function consolePage(page: Page, baseUrl: string) {
  const tid = (id: string) => page.getByTestId(id);
  return {
    page,
    tid,
    goto: async (hash: string) => {
      await page.goto(`${baseUrl}/#/${hash}`);
    },
    nav: (name: string) => tid(`nav-${name}`),
    liveStatus: () => tid('live-status'),
    waitLive: () => page.waitForSelector('[data-testid="live-status"][data-connected="true"]'),
    // operations
    opRows: () => tid('op-row'),
    opRowByTransId: (transId: string) => page.locator(`[data-testid="op-row"][data-trans-id="${transId}"]`),
    opsSearch: () => tid('ops-search'),
    opsScroll: () => tid('ops-scroll'),
    // detail
    detail: () => tid('op-detail'),
    detailWithStatus: (status: string) => page.locator(`[data-testid="op-detail"][data-status="${status}"]`),
    action: (name: 'confirm' | 'reject' | 'cancel' | 'expire' | 'checkout' | 'copy-curl') => tid(`action-${name}`),
    rejectCode: () => tid('reject-code'),
    rejectMessage: () => tid('reject-message'),
    rejectReason: () => tid('reject-reason'),
    rejectCard: () => tid('reject-card'),
    rejectSubmit: () => tid('reject-submit'),
    timeline: () => tid('timeline'),
    opWarnings: () => tid('op-warnings'),
    opWarning: () => tid('op-warning'),
    // request log
    requestRow: (id: number) => page.locator(`[data-testid="request-row"][data-request-id="${id}"]`),
    requestNote: () => tid('request-note'),
    requestWarnings: () => tid('request-warnings'),
    notifications: () => tid('notification'),
    notificationByStatus: (status: string) => page.locator(`[data-testid="notification"][data-status="${status}"]`),
    attempts: () => tid('attempt'),
    resend: () => tid('notification-resend'),
    // spei
    speiPrefill: () => tid('spei-prefill'),
    speiField: (name: 'clabe' | 'amount' | 'rfc' | 'sender') => tid(`spei-${name}`),
    speiSubmit: () => tid('spei-submit'),
    speiRows: () => tid('spei-row'),
    // notifications page
    failedFirst: () => tid('notif-failed-first'),
    // tools
    clockMinutes: () => tid('clock-minutes'),
    clockAdvance: () => tid('clock-advance'),
    clockPreset: (minutes: number) => tid(`clock-advance-${minutes}`),
    clockProgress: () => tid('clock-progress'),
    clockSummary: () => tid('clock-summary'),
    clockSummaryKind: (kind: string) => tid(`clock-summary-${kind}`),
    clockPause: () => tid('clock-pause'),
    clockResume: () => tid('clock-resume'),
    clockPanel: () => tid('clock-panel'),
    langSwitch: () => tid('lang-switch'),
    themeToggle: () => tid('theme-toggle'),
    sigInspector: () => tid('signature-inspector'),
    sigMode: (mode: 'creation' | 'notification') => tid(`sig-mode-${mode}`),
    sigLayout: () => tid('sig-layout'),
    sigMerchant: () => tid('sig-merchant'),
    sigInput: () => tid('sig-input'),
    sigParseError: () => tid('sig-parse-error'),
    sigVerdict: () => tid('sig-verdict'),
    sigDiagnosis: () => tid('sig-diagnosis'),
    toastError: () => tid('toast-error'),
    emptyState: () => tid('empty-state'),
    copyDemoCurl: () => tid('copy-demo-curl'),
    /**
     * Clicks a copy button and returns what it put on the clipboard. Copy buttons sign or fetch
     * before writing, so the clipboard is emptied first and read once the write has landed.
     */
    copyFrom: async (button: ReturnType<typeof tid>): Promise<string> => {
      await page.evaluate(`navigator.clipboard.writeText('')`);
      await button.click();
      // Polled from here: page.evaluate awaits readText(), waitForFunction would not.
      for (const until = Date.now() + 30_000; Date.now() < until; await page.waitForTimeout(50)) {
        const text = String(await page.evaluate('navigator.clipboard.readText()'));
        if (text) return text;
      }
      throw new Error('the copy button put nothing on the clipboard within 30 s');
    },
  };
}
export type ConsolePage = ReturnType<typeof consolePage>;

/** The sizes the layout tests and pictures use: the desktop window's minimum, a laptop, a phone. */
export const VIEWPORTS = {
  min: { width: 800, height: 560 },
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** How the focused element shows its focus: outline or ring, as the browser computes it. */
export async function focusIndicator(page: Page): Promise<{ tag: string; testid: string | null; visible: boolean; style?: string }> {
  return (await page.evaluate(
    `(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { tag: 'body', testid: null, visible: false };
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    return { tag: el.tagName.toLowerCase(), testid: el.getAttribute("data-testid"), visible: outline || s.boxShadow !== "none", ` +
      `style: s.outlineStyle + " " + s.outlineWidth + " " + s.boxShadow };
  })()`,
  )) as { tag: string; testid: string | null; visible: boolean; style?: string };
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector`, checking that every
 * control passed on the way shows a focus indicator. Fails after `max` presses.
 */
export async function tabTo(page: Page, selector: string, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  for (let i = 0; i < (opts.max ?? 60); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const f = await focusIndicator(page);
    if (f.tag !== 'body' && !f.visible) throw new Error(`focus on <${f.tag} data-testid=${f.testid}> shows no indicator (${f.style})`);
    if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}
