import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageBoxOptions } from '../../electron/electron-types.js';
import { createMenuActions } from '../../electron/menu.js';
import type { Sandbox } from '../../server/sandbox.js';
import { control, startSandbox } from '../helpers/sandbox.js';

let dir: string;
let sb: Sandbox & { url: string };
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'menu-actions-'));
  sb = await startSandbox({ data: join(dir, 'sandbox-data') });
});
afterEach(async () => {
  await sb.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The OS side replaced by recorders (clipboard, shell, dialogs); the sandbox is real. */
function actionsWith(opts: { answer?: number; saveTo?: string; dataDir?: string | null }) {
  const calls: { kind: string; detail: unknown }[] = [];
  const boxes: MessageBoxOptions[] = [];
  const actions = createMenuActions({
    electron: {
      clipboard: { writeText: (text) => void calls.push({ kind: 'clipboard', detail: text }) },
      shell: {
        openExternal: async (url) => void calls.push({ kind: 'openExternal', detail: url }),
        openPath: async (p) => (calls.push({ kind: 'openPath', detail: p }), ''),
      },
      dialog: {
        showMessageBox: async (_w, o) => (boxes.push(o), { response: opts.answer ?? 1 }),
        showSaveDialog: async () => (opts.saveTo ? { canceled: false, filePath: opts.saveTo } : { canceled: true }),
        showErrorBox: (title, content) => void calls.push({ kind: 'errorBox', detail: `${title}: ${content}` }),
      },
    },
    sandbox: sb,
    baseUrl: sb.url,
    dataDir: opts.dataDir === undefined ? join(dir, 'sandbox-data') : opts.dataDir,
    window: () => undefined,
  });
  return { actions, calls, boxes };
}

/** Waits (bounded, generously) until the dialog chain of an action has got as far as `done` says. */
async function until(done: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
/**
 * The dialog was shown and answered: the action's `.then` on the answer runs in the microtasks
 * right after, so one macrotask later the action has decided (no fixed sleep).
 */
async function answered(boxes: unknown[]): Promise<void> {
  await until(() => boxes.length > 0);
  await new Promise((r) => setImmediate(r));
}
const merchantCount = async () => (await control(sb).listMerchants()).items.length;

describe('menu actions', () => {
  it('copy base URL puts the base URL on the clipboard', () => {
    const { actions, calls } = actionsWith({});
    actions.copyBaseUrl();
    expect(calls).toEqual([{ kind: 'clipboard', detail: sb.url }]);
  });

  it('open console in browser opens the base URL in the system browser', async () => {
    const { actions, calls } = actionsWith({});
    actions.openConsoleInBrowser();
    await until(() => calls.length > 0);
    expect(calls).toEqual([{ kind: 'openExternal', detail: `${sb.url}/` }]);
  });

  it('reset asks first, and "Cancel" changes nothing', async () => {
    await control(sb).createMerchant({ body: { name: 'Kept' } });
    const { actions, boxes } = actionsWith({ answer: 1 });
    actions.resetData();
    await answered(boxes);
    expect(boxes[0]?.buttons).toEqual(['Reset', 'Cancel']);
    expect(boxes[0]?.cancelId).toBe(1);
    expect(await merchantCount()).toBe(2);
  });

  it('reset confirmed leaves only the demo merchant', async () => {
    await control(sb).createMerchant({ body: { name: 'Gone' } });
    const { actions } = actionsWith({ answer: 0 });
    actions.resetData();
    await until(async () => (await merchantCount()) === 1);
  });

  it('export writes the chosen file and says where', async () => {
    const file = join(dir, 'export.db');
    const { actions, boxes } = actionsWith({ saveTo: file });
    actions.exportData();
    await until(() => boxes.length > 0);
    expect(existsSync(file)).toBe(true);
    expect(boxes.at(-1)).toMatchObject({ message: 'Sandbox data exported', detail: file });
  });

  it('export onto the live database is refused with an error box', async () => {
    const { actions, calls } = actionsWith({ saveTo: join(dir, 'sandbox-data', 'sandbox.db') });
    actions.exportData();
    await until(() => calls.length > 0);
    expect(calls).toEqual([{ kind: 'errorBox', detail: expect.stringMatching(/^Export failed: .*live database/) }]);
  });

  it('open data folder opens the data folder; in memory it explains there is none', () => {
    const onDisk = actionsWith({});
    onDisk.actions.openDataFolder();
    expect(onDisk.calls).toEqual([{ kind: 'openPath', detail: join(dir, 'sandbox-data') }]);
    const inMemory = actionsWith({ dataDir: null });
    inMemory.actions.openDataFolder();
    expect(inMemory.calls[0]?.kind).toBe('errorBox');
  });
});
