import { mkdirSync } from 'node:fs';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { control } from '../helpers/sandbox.js';
import { hasChromium, SIZES } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { morePage } from './pages/console-more.js';

const SHOTS = '/tmp/shots/console2';

describe.skipIf(!hasChromium)('console: scenarios, faults, test deliveries and export at 1280×800 and 1920×1080', () => {
  const f = useConsoleFixture();
  let receiver: Receiver;
  let opId = 0;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    receiver = await startReceiver({ status: 200, body: 'ok' });
    const base = f.sb.url;
    const sandbox = control(f.sb);
    await sandbox.updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: receiver.url + '/notify' } });
    const { fields } = await createPayment(base, 17);
    opId = (await sandbox.listOperations({ query: { trans_id: fields.trans_id! } })).items[0]!.id;
    await sandbox.confirmOperation({ id: opId });
    const n = await eventually(async () => (await sandbox.listNotifications({ query: { operation_id: opId } })).items[0]);
    await sandbox.resendNotification({ id: n.id, body: { test: 'broken_signature' } });
    await sandbox.addFault({
      body: { kind: 'creation_error', public_key: 'pk_sandbox_demo', remaining: 3, label: 'checkout outage drill' },
    });
    await sandbox.addFault({ body: { kind: 'latency', latency_ms: 1500, public_key: 'pk_sandbox_demo', target: 'operations_query' } });
    await sandbox.addFault({ body: { kind: 'notification_duplicate', enabled: false } });
  });
  afterAll(() => receiver?.close());

  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    const tag = `${SIZES[size].width}x${SIZES[size].height}`;
    it(`lays out the new screens without horizontal overflow at ${tag}`, async () => {
      const c = await f.open('scenarios', { size });
      const m = morePage(c.page);
      const shot = async (name: string) => {
        await c.page.waitForFunction(`!document.querySelector('.loading')`);
        await c.page.waitForTimeout(150);
        await c.page.screenshot({ path: `${SHOTS}/${name}-${tag}.png` });
        const overflow = Number(await c.page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
        expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
      };
      await m.lessonRow('ch17-success').click();
      await shot('scenarios-lesson');
      await m.lessonStart().click();
      await m.playerNext().click();
      await m.playerLast().waitFor();
      await shot('scenarios-player');
      await m.playerPauseMs().selectOption('1000');
      await m.playerPlay().click();
      await m.playerResult().waitFor({ timeout: 20_000 });
      await shot('scenarios-passed');
      await c.tid('record-panel').scrollIntoViewIfNeeded();
      await shot('scenarios-custom-record');
      await c.goto('faults');
      await m.faultRows().first().waitFor();
      await shot('faults');
      await c.goto('notifications');
      await m.notificationWithTest('broken_signature').waitFor();
      await m.testMenuOpen().first().click();
      await shot('notifications-test-menu');
      await c.goto(`operations/${opId}`);
      await c.tid('test-delivery-open').first().scrollIntoViewIfNeeded();
      await shot('operation-test-deliveries');
      await c.goto('tools');
      await c.tid('bundle-panel').scrollIntoViewIfNeeded();
      const [download] = await Promise.all([c.page.waitForEvent('download'), m.exportButton().click()]);
      await m.importFile().setInputFiles(await download.path());
      await m.importReport().waitFor();
      await c.tid('bundle-panel').scrollIntoViewIfNeeded();
      await shot('tools-export-import');
      await c.themeToggle().click();
      await c.goto('scenarios');
      await shot('scenarios-dark');
      await c.langSwitch().selectOption('es');
      await c.goto('faults');
      await shot('faults-es');
    }, 90_000);
  }
});
