import { describe, expect, it } from 'vitest';
import { childWindowOptions, mainWindowOptions, MIN_HEIGHT, MIN_WIDTH, secureWebPreferences } from '../../electron/window-options.js';

describe('window options', () => {
  it('the renderer is isolated: contextIsolation and sandbox on, Node integration off everywhere', () => {
    const p = mainWindowOptions({ state: { width: 1200, height: 800, maximized: false }, title: 't' }).webPreferences;
    expect(p.contextIsolation).toBe(true);
    expect(p.sandbox).toBe(true);
    expect(p.nodeIntegration).toBe(false);
    expect(p.nodeIntegrationInWorker).toBe(false);
    expect(p.nodeIntegrationInSubFrames).toBe(false);
  });

  it('web security stays on: same-origin policy, no insecure content, no experimental features, no webview', () => {
    const p = secureWebPreferences();
    expect(p.webSecurity).toBe(true);
    expect(p.allowRunningInsecureContent).toBe(false);
    expect(p.experimentalFeatures).toBe(false);
    expect(p.webviewTag).toBe(false);
    expect(p.navigateOnDragDrop).toBe(false);
  });

  it('middle-click (auxclick) is disabled, so it cannot open windows', () => {
    expect(secureWebPreferences().disableBlinkFeatures).toBe('Auxclick');
  });

  it('no preload is set unless one is given', () => {
    expect('preload' in secureWebPreferences()).toBe(false);
    expect(secureWebPreferences('/x/preload.cjs').preload).toBe('/x/preload.cjs');
  });

  it('the window starts hidden (shown when painted) at the remembered position and size', () => {
    const o = mainWindowOptions({
      state: { x: 10, y: 20, width: 1000, height: 700, maximized: false },
      title: 'Pasarela — http://127.0.0.1:4010',
    });
    expect(o).toMatchObject({ x: 10, y: 20, width: 1000, height: 700, show: false, title: 'Pasarela — http://127.0.0.1:4010' });
  });

  it('without a remembered position the window is left for Electron to centre', () => {
    const o = mainWindowOptions({ state: { width: 1000, height: 700, maximized: false }, title: 't' });
    expect('x' in o || 'y' in o).toBe(false);
  });

  it('a remembered size below the minimum is raised to it', () => {
    const o = mainWindowOptions({ state: { width: 100, height: 50, maximized: false }, title: 't' });
    expect([o.width, o.height]).toEqual([MIN_WIDTH, MIN_HEIGHT]);
  });

  it('windows the console opens get the same security preferences', () => {
    expect(childWindowOptions('x').webPreferences).toEqual(secureWebPreferences());
  });
});
