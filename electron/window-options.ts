// The window's options in one pure function, so the security preferences are unit-tested and the
// same preferences apply to every window the console opens.
import type { BrowserWindowOptions, WebPreferences } from './electron-types.js';
import type { WindowState } from './window-state.js';

export const MIN_WIDTH = 800;
export const MIN_HEIGHT = 560;

/**
 * Electron's security checklist, spelled out even where it is already the default, so a future
 * Electron default change or a careless edit shows up in the unit test.
 */
export function secureWebPreferences(preload?: string): WebPreferences {
  return {
    ...(preload ? { preload } : {}),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    // Dropping a file on the window would navigate to file://; the guards refuse it, this avoids the attempt.
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    // A middle click would otherwise be one more way to ask for a new window.
    disableBlinkFeatures: 'Auxclick',
  };
}

export interface WindowInput {
  state: WindowState;
  title: string;
  /** Path of the sandboxed preload script, if any. */
  preload?: string;
  /** Window icon (Linux; Windows and macOS take it from the packaged app). */
  icon?: string;
}

/** Options of the main window: remembered bounds, hidden until painted, secure preferences. */
export function mainWindowOptions(input: WindowInput): BrowserWindowOptions {
  const { state } = input;
  return {
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: Math.max(state.width, MIN_WIDTH),
    height: Math.max(state.height, MIN_HEIGHT),
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    // Shown on 'ready-to-show', so the user never sees an empty white frame.
    show: false,
    title: input.title,
    ...(input.icon ? { icon: input.icon } : {}),
    backgroundColor: '#0f172a',
    webPreferences: secureWebPreferences(input.preload),
  };
}

/** Options of a same-origin window the console opens (a checkout page): same preferences, no preload. */
export function childWindowOptions(title: string): BrowserWindowOptions {
  return { width: 1000, height: 760, title, webPreferences: secureWebPreferences() };
}
