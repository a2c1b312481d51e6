// The application menu. The template is a pure function of the actions and the base URL (tested
// without Electron); createMenuActions wires the OS side (clipboard, dialogs, shell).
import { dirname, join } from 'node:path';
import type { Sandbox } from '../server/sandbox.js';
import { exportFileName, exportSandboxData, resetSandboxData } from './data-actions.js';
import type { BrowserWindow, ElectronMain, MenuItemOptions } from './electron-types.js';

export interface MenuActions {
  copyBaseUrl(): void;
  openConsoleInBrowser(): void;
  openDataFolder(): void;
  exportData(): void;
  resetData(): void;
}

/** The menu: the base URL is visible (and copyable) in it, with every desktop-only action. */
export function buildMenuTemplate(actions: MenuActions, opts: { baseUrl: string; isMac: boolean }): MenuItemOptions[] {
  const sandbox: MenuItemOptions = {
    label: 'Sandbox',
    submenu: [
      { label: `Copy base URL (${opts.baseUrl})`, accelerator: 'CmdOrCtrl+Shift+C', click: actions.copyBaseUrl },
      { label: 'Open console in browser', click: actions.openConsoleInBrowser },
      { type: 'separator' },
      { label: 'Open data folder', click: actions.openDataFolder },
      { label: 'Export sandbox data…', click: actions.exportData },
      { label: 'Reset sandbox…', click: actions.resetData },
      { type: 'separator' },
      { role: opts.isMac ? 'close' : 'quit' },
    ],
  };
  return [...(opts.isMac ? [{ role: 'appMenu' }] : []), sandbox, { role: 'editMenu' }, { role: 'viewMenu' }, { role: 'windowMenu' }];
}

export interface MenuActionDeps {
  electron: Pick<ElectronMain, 'clipboard' | 'shell' | 'dialog'>;
  sandbox: Sandbox;
  baseUrl: string;
  /** The folder of sandbox.db (null with :memory:). */
  dataDir: string | null;
  window: () => BrowserWindow | undefined;
}

/** The OS side of each menu item. Destructive actions ask first; failures are shown, never thrown. */
export function createMenuActions(deps: MenuActionDeps): MenuActions {
  const { clipboard, shell, dialog } = deps.electron;
  const fail = (what: string) => (err: unknown) => dialog.showErrorBox(what, err instanceof Error ? err.message : String(err));
  return {
    copyBaseUrl: () => clipboard.writeText(deps.baseUrl),
    openConsoleInBrowser: () => void shell.openExternal(`${deps.baseUrl}/`).catch(fail('Could not open the browser')),
    openDataFolder: () => {
      if (!deps.dataDir) return dialog.showErrorBox('No data folder', 'This sandbox runs in memory (--data :memory:).');
      void shell.openPath(deps.dataDir).then((msg) => msg && fail('Could not open the data folder')(new Error(msg)));
    },
    exportData: () => {
      // Next to the data folder (in userData) by default; the dialog lets the user go anywhere.
      const name = exportFileName(new Date());
      const defaultPath = deps.dataDir ? join(dirname(deps.dataDir), name) : name;
      void dialog
        .showSaveDialog(deps.window(), {
          title: 'Export sandbox data',
          defaultPath,
          filters: [{ name: 'SQLite database', extensions: ['db'] }],
        })
        .then(async ({ canceled, filePath }) => {
          if (canceled || !filePath) return;
          await exportSandboxData(deps.sandbox, filePath);
          await dialog.showMessageBox(deps.window(), { type: 'info', message: 'Sandbox data exported', detail: filePath });
        })
        .catch(fail('Export failed'));
    },
    resetData: () => {
      void dialog
        .showMessageBox(deps.window(), {
          type: 'warning',
          message: 'Reset the sandbox?',
          detail:
            'Every operation, notification, payout and merchant except the demo merchant is deleted, and the clock goes back to real time.',
          buttons: ['Reset', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
        })
        .then(({ response }) => {
          if (response !== 0) return;
          resetSandboxData(deps.sandbox);
          deps.window()?.webContents.reload();
        })
        .catch(fail('Reset failed'));
    },
  };
}
