import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { morePage } from './pages/console-more.js';

interface Texts {
  title: string;
  narration: string;
}
const lessonFile = JSON.parse(readFileSync(new URL('../../resources/scenarios/ch17-success.json', import.meta.url), 'utf8')) as {
  title: string;
  description: string;
  translations: { es: { title: string; description: string } };
  steps: (Texts & { translations: { es: Texts } })[];
};
const es = lessonFile.steps.map((s) => s.translations.es);

describe.skipIf(!hasChromium)('console: lessons in the console language', () => {
  const f = useConsoleFixture();

  it('shows a built-in lesson in Spanish, words what a step did in Spanish, and follows a switch of language', async () => {
    const c = await f.open('scenarios', { lang: 'es', size: 'large' });
    const m = morePage(c.page);
    expect(await m.lessonRow('ch17-success').textContent()).toContain(lessonFile.translations.es.title);
    await m.lessonRow('ch17-success').click();
    const lesson = m.lesson('ch17-success');
    expect(await lesson.locator('.lesson-title').textContent()).toBe(lessonFile.translations.es.title);
    expect(await lesson.locator('.lesson-description').textContent()).toBe(lessonFile.translations.es.description);
    expect(await lesson.locator('.step-narration').first().textContent()).toBe(es[0]!.narration);
    if (process.env.SHOTS_DIR) await c.page.screenshot({ path: `${process.env.SHOTS_DIR}/scenarios-es.png` });

    await m.lessonStart().click();
    expect(await m.playerNarration().textContent()).toBe(es[0]!.narration);
    await m.playerNext().click();
    await m.playerLast().waitFor();
    // The step's outcome, worded by the console from the runner's code and values.
    expect(await m.playerLast().textContent()).toMatch(
      new RegExp(`^✓ 1\\. ${es[0]!.title} — operación \\d+ creada \\(SCN-\\w+-1\\) como «pago», pendiente$`),
    );
    expect(await m.playerNarration().textContent()).toBe(es[1]!.narration);
    if (process.env.SHOTS_DIR) await m.player().screenshot({ path: `${process.env.SHOTS_DIR}/scenario-player-es.png` });

    // Switched to English, the same run reads in English at once; and back.
    await c.langSwitch().selectOption('en');
    await c.page.locator('[data-testid="player-narration"]', { hasText: lessonFile.steps[1]!.narration }).waitFor();
    expect(await m.playerLast().textContent()).toMatch(
      /^✓ 1\. Create a signed payment of 50,000 COP — created operation \d+ \(SCN-\w+-1\) as "pago", pending$/,
    );
    expect(await m.lesson('ch17-success').locator('.lesson-title').textContent()).toBe(lessonFile.title);
    await m.playerNext().click();
    await c.page.locator('[data-testid="player-progress"]', { hasText: /^2 of/ }).waitFor();
    await c.langSwitch().selectOption('es');
    await c.page.locator('[data-testid="player-narration"]', { hasText: es[2]!.narration }).waitFor();
    expect(await m.playerLast().textContent()).toMatch(
      /^✓ 2\. La operación espera al comprador — la operación \d+ está pendiente; línea de tiempo: created$/,
    );
  }, 60_000);

  it("a whole run's report follows a switch of language", async () => {
    const c = await f.open('scenarios', { lang: 'es' });
    const m = morePage(c.page);
    await m.lessonRow('ch17-success').click();
    await c.page.locator('[data-testid="lesson-run-all"]').click();
    await m.report().waitFor();
    const first = m.report().locator('[data-testid="scenario-step"]').first();
    expect(await first.locator('.step-title').textContent()).toContain(es[0]!.title);
    expect(await first.locator('[data-testid="step-message"]').textContent()).toMatch(/^operación \d+ creada/);
    await c.langSwitch().selectOption('en');
    await first.locator('.step-title', { hasText: lessonFile.steps[0]!.title }).waitFor();
    if (process.env.SHOTS_DIR) await m.report().screenshot({ path: `${process.env.SHOTS_DIR}/scenario-report-en.png` });
    expect(await first.locator('[data-testid="step-message"]').textContent()).toMatch(/^created operation \d+/);
  }, 60_000);

  it('says why a pasted lesson failed in Spanish', async () => {
    const c = await f.open('scenarios', { lang: 'es' });
    const m = morePage(c.page);
    const scenario = {
      name: 'falla-a-proposito',
      title: 'Fails on purpose',
      translations: { es: { title: 'Falla a propósito' } },
      steps: [
        { action: 'create_payment', channel: 17, as: 'pedido' },
        {
          action: 'expect_operation',
          operation: 'pedido',
          status: 'confirmed',
          title: 'Paid?',
          translations: { es: { title: '¿Pagada?' } },
        },
      ],
    };
    await m.customText().fill(JSON.stringify(scenario));
    await m.customStart().click();
    expect(await m.player().locator('h2').textContent()).toContain('Falla a propósito');
    await m.playerPauseMs().selectOption('1000');
    await m.playerPlay().click();
    await m.playerResult().waitFor();
    if (process.env.SHOTS_DIR) await m.player().screenshot({ path: `${process.env.SHOTS_DIR}/scenario-failed-es.png` });
    expect(await m.playerResult().textContent()).toContain(
      '2. ¿Pagada?: se esperaba la operación «pedido» confirmada, pero está pendiente',
    );
    // The step the author left untitled is named by what its action does.
    expect(await m.playerSteps().nth(0).textContent()).toMatch(/^✓1\. crear pago create_payment/);
    expect(await m.playerSteps().nth(1).textContent()).toContain('✕ se esperaba la operación «pedido» confirmada, pero está pendiente');
  }, 60_000);
});
