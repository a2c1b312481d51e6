import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's browser build, read once and injected into each page under test.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A/AA rules plus axe's best practices; only serious and critical findings fail a test. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe on the page as it is now and answers its serious and critical violations, each with the
 * first few offending selectors, so a failing test says what to fix.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the debugging protocol, not added as a <script>: the pages' CSP refuses inline scripts.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact || '', help: v.help, ` +
      "targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) })))",
  )) as AxeFinding[];
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
