import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);

interface BuilderConfig {
  appId?: string;
  productName?: string;
  electronVersion?: string;
  files?: (string | { filter: string[] })[];
  asarUnpack?: string[];
  npmRebuild?: boolean;
  linux?: { target?: string[]; icon?: string };
  win?: { target?: string[]; icon?: string };
  mac?: { target?: string[]; icon?: string };
  electronFuses?: Record<string, boolean>;
}

// electron-builder's own loader and schema check (app-builder-lib ships with electron-builder).
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig: (dir: string, file: string, extra: null) => Promise<BuilderConfig>;
  validateConfiguration: (c: BuilderConfig, logger: unknown) => Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
/** The config as written (validation normalises it in place, so each caller gets a fresh copy). */
const loadConfig = () => getConfig(root, 'electron-builder.yml', null);

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  optionalDependencies?: Record<string, string>;
};

describe('packaging', () => {
  it('electron-builder.yml passes electron-builder schema validation', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config).toMatchObject({ appId: 'com.pasarela.sandbox', productName: 'Pasarela Sandbox' });
  });

  it('builds AppImage and deb for Linux, nsis for Windows, dmg for macOS', async () => {
    const c = await loadConfig();
    expect(c.linux?.target).toEqual(['AppImage', 'deb']);
    expect(c.win?.target).toEqual(['nsis']);
    expect(c.mac?.target).toEqual(['dmg']);
  });

  it('ships the built server, console and resources, with better-sqlite3 unpacked and rebuilt for Electron', async () => {
    const c = await loadConfig();
    const files = (c.files ?? []).flatMap((f) => (typeof f === 'string' ? [f] : f.filter));
    expect(files).toEqual(expect.arrayContaining(['package.json', 'dist/node/**', 'dist/renderer/**', 'resources/**']));
    expect(c.asarUnpack).toContain('node_modules/better-sqlite3/**');
    expect(c.npmRebuild).toBe(true);
  });

  it('the entry point is the built Electron main', () => {
    expect(pkg.main).toBe('dist/node/electron/main.js');
  });

  it('the stated Electron version is inside the range package.json asks for', async () => {
    const c = await loadConfig();
    const major = /\d+/.exec(pkg.optionalDependencies?.electron ?? '')?.[0];
    expect(c.electronVersion?.split('.')[0]).toBe(major);
  });

  it('the packaged binary cannot be run as plain Node', async () => {
    const c = await loadConfig();
    expect(c.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it.each([256, 512])('the %ipx icon is a real square PNG of that size', (size) => {
    const png = PNG.sync.read(readFileSync(join(root, 'resources', 'icons', `${size}x${size}.png`)));
    expect([png.width, png.height]).toEqual([size, size]);
  });

  it('the Windows and macOS icons exist in their own formats', async () => {
    const c = await loadConfig();
    const ico = readFileSync(join(root, c.win!.icon!));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const icns = readFileSync(join(root, c.mac!.icon!));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(existsSync(join(root, c.linux!.icon!, '512x512.png'))).toBe(true);
  });
});
