import { describe, expect, it } from 'vitest';
import type { MenuItemOptions } from '../../electron/electron-types.js';
import { buildMenuTemplate, type MenuActions } from '../../electron/menu.js';

const BASE = 'http://127.0.0.1:4010';

function recordingActions() {
  const calls: string[] = [];
  const actions: MenuActions = {
    copyBaseUrl: () => void calls.push('copy'),
    openConsoleInBrowser: () => void calls.push('browser'),
    openDataFolder: () => void calls.push('folder'),
    exportData: () => void calls.push('export'),
    resetData: () => void calls.push('reset'),
  };
  return { actions, calls };
}

const items = (t: MenuItemOptions[]) => t.flatMap((m) => m.submenu ?? []);
const byLabel = (t: MenuItemOptions[], re: RegExp) => items(t).find((i) => i.label && re.test(i.label));

describe('application menu', () => {
  it('shows the base URL in the menu', () => {
    const t = buildMenuTemplate(recordingActions().actions, { baseUrl: BASE, isMac: false });
    expect(byLabel(t, /Copy base URL/)?.label).toContain(BASE);
  });

  it('each desktop item runs its own action', () => {
    const { actions, calls } = recordingActions();
    const t = buildMenuTemplate(actions, { baseUrl: BASE, isMac: false });
    for (const re of [/Copy base URL/, /console in browser/, /data folder/, /Export/, /Reset/]) byLabel(t, re)?.click?.();
    expect(calls).toEqual(['copy', 'browser', 'folder', 'export', 'reset']);
  });

  it('destructive or file-choosing items say so with an ellipsis (they ask first)', () => {
    const t = buildMenuTemplate(recordingActions().actions, { baseUrl: BASE, isMac: false });
    expect(byLabel(t, /Reset/)?.label).toMatch(/…$/);
    expect(byLabel(t, /Export/)?.label).toMatch(/…$/);
  });

  it('macOS gets the app menu; other systems a Quit item in the Sandbox menu', () => {
    const mac = buildMenuTemplate(recordingActions().actions, { baseUrl: BASE, isMac: true });
    const other = buildMenuTemplate(recordingActions().actions, { baseUrl: BASE, isMac: false });
    expect(mac[0]?.role).toBe('appMenu');
    expect(items(other).some((i) => i.role === 'quit')).toBe(true);
    expect(other.some((m) => m.role === 'appMenu')).toBe(false);
  });

  it('keeps the Edit menu, so copy and paste work in the console on macOS', () => {
    const t = buildMenuTemplate(recordingActions().actions, { baseUrl: BASE, isMac: true });
    expect(t.some((m) => m.role === 'editMenu')).toBe(true);
  });
});
