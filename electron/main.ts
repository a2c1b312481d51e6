// The desktop shell: one instance, the embedded sandbox on 127.0.0.1, one locked-down window over
// it, and a clean stop (HTTP and SQLite closed) before the app exits. Everything else lives in the
// modules beside it; the console itself only talks HTTP to the sandbox, as in a browser.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { resourcesDir } from '../server/paths.js';
import type { Sandbox } from '../server/sandbox.js';
import { parseDesktopArgs } from './desktop-args.js';
import type { BrowserWindow, ElectronMain } from './electron-types.js';
import { installContentsGuards, installSessionGuards, originOf } from './guards.js';
import { buildMenuTemplate, createMenuActions } from './menu.js';
import { startWithPortChoice } from './start-sandbox.js';
import { childWindowOptions, mainWindowOptions } from './window-options.js';
import { loadWindowState, saveWindowState, stateFromBounds } from './window-state.js';

// The real module, typed by our own declaration (the electron package is optional, see electron-types.d.ts).
const electron = createRequire(import.meta.url)('electron') as ElectronMain;
const { app, BrowserWindow, Menu, dialog, screen, shell } = electron;
const PRODUCT = 'Pasarela Sandbox';
const HOST = '127.0.0.1';

// The same userData folder in development and in the packaged app.
app.setName(PRODUCT);
app.setPath('userData', join(app.getPath('appData'), PRODUCT));
const stateFile = join(app.getPath('userData'), 'window-state.json');

let win: BrowserWindow | undefined;
/** Set as soon as starting begins, so a quit during start-up still waits and closes SQLite. */
let sandbox: Promise<Sandbox | null> | undefined;
let stopping = false;

/** Asks whether to start on the next free port when the one asked for is taken. */
async function askToUseNext(port: number, next: number): Promise<boolean> {
  const { response } = await dialog.showMessageBox(undefined, {
    type: 'question',
    message: `Port ${port} is already in use`,
    detail: `Another program (or another sandbox) listens on ${HOST}:${port}. Start this sandbox on port ${next} instead?`,
    buttons: [`Use port ${next}`, 'Quit'],
    defaultId: 0,
    cancelId: 1,
  });
  return response === 0;
}

/** Remembers the window's bounds; called on close and on quit (app.exit closes windows without 'close'). */
function saveWindow(): void {
  if (!win || win.isDestroyed()) return;
  try {
    saveWindowState(stateFile, stateFromBounds(win.getNormalBounds(), win.isMaximized()));
  } catch (err) {
    process.stderr.write(`could not save the window state: ${(err as Error).message}\n`);
  }
}

function openWindow(sb: Sandbox, dataDir: string | null): void {
  const baseUrl = sb.url;
  const origin = originOf(baseUrl) ?? baseUrl;
  const title = `${PRODUCT} — ${baseUrl}`;
  const state = loadWindowState(
    stateFile,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  app.on('web-contents-created', (_event, contents) =>
    installContentsGuards(contents, {
      origin,
      childWindowOptions: childWindowOptions(PRODUCT),
      openExternal: (url) => void shell.openExternal(url).catch(() => undefined),
    }),
  );
  win = new BrowserWindow(mainWindowOptions({ state, title, icon: join(resourcesDir(), 'icons', '512x512.png') }));
  installSessionGuards(win.webContents.session, origin);
  const actions = createMenuActions({ electron, sandbox: sb, baseUrl, dataDir, window: () => win });
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(actions, { baseUrl, isMac: process.platform === 'darwin' })));
  // The title keeps showing the base URL whatever page is open.
  win.on('page-title-updated', (event) => event.preventDefault());
  win.on('close', saveWindow);
  win.on('closed', () => (win = undefined));
  win.once('ready-to-show', () => {
    if (state.maximized) win?.maximize();
    win?.show();
  });
  void win.loadURL(`${baseUrl}/`);
}

async function main(): Promise<void> {
  const args = parseDesktopArgs(process.argv.slice(app.isPackaged ? 1 : 2));
  await app.whenReady();
  const data = args.data ?? join(app.getPath('userData'), 'sandbox-data');
  sandbox = startWithPortChoice({ data, host: HOST, port: args.port, askToUseNext });
  const sb = await sandbox;
  if (!sb) return app.quit();
  openWindow(sb, data === ':memory:' ? null : data);
}

if (!app.requestSingleInstanceLock()) {
  app.quit(); // the first instance gets 'second-instance' and comes to the front
} else {
  app.on('second-instance', () => {
    if (win?.isMinimized()) win.restore();
    win?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  // Quit waits for the sandbox to close HTTP and SQLite, then exits for real.
  app.on('before-quit', (event) => {
    if (!sandbox) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    saveWindow();
    sandbox
      .then((sb) => sb?.stop())
      .catch((err: Error) => process.stderr.write(`error while stopping the sandbox: ${err.message}\n`))
      .finally(() => app.exit(0));
  });
  main().catch((err: Error) => {
    dialog.showErrorBox(`${PRODUCT} could not start`, err.message);
    app.exit(1);
  });
}
