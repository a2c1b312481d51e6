import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, fitToDisplays, loadWindowState, saveWindowState, stateFromBounds } from '../../electron/window-state.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'window-state-'));
  file = join(dir, 'userData', 'window-state.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];

describe('window state persistence', () => {
  it('a saved size and position come back on the next start', () => {
    saveWindowState(file, { x: 100, y: 50, width: 1100, height: 700, maximized: true });
    expect(loadWindowState(file, screen)).toEqual({ x: 100, y: 50, width: 1100, height: 700, maximized: true });
  });

  it('a missing file gives the default window', () => {
    expect(loadWindowState(file, screen)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('a corrupt file gives the default window instead of failing', () => {
    saveWindowState(file, { width: 900, height: 600, maximized: false });
    writeFileSync(file, '{"width": 9');
    expect(loadWindowState(file, screen)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('a hand-edited file with wrong types gives the default window', () => {
    saveWindowState(file, { width: 900, height: 600, maximized: false });
    writeFileSync(file, JSON.stringify({ width: '900', height: -5, maximized: 'yes' }));
    expect(loadWindowState(file, screen)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('the file is replaced whole: no temporary file is left behind', () => {
    saveWindowState(file, { width: 900, height: 600, maximized: false });
    saveWindowState(file, { width: 901, height: 601, maximized: false });
    expect(readdirSync(join(dir, 'userData'))).toEqual(['window-state.json']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ width: 901, height: 601, maximized: false });
  });

  it('an invalid state is refused before anything is written', () => {
    expect(() => saveWindowState(file, { width: Number.NaN, height: 600, maximized: false })).toThrow();
    expect(loadWindowState(file, screen)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('a position on a display that is gone is dropped, so the window opens centred and visible', () => {
    saveWindowState(file, { x: 3000, y: 200, width: 1000, height: 700, maximized: false });
    expect(loadWindowState(file, screen)).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('a position on a second display is kept', () => {
    const two = [...screen, { x: 1920, y: 0, width: 2560, height: 1440 }];
    expect(fitToDisplays({ x: 3000, y: 200, width: 1000, height: 700, maximized: false }, two)).toMatchObject({ x: 3000, y: 200 });
  });

  it('a size larger than every display shrinks to fit', () => {
    expect(fitToDisplays({ width: 5000, height: 4000, maximized: false }, screen)).toEqual({ width: 1920, height: 1080, maximized: false });
  });

  it('fractional bounds are saved as whole pixels', () => {
    expect(stateFromBounds({ x: 10.4, y: 20.6, width: 800.5, height: 600.2 }, false)).toEqual({
      x: 10,
      y: 21,
      width: 801,
      height: 600,
      maximized: false,
    });
  });
});
