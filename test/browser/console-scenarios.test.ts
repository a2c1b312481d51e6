import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { control } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { morePage } from './pages/console-more.js';

const lessonFile = JSON.parse(readFileSync(new URL('../../resources/scenarios/ch17-success.json', import.meta.url), 'utf8')) as {
  steps: { narration?: string }[];
};

const notes = (n: number) =>
  JSON.stringify({
    name: 'three-notes',
    title: 'Three notes',
    steps: Array.from({ length: n }, (_, i) => ({ action: 'note', narration: `note number ${i + 1}` })),
  });

describe.skipIf(!hasChromium)('console: scenarios', () => {
  const f = useConsoleFixture();

  it('plays a built-in lesson step by step, showing each narration, to a green result', async () => {
    const c = await f.open('scenarios');
    const m = morePage(c.page);
    await m.lessonRow('ch17-success').click();
    await m.lesson('ch17-success').waitFor();
    await m.lessonStart().click();
    await m.player().waitFor();
    for (const [i, step] of lessonFile.steps.entries()) {
      expect(await m.playerNarration().textContent()).toBe(step.narration);
      await m.playerNext().click();
      await c.page.waitForFunction(`document.querySelector('[data-testid="player-progress"]')?.textContent?.startsWith('${i + 1} of')`);
    }
    await m.playerResult().waitFor();
    expect(await m.playerResult().getAttribute('data-ok')).toBe('true');
    expect(await m.playerResult().textContent()).toContain('Lesson passed');
    expect(await m.playerSteps().evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(
      Array(lessonFile.steps.length).fill('passed'),
    );
  }, 60_000);

  it('plays a pasted scenario on its own until the end', async () => {
    const c = await f.open('scenarios');
    const m = morePage(c.page);
    await m.customText().fill(notes(3));
    await m.customStart().click();
    await m.player().waitFor();
    await m.playerPauseMs().selectOption('1000');
    await m.playerPlay().click();
    await m.playerResult().waitFor({ timeout: 15_000 });
    expect(await m.playerResult().getAttribute('data-ok')).toBe('true');
    expect(await m.playerResult().textContent()).toContain('3 of 3');
  }, 30_000);

  it('pausing the player stops it before the next step', async () => {
    const c = await f.open('scenarios');
    const m = morePage(c.page);
    await m.customText().fill(notes(4));
    await m.customStart().click();
    await m.playerPauseMs().selectOption('1000');
    // Counts the console's step requests as it makes them (the API client calls the global fetch).
    await c.page.evaluate(`(() => {
      window.__steps = 0;
      const f = window.fetch;
      window.fetch = (input, init) => (/\\/step$/.test(String(input)) && window.__steps++, f(input, init));
    })()`);
    await m.playerPlay().click();
    await m.playerLast().waitFor();
    await m.playerPause().click();
    const stepsAtPause = await c.page.evaluate<number>('window.__steps');
    // Not a fixed sleep: a marker on the page's own timer queue. The player polls every 100 ms until
    // its pause (1000 ms after step 1, so before now + 1000) is over; a page timer set 150 ms after
    // that moment is due after the player's next poll, and timers fire in due order however slow the
    // machine. So once the marker has fired, a player that kept going has already asked for step 2.
    await c.page.evaluate(`new Promise((done) => {
      const until = Date.now() + 1000;
      const tick = () => (Date.now() >= until ? setTimeout(done, 150) : setTimeout(tick, 50));
      tick();
    })`);
    expect(await c.page.evaluate<number>('window.__steps')).toBe(stepsAtPause);
    expect(await m.playerProgress().textContent()).toMatch(/^1 of 4/);
    expect(await m.playerResult().count()).toBe(0);
  });

  it('refuses a pasted file that is not a scenario, in words, and runs nothing', async () => {
    const c = await f.open('scenarios');
    const m = morePage(c.page);
    const before = (await control(f.sb).listMerchants()).items.length;
    await m.customText().fill('{"name": "x", "steps": []}');
    await m.customStart().click();
    expect(await m.customError().textContent()).toContain('title');
    expect(await m.player().count()).toBe(0);
    expect((await control(f.sb).listMerchants()).items.length).toBe(before);
  });

  it('the number keys 9 and 0 open Scenarios and Faults, after the eight older screens', async () => {
    const c = await f.open('overview');
    await c.page.keyboard.press('9');
    await c.page.waitForFunction(`window.location.hash === '#/scenarios'`);
    await c.page.keyboard.press('0');
    await c.page.waitForFunction(`window.location.hash === '#/faults'`);
    await c.page.keyboard.press('8');
    await c.page.waitForFunction(`window.location.hash === '#/tools'`);
  });

  it('records the request log into a downloaded scenario file', async () => {
    const { fields } = await createPayment(f.sb.url, 17);
    const c = await f.open('scenarios');
    const m = morePage(c.page);
    await m.recordName().fill('my-recording');
    const [download] = await Promise.all([c.page.waitForEvent('download'), m.recordSubmit().click()]);
    expect(download.suggestedFilename()).toBe('my-recording.json');
    const scenario = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(scenario.name).toBe('my-recording');
    expect(JSON.stringify(scenario.steps)).toContain(fields.trans_id);
    await m.recordResult().waitFor();
  });
});
