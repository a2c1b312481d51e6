import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseDesktopArgs } from '../../electron/desktop-args.js';

describe('desktop command-line options', () => {
  it('defaults to port 4010 and the userData data folder', () => {
    expect(parseDesktopArgs([])).toEqual({ port: DEFAULT_PORT });
  });

  it('reads --port and --data in both spellings', () => {
    expect(parseDesktopArgs(['--port', '0', '--data=:memory:'])).toEqual({ port: 0, data: ':memory:' });
  });

  it("ignores Electron's and Chromium's own switches and the app path", () => {
    expect(parseDesktopArgs(['.', '--no-sandbox', '--enable-logging', '--port=4020'])).toEqual({ port: 4020 });
  });

  it.each([['--port', 'abc'], ['--port=70000'], ['--port=-1'], ['--port='], ['--port'], ['--port=1.5']])(
    'refuses %s with a one-line message',
    (...argv) => {
      expect(() => parseDesktopArgs(argv)).toThrow(/^--port (must|needs)/);
    },
  );

  it('refuses an empty --data', () => {
    expect(() => parseDesktopArgs(['--data='])).toThrow(/^--data must not be empty/);
  });
});
