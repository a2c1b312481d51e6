import { describe, expect, it } from 'vitest';
import { startReceiver } from '../helpers/receiver.js';
import { move, notificationsOfOp, pendingOperation, setMerchant } from '../delivery/helpers.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';

// Attempts time out after 1.5 s, so an advance through the 4 retry instants (+1, +6, +21, +81 min) takes about 6 s.
const f = useConsoleFixture({ sandbox: { delivery: { timeoutMs: 1_500 } } });

describe.skipIf(!hasChromium)('console: clock panel', () => {
  it('shows a progress bar while a long advance runs, stays usable (pause), then shows the summary', async () => {
    const rx = await startReceiver('hang');
    try {
      await setMerchant(f.sb, { success_url: `${rx.url}/hang` });
      const op = await pendingOperation(f.sb, 17);
      await move(f.sb, op.id, 'confirm');
      const c = await f.open('tools');
      await c.clockPreset(120).click();
      await c.clockProgress().waitFor({ timeout: 15_000 });
      // The advance runs; pause still answers and the panel follows it.
      await c.clockPause().click();
      await c.clockResume().waitFor({ timeout: 10_000 });
      await c.clockSummary().waitFor({ timeout: 30_000 });
      expect(await c.clockProgress().count()).toBe(0);
      expect(await c.clockSummaryKind('notification.retry').textContent()).toBe('4 × notification retries');
      expect(await c.clockSummary().textContent()).toMatch(/Advanced 120 min in 4 steps: 0 delivered, [45] failed attempts/);
      const notes = await notificationsOfOp(f.sb, op.id);
      expect(notes[0]!.attempts).toHaveLength(5);
    } finally {
      await rx.close();
    }
  }, 90_000);
});
